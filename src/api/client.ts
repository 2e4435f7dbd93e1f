import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { ClientError, GraphQLClient } from 'graphql-request';
import type { ServerErrorShape } from '../domain/errors';
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

function toApiError(error: unknown, token: string | null): ApiError {
  if (error instanceof ClientError) {
    const first = error.response.errors?.[0];
    if (!first) return new ApiError({ code: 'InternalError', message: `HTTP ${error.response.status}` }, error.response.status >= 500);
    const ext = (first.extensions ?? {}) as Record<string, string | null | undefined>;
    const shape: ServerErrorShape = {
      code: ext.code,
      reason: ext.reason,
      field: ext.field,
      messageId: ext.messageId,
      message: first.message,
    };
    if (typeof first.extensions?.expectedSeq === 'number') shape.expectedSeq = first.extensions.expectedSeq;
    // Only the current session's token refused counts: not one being signed out, nor an earlier session's.
    if (ext.code === 'Unauthenticated' && token && token === getToken() && !signingOut.has(token)) onUnauthenticated();
    return new ApiError(shape, false);
  }
  // fetch rejects with TypeError when the network is down.
  return new ApiError({ code: 'Offline', message: String(error) }, true);
}
