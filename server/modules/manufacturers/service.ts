import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { addManufacturerSchema, deleteManufacturerSchema, updateManufacturerSchema } from '../../../src/domain/schemas/manufacturer';
import { manufacturers } from '../../db/schema';
import { refused } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { manufacturerRow } from '../../sync/rows';
import { requireSetupWriter } from '../cabinets/service';

/** Manufacturers (part 2 §2, §5, §7, §8). Administrators and sysadmins write; masters only read. */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type ManufacturerDbRow = typeof manufacturers.$inferSelect;

const view = (row: ManufacturerDbRow) => ({ ...manufacturerRow(row), rev: row.rev });

async function find(w: Writer, id: string): Promise<ManufacturerDbRow> {
  const [row] = await w.tx.select().from(manufacturers).where(and(eq(manufacturers.id, id), eq(manufacturers.salonId, w.salonId), isNull(manufacturers.deletedAt)));
  if (!row) throw refused('manufacturerNotExists');
  return row;
}

/** No other live manufacturer of the salon has the name (case and outer spaces ignored). */
async function assertNameFree(w: Writer, name: string, exceptId: string | null) {
  const [taken] = await w.tx
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .where(and(
      eq(manufacturers.salonId, w.salonId), isNull(manufacturers.deletedAt), exceptId ? ne(manufacturers.id, exceptId) : undefined,
      sql`lower(trim(${manufacturers.name})) = ${name.trim().toLocaleLowerCase()}`,
    ));
  if (taken) throw refused('manufacturerNameTaken');
}

export async function addManufacturer(w: Writer, input: In<typeof addManufacturerSchema>) {
  requireSetupWriter(w, input.salon);
  const rev = await w.rev();
  const [taken] = await w.tx.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.id, input.id));
  if (taken) throw refused('idTaken');
  await assertNameFree(w, input.name, null);
  const [row] = await w.tx.insert(manufacturers).values({ id: input.id, salonId: w.salonId, name: input.name, rev }).returning();
  return view(row as ManufacturerDbRow);
}

export async function updateManufacturer(w: Writer, input: In<typeof updateManufacturerSchema>) {
  requireSetupWriter(w);
  const rev = await w.rev();
  const current = await find(w, input.manufacturerId);
  await assertNameFree(w, input.name, current.id);
  const [row] = await w.tx.update(manufacturers).set({ name: input.name, rev }).where(eq(manufacturers.id, current.id)).returning();
  return view(row as ManufacturerDbRow);
}

/** Soft delete: products keep their manufacturer (shown only as a current value, part 2 §5). */
export async function deleteManufacturer(w: Writer, input: In<typeof deleteManufacturerSchema>) {
  requireSetupWriter(w);
  const rev = await w.rev();
  const current = await find(w, input.manufacturerId);
  await w.tx.update(manufacturers).set({ deletedAt: new Date(), rev }).where(eq(manufacturers.id, current.id));
  return { manufacturerId: current.id };
}
