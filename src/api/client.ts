import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { ClientError, GraphQLClient } from 'graphql-request';
import { errorShapeOf } from '../domain/errors';
import { ApiError } from './api-error';

export { ApiError };

import { apiConfig } from './config';

/**
 * The typed GraphQL client (HTTP). The token comes from the session through `configureApi` (./config), so
 * this layer knows nothing of storage. Requests carry the panel marker and the session role (part 1 §6).
 */
const getToken = () => apiConfig.getToken();
const getRole = () => apiConfig.getRole();
const onUnauthenticated = () => apiConfig.onUnauthenticated();

/** Tokens this app is signing out with: the server refusing them afterwards is expected, not a lost session. */
const signingOut = new Set<string>();

/**
 * Marks `token` as being signed out before the logout request revokes it, so a sync request still in flight
 * with it does not take its 401 for an expired session and ask to sign in again over the landing page.
 */
export function signingOutWith(token: string): void {
  signingOut.add(token);
}

const endpoint = () => `${apiConfig.baseUrl ?? globalThis.location?.origin ?? 'http://localhost:4000'}/graphql`;

export async function request<R, V extends object>(document: TypedDocumentNode<R, V>, variables: V): Promise<R> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError({ code: 'Offline' }, true);
  const token = getToken();
  const headers: Record<string, string> = { 'x-panel': 'frontend' };
  if (token) headers.authorization = `Bearer ${token}`;
  const role = getRole();
  if (role) headers['x-role'] = role;
  const client = new GraphQLClient(endpoint(), { headers });
  try {
    return await client.request<R, V>({ document, variables } as never);
  } catch (error) {
    throw toApiError(error, token);
  }
}

/**
 * A mutation carrying a file (a seminar's banner) as a GraphQL multipart request (the spec graphql-yoga reads):
 * the operation with `variables[fileVariable]` null, the map, and the file. Errors are the same ApiError shapes.
 */
export async function requestWithFile<R, V extends object>(
  document: TypedDocumentNode<R, V>,
  variables: V,
  fileVariable: string,
  file: File | null,
): Promise<R> {
  if (!file) return request(document, variables);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError({ code: 'Offline' }, true);
  const token = getToken();
  const headers: Record<string, string> = { 'x-panel': 'frontend' };
  if (token) headers.authorization = `Bearer ${token}`;
  const role = getRole();
  if (role) headers['x-role'] = role;
  const body = new FormData();
  body.append('operations', JSON.stringify({ query: print(document), variables: { ...variables, [fileVariable]: null } }));
  body.append('map', JSON.stringify({ 0: [`variables.${fileVariable}`] }));
  body.append('0', file, file.name);
  let response: Response;
  try {
    response = await fetch(endpoint(), { method: 'POST', headers, body });
  } catch (error) {
    throw new ApiError({ code: 'Offline', message: String(error) }, true);
  }
  const json = (await response.json().catch(() => null)) as { data?: R; errors?: GraphQLErrorShape[] } | null;
  const first = json?.errors?.[0];
  if (first) {
    const ext = first.extensions ?? {};
    if (ext.code === 'Unauthenticated' && token && token === getToken() && !signingOut.has(token)) onUnauthenticated();
    throw new ApiError(errorShapeOf(first.message, ext), false);
  }
  if (!json?.data) throw new ApiError({ code: 'InternalError', message: `HTTP ${response.status}` }, response.status >= 500);
  return json.data;
}

interface GraphQLErrorShape {
  message: string;
  extensions?: Record<string, string | null | undefined>;
}

function toApiError(error: unknown, token: string | null): ApiError {
  if (error instanceof ClientError) {
    const first = error.response.errors?.[0];
    if (!first) return new ApiError({ code: 'InternalError', message: `HTTP ${error.response.status}` }, error.response.status >= 500);
    const ext = (first.extensions ?? {}) as Record<string, unknown>;
    // Only the current session's token refused counts: not one being signed out, nor an earlier session's.
    if (ext.code === 'Unauthenticated' && token && token === getToken() && !signingOut.has(token)) onUnauthenticated();
    return new ApiError(errorShapeOf(first.message, ext), false);
  }
  // fetch rejects with TypeError when the network is down.
  return new ApiError({ code: 'Offline', message: String(error) }, true);
}
