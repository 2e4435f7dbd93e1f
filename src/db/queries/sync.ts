import type { Conflict, OutboxEntry, SalonDb } from '../salon-db';

/* Reads of the sync bookkeeping for screens: unconfirmed commands (outbox) and refused ones (conflicts). */

/** Commands the server has not confirmed yet (by seq). */
export function unconfirmedCommands(db: SalonDb): Promise<OutboxEntry[]> {
  return db.outbox.filter((e) => e.ackedAt === null).toArray();
}

/** How many commands the server has not confirmed yet. */
export async function unconfirmedCount(db: SalonDb): Promise<number> {
  // The ackedAt index holds the acknowledged entries only: two key counts, no entry read.
  const [all, acked] = await Promise.all([db.outbox.count(), db.outbox.where('ackedAt').aboveOrEqual(0).count()]);
  return all - acked;
}

/** The refused commands, newest first. */
export function conflictsNewestFirst(db: SalonDb): Promise<Conflict[]> {
  return db.conflicts.orderBy('createdAt').reverse().toArray();
}
