import { and, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import { checkAddManufacturer, checkDeleteManufacturer, checkUpdateManufacturer } from '../../../src/domain/commands/inventory';
import type { addManufacturerSchema, deleteManufacturerSchema, updateManufacturerSchema } from '../../../src/domain/schemas/manufacturer';
import { manufacturers } from '../../db/schema';
import type { Writer } from '../../sync/command';
import { manufacturerRow } from '../../sync/rows';
import { actorOf, check } from '../appointments/service';

/**
 * Manufacturers (part 2 §2, §5, §7, §8). Administrators and sysadmins write; masters only read. The rules are
 * the shared checks (src/domain/commands/inventory.ts), read here inside the command's transaction.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type ManufacturerDbRow = typeof manufacturers.$inferSelect;

const view = (row: ManufacturerDbRow) => ({ ...manufacturerRow(row), rev: row.rev });

/** A live manufacturer of the salon exists. */
async function exists(w: Writer, id: string): Promise<boolean> {
  const [row] = await w.tx
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .where(and(eq(manufacturers.id, id), eq(manufacturers.salonId, w.salonId), isNull(manufacturers.deletedAt)));
  return Boolean(row);
}

/** The salon's live manufacturers' names. */
const names = (w: Writer) =>
  w.tx
    .select({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers)
    .where(and(eq(manufacturers.salonId, w.salonId), isNull(manufacturers.deletedAt)));

export async function addManufacturer(w: Writer, input: In<typeof addManufacturerSchema>) {
  const rev = await w.rev();
  // Ids are global: an id taken in any salon, even by a deleted manufacturer, is refused.
  const [taken] = await w.tx.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.id, input.id));
  check(checkAddManufacturer(input, actorOf(w), { idTaken: Boolean(taken), manufacturers: await names(w) }));
  const [row] = await w.tx.insert(manufacturers).values({ id: input.id, salonId: w.salonId, name: input.name, rev }).returning();
  return view(row as ManufacturerDbRow);
}

export async function updateManufacturer(w: Writer, input: In<typeof updateManufacturerSchema>) {
  const rev = await w.rev();
  check(checkUpdateManufacturer(input, actorOf(w), { exists: await exists(w, input.manufacturerId), manufacturers: await names(w) }));
  const [row] = await w.tx
    .update(manufacturers)
    .set({ name: input.name, rev })
    .where(eq(manufacturers.id, input.manufacturerId))
    .returning();
  return view(row as ManufacturerDbRow);
}

/** Soft delete: products keep their manufacturer (shown only as a current value, part 2 §5). */
export async function deleteManufacturer(w: Writer, input: In<typeof deleteManufacturerSchema>) {
  const rev = await w.rev();
  check(checkDeleteManufacturer(actorOf(w), { exists: await exists(w, input.manufacturerId) }));
  await w.tx.update(manufacturers).set({ deletedAt: new Date(), rev }).where(eq(manufacturers.id, input.manufacturerId));
  return { manufacturerId: input.manufacturerId };
}
