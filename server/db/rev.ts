import { eq, sql } from 'drizzle-orm';
import type { Tx } from './client';
import { rowsOf } from './migrate';
import { salons } from './schema';

/**
 * Bumps the salon's change counter inside the writing transaction (DESIGN.md §4). The row lock it takes
 * serialises the salon's writes, so a reader's cursor never skips a row committed late.
 */
export async function bumpRev(tx: Tx, salonId: string): Promise<number> {
  return (await bumpRevReading(tx, salonId)).rev;
}

/**
 * The same bump, returning the salon's settings and time zone as locked by it (one statement for a command).
 * `by` reserves that many revs at once (a run of commands, server/sync/command.ts); the last is returned.
 */
export async function bumpRevReading(tx: Tx, salonId: string, by = 1): Promise<{ rev: number; settings: unknown; timeZone: string }> {
  // Written as SQL: every command runs it, and drizzle's building of the update cost more than its answer (decision 095).
  const [row] = rowsOf<{ rev: string | number; settings: unknown; time_zone: string }>(
    await tx.execute(sql`update ${salons} set rev = rev + ${by} where id = ${salonId} returning rev, settings, time_zone`),
  );
  if (!row) throw new Error(`salon ${salonId} not found`);
  // bigint comes as a string from node-postgres, as a number from PGlite.
  return { rev: Number(row.rev), settings: row.settings, timeZone: row.time_zone };
}

/** Gives back the revs a run reserved and did not use: the salon's counter ends at the last rev written. */
export async function settleRev(tx: Tx, salonId: string, lastUsed: number): Promise<void> {
  await tx.update(salons).set({ rev: lastUsed }).where(eq(salons.id, salonId));
}
