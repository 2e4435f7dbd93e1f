import { confirmedCopies, MirrorWrites, rebase } from '../db/commands/run';
import type { BaseEntry, SalonDb } from '../db/salon-db';
import { pageReader } from './page-reader';
import { PULL_PAGE_SIZE } from './pull-request';
import { PULL_SPANS, timed } from './timing';
import type { EarlyFirstPage } from './early-first-page';
import type { PullPage, Transport } from './transport';

/** Pages fetched and waiting to be written, at most (page-reader.ts). */
const PAGES_AHEAD = 2;
export const cursorKey = (salonId: string) => `cursor:${salonId}`;

/**
 * Applies one page together with its cursor, in one transaction (DESIGN.md §5.6). A row a pending
 * command changed goes into `base` and the outbox is replayed on top, so a pull never loses a pending change.
 */
export async function applyPullPage(db: SalonDb, salonId: string, page: PullPage, retire?: { ackedUpTo: number }): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const keys = page.changes.map((c) => `${c.entity}:${c.id}`);
    const baseCount = await db.base.count();
    const bases = baseCount > 0 ? await db.base.bulkGet(keys) : [];
    // The last page retires the commands confirmed before the pull began (their rows now hold their effect),
    // so one re-base serves both.
    const retired = retire ? await retiredEntries(db, retire.ackedUpTo) : [];
    // None pending after it (a drained backlog): the re-base would put every confirmed copy back and replay
    // nothing, so the page's rows go straight to the mirror and the other copies back, with no re-base.
    const nonePending = retired.length > 0 && (await db.outbox.count()) === retired.length;
    const writes = new MirrorWrites();
    const baseUpdates: BaseEntry[] = [];
    page.changes.forEach(({ entity, id, data: row }, i) => {
      const base = bases[i];
      if (base && !nonePending) baseUpdates.push({ ...base, row });
      else if (row) writes.put(entity, row);
      else writes.remove(entity, id);
    });
    if (nonePending && baseCount > bases.filter(Boolean).length) await confirmedCopies(db, writes, new Set(keys));
    // The server sends each row once per page (its state at the page's snapshot).
    await writes.write(db);
    if (baseUpdates.length > 0) await db.base.bulkPut(baseUpdates);
    await db.meta.put({ key: cursorKey(salonId), value: page.cursor });
    if (retired.length > 0) await db.outbox.bulkDelete(retired);
    if (nonePending) await db.base.clear();
    else if (baseUpdates.length > 0 || retired.length > 0) await rebase(db);
  });
}

/** Entries acknowledged up to `ackedUpTo`, by the ackedAt index (which holds acknowledged entries only). */
const retiredEntries = (db: SalonDb, ackedUpTo: number) => db.outbox.where('ackedAt').belowOrEqual(ackedUpTo).primaryKeys();

/**
 * Pulls every page since the stored cursor. Commands the server confirmed before this pull began leave
 * the outbox with its last page: the pulled rows now hold their effect, so the mirror equals the server's rows.
 * `early` is a first page asked for before the mirror opened: used only for a pull from nothing on a mirror that
 * no confirmed command changed, since that page may be older than any command confirmed since.
 */
export function pullAll(
  db: SalonDb,
  transport: Transport,
  salonId: string,
  onProgress?: (cursor: number, salonRev: number) => void,
  early?: EarlyFirstPage | null,
): Promise<void> {
  return timed(PULL_SPANS.all, () => pullPages(db, transport, salonId, onProgress, early ?? null));
}

async function pullPages(
  db: SalonDb,
  transport: Transport,
  salonId: string,
  onProgress: ((cursor: number, salonRev: number) => void) | undefined,
  early: EarlyFirstPage | null,
): Promise<void> {
  const ackedBefore = (await db.getMeta<number>('ackCounter')) ?? 0;
  const cursor = (await db.getMeta<number>(cursorKey(salonId))) ?? 0;
  let first = cursor === 0 && ackedBefore === 0 ? early : null;
  const fetchPage = (from: number) => {
    const asked = first;
    first = null;
    return asked ?? transport.pull(salonId, from, PULL_PAGE_SIZE);
  };
  // The next pages are fetched while this one is written: the server, the network and JSON parsing overlap
  // IndexedDB (page-reader.ts). Each page still lands with its own cursor in one transaction, in order; a failure
  // anywhere stops the pull, and the next one starts again from the stored cursor.
  const pages = pageReader(fetchPage, cursor, PAGES_AHEAD);
  const target = db.forPull();
  try {
    for (;;) {
      const page = await timed(PULL_SPANS.wait, () => pages.next());
      const last = page.hasMore ? undefined : { ackedUpTo: ackedBefore };
      await timed(PULL_SPANS.apply, () => applyPullPage(target, salonId, page, last));
      onProgress?.(page.cursor, page.salonRev);
      if (!page.hasMore) break;
    }
  } finally {
    pages.stop();
  }
  await db.meta.put({ key: 'lastSyncedAt', value: new Date().toISOString() });
}
