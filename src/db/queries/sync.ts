import type { Conflict, OutboxEntry, SalonDb } from '../salon-db';

/* Reads of the sync bookkeeping for screens: unconfirmed commands (outbox) and refused ones (conflicts). */

/** Commands the server has not confirmed yet (by seq). */
export function unconfirmedCommands(db: SalonDb): Promise<OutboxEntry[]> {
  return db.outbox.filter((e) => e.ackedAt === null).toArray();
}

/** How many commands the server has not confirmed yet. */
export function unconfirmedCount(db: SalonDb): Promise<number> {
  return db.outbox.filter((e) => e.ackedAt === null).count();
}

/** The refused commands, newest first. */
export function conflictsNewestFirst(db: SalonDb): Promise<Conflict[]> {
  return db.conflicts.orderBy('createdAt').reverse().toArray();
}
