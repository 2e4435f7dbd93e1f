import { eq, sql } from 'drizzle-orm';
import type { Tx } from './client';
import { salons } from './schema';

/**
 * Bumps the salon's change counter inside the writing transaction (DESIGN.md §4). The row lock it takes
 * serialises the salon's writes, so a reader's cursor never skips a row committed late.
 */
export async function bumpRev(tx: Tx, salonId: string): Promise<number> {
  const rows = await tx
    .update(salons)
    .set({ rev: sql`${salons.rev} + 1` })
    .where(eq(salons.id, salonId))
    .returning({ rev: salons.rev });
  const rev = rows[0]?.rev;
  if (rev === undefined) throw new Error(`salon ${salonId} not found`);
  return rev;
}
