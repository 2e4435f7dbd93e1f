import { rebase } from '../db/commands/run';
import type { BaseEntry, SalonDb } from '../db/salon-db';
import { PULL_SPANS, timed } from './timing';
import type { PullPage, Transport } from './transport';

export const PULL_PAGE_SIZE = 5000;
export const cursorKey = (salonId: string) => `cursor:${salonId}`;

/**
 * Applies one page together with its cursor, in one transaction (DESIGN.md §5.6). A row a pending
 * command changed goes into `base` and the outbox is replayed on top, so a pull never loses a pending change.
 */
export async function applyPullPage(db: SalonDb, salonId: string, page: PullPage): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const keys = page.changes.map((c) => `${c.entity}:${c.id}`);
    const bases = (await db.base.count()) > 0 ? await db.base.bulkGet(keys) : [];
    const puts = new Map<string, unknown[]>();
    const deletes = new Map<string, string[]>();
    const baseUpdates: BaseEntry[] = [];
    page.changes.forEach((change, i) => {
      const row = change.deleted ? null : change.data;
      const base = bases[i];
      if (base) baseUpdates.push({ ...base, row });
      else if (row) (puts.get(change.entity) ?? puts.set(change.entity, []).get(change.entity))?.push(row);
      else (deletes.get(change.entity) ?? deletes.set(change.entity, []).get(change.entity))?.push(change.id);
    });
    // The server sends each row once per page (its state at the page's snapshot).
    for (const [entity, rows] of puts) await db.table(entity).bulkPut(rows);
    for (const [entity, ids] of deletes) await db.table(entity).bulkDelete(ids);
    if (baseUpdates.length > 0) await db.base.bulkPut(baseUpdates);
    await db.meta.put({ key: cursorKey(salonId), value: page.cursor });
    if (baseUpdates.length > 0) await rebase(db);
  });
}

/**
 * Pulls every page since the stored cursor. Commands the server confirmed before this pull began leave
 * the outbox at its end: the pulled rows now hold their effect, so the mirror equals the server's rows.
 */
export async function pullAll(
  db: SalonDb,
  transport: Transport,
  salonId: string,
  onProgress?: (cursor: number, salonRev: number) => void,
): Promise<void> {
  const ackedBefore = (await db.getMeta<number>('ackCounter')) ?? 0;
  const cursor = (await db.getMeta<number>(cursorKey(salonId))) ?? 0;
  // The next page is fetched while this one is written: the network (and JSON parsing) overlaps IndexedDB.
  // Each page still lands with its own cursor in one transaction, in order; a failure anywhere stops the
  // pull, and the next one starts again from the stored cursor.
  const fetchPage = (from: number) => {
    const request = transport.pull(salonId, from, PULL_PAGE_SIZE);
    request.catch(() => undefined); // awaited below; never an unhandled rejection while a page is written
    return request;
  };
  let next = fetchPage(cursor);
  for (;;) {
    const page = await timed(PULL_SPANS.wait, () => next);
    if (page.hasMore) next = fetchPage(page.cursor);
    await timed(PULL_SPANS.apply, () => applyPullPage(db, salonId, page));
    onProgress?.(page.cursor, page.salonRev);
    if (!page.hasMore) break;
  }
  await db.transaction('rw', db.tables, async () => {
    const done = await db.outbox.filter((e) => e.ackedAt !== null && e.ackedAt <= ackedBefore).primaryKeys();
    if (done.length === 0) return;
    await db.outbox.bulkDelete(done);
    await rebase(db);
  });
  await db.meta.put({ key: 'lastSyncedAt', value: new Date().toISOString() });
}
