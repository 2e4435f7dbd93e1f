import { expect } from 'vitest';
import { changesOfTables } from '../../src/sync/pull-tables';
import { ok, type Loose } from './graphql';
import { PULL } from './operations';
import type { TestServer } from './server';

export interface PulledChange {
  entity: string;
  id: string;
  rev: number;
  deleted: boolean;
  data: Loose;
}
export interface Pulled {
  pages: Array<{ changes: PulledChange[]; cursor: number; hasMore: boolean; salonRev: number }>;
  /** The mirror after applying every page in order: `${entity}:${id}` → row. */
  mirror: Map<string, Loose>;
  cursor: number;
}

/** Pulls every page from `cursor` as the sync engine does, applying each onto `mirror`. */
export async function pullAll(
  t: Pick<TestServer, 'gql'>,
  token: string,
  salon: string,
  options: { cursor?: number; limit?: number; mirror?: Map<string, Loose> } = {},
): Promise<Pulled> {
  const mirror = options.mirror ?? new Map<string, Loose>();
  const pages: Pulled['pages'] = [];
  let cursor = options.cursor ?? 0;
  for (let i = 0; i < 10_000; i++) {
    const page = ok(await t.gql(PULL, { input: { salon, cursor, limit: options.limit } }, token)).pull;
    const changes: PulledChange[] = page.changes.map(({ row, data, ...c }: Loose) => {
      expect(data === null ? null : JSON.parse(data), 'data is the row as JSON text').toEqual(row);
      return { ...c, data: row };
    });
    // The app asks for `tables` (decision 067): the same changes, each row the same object with its keys in order.
    const byKey = (list: { entity: string; id: string; data: unknown }[]) =>
      list
        .map((c) => ({ key: `${c.entity}:${c.id}`, data: c.data, keys: c.data ? Object.keys(c.data) : null }))
        .sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(byKey(changesOfTables(page.tables)), 'tables hold the same changes').toEqual(
      byKey(changes.map((c) => ({ ...c, data: c.deleted ? null : c.data }))),
    );
    for (const c of changes) {
      if (c.deleted) mirror.delete(`${c.entity}:${c.id}`);
      else mirror.set(`${c.entity}:${c.id}`, c.data);
    }
    expect(page.cursor, 'cursors never go back').toBeGreaterThanOrEqual(cursor);
    pages.push({ ...page, changes });
    cursor = page.cursor;
    if (!page.hasMore) return { pages, mirror, cursor };
  }
  throw new Error('pull never ended');
}

/** Ids of the mirror's rows of one entity. */
export const idsOf = (mirror: Map<string, Loose>, entity: string): string[] =>
  [...mirror.keys()]
    .filter((k) => k.startsWith(`${entity}:`))
    .map((k) => k.slice(entity.length + 1))
    .sort();
