import type { EntityName, EntityRows } from '../../domain/entities';
import type { CommandTx } from './command-tx';
import type { CommandContext } from './registry';

/**
 * Mirror reads the salon-setup commands hand to their shared checks (src/domain/commands): the mirror holds the
 * salon's live rows only (a deleted row is gone from it), so "live in the salon" is "in the mirror with this
 * salon's id".
 */
type SalonEntity = { [E in EntityName]: EntityRows[E] extends { salonId: string } ? E : never }[EntityName];

/** The row `id` if it is one of this salon's, else null. */
export async function liveRow<E extends SalonEntity>(
  tx: CommandTx,
  ctx: CommandContext,
  entity: E,
  id: string,
): Promise<EntityRows[E] | null> {
  const row = (await tx.get(entity, id)) as (EntityRows[E] & { salonId: string }) | undefined;
  return row && row.salonId === ctx.salonId ? row : null;
}

/** Those of `ids` that are rows of this salon. */
export async function knownIds(tx: CommandTx, ctx: CommandContext, entity: SalonEntity, ids: readonly string[]): Promise<string[]> {
  const rows = await Promise.all(ids.map((id) => liveRow(tx, ctx, entity, id)));
  return ids.filter((_, i) => rows[i]);
}
