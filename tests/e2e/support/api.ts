import type { APIRequestContext, Page } from '@playwright/test';
import { storedSessionToken } from './browser';

/** Calls the GraphQL endpoint directly, as another program holding `token` would. */
export async function graphql<T>(
  request: APIRequestContext,
  query: string,
  token?: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const response = await request.post('/graphql', {
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: { query, variables },
  });
  return (await response.json()) as T;
}

/** The viewer's id for a bearer token, or null when the server does not know the token. */
export async function viewerId(request: APIRequestContext, token: string): Promise<string | null> {
  const body = await graphql<{ data?: { viewer: { id: string } | null } }>(request, '{ viewer { id } }', token);
  return body.data?.viewer?.id ?? null;
}

export interface PulledRow {
  entity: string;
  id: string;
  data: Record<string, unknown>;
}

/** The signed-in page's salon as the server sends it to that user (every page of `pull`), and its token. */
export async function salonRows(page: Page): Promise<{ salonId: string; token: string; rows: PulledRow[] }> {
  const token = (await storedSessionToken(page)) as string;
  const viewer = await graphql<{ data: { viewer: { salon: { id: string } } } }>(page.request, '{ viewer { salon { id } } }', token);
  const salonId = viewer.data.viewer.salon.id;
  const rows: PulledRow[] = [];
  for (let cursor = 0, more = true; more;) {
    const body = await graphql<{
      data: {
        pull: { changes: { entity: string; id: string; deleted: boolean; data: string | null }[]; cursor: number; hasMore: boolean };
      };
    }>(
      page.request,
      `{ pull(input: { salon: "${salonId}", cursor: ${cursor}, limit: 500 }) { changes { entity id deleted data } cursor hasMore } }`,
      token,
    );
    const { changes, cursor: next, hasMore } = body.data.pull;
    for (const c of changes)
      if (!c.deleted && c.data) rows.push({ entity: c.entity, id: c.id, data: JSON.parse(c.data) as Record<string, unknown> });
    cursor = next;
    more = hasMore;
  }
  return { salonId, token, rows };
}
