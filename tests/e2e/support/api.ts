import type { APIRequestContext } from '@playwright/test';

/** Calls the GraphQL endpoint directly, as another program holding `token` would. */
export async function graphql<T>(request: APIRequestContext, query: string, token?: string): Promise<T> {
  const response = await request.post('/graphql', {
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: { query },
  });
  return (await response.json()) as T;
}

/** The viewer's id for a bearer token, or null when the server does not know the token. */
export async function viewerId(request: APIRequestContext, token: string): Promise<string | null> {
  const body = await graphql<{ data?: { viewer: { id: string } | null } }>(request, '{ viewer { id } }', token);
  return body.data?.viewer?.id ?? null;
}
