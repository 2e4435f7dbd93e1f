import { eq, sql } from 'drizzle-orm';
import type { Tx } from './client';
import { salons } from './schema';

/**
 * Bumps the salon's change counter inside the writing transaction (DESIGN.md §4). The row lock it takes
 * serialises the salon's writes, so a reader's cursor never skips a row committed late.
 */
export async function bumpRev(tx: Tx, salonId: string): Promise<number> {
  return (await bumpRevReading(tx, salonId)).rev;
}

/** The same bump, returning the salon's settings and time zone as locked by it (one statement for a command). */
export async function bumpRevReading(tx: Tx, salonId: string): Promise<{ rev: number; settings: unknown; timeZone: string }> {
  const [row] = await tx
    .update(salons)
    .set({ rev: sql`${salons.rev} + 1` })
    .where(eq(salons.id, salonId))
    .returning({ rev: salons.rev, settings: salons.settings, timeZone: salons.timeZone });
  if (!row) throw new Error(`salon ${salonId} not found`);
  return row;
}
