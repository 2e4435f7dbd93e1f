import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type * as v from 'valibot';
import { sameNameLanguage, type createCabinetSchema, type deleteCabinetSchema, type updateCabinetSchema } from '../../../src/domain/schemas/cabinet';
import { cabinets, serviceGroups } from '../../db/schema';
import { forbidden } from '../../graphql/errors';
import { refused } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { cabinetRow } from '../../sync/rows';
import { isAdministrator } from '../../../src/domain/roles';

/** Cabinet commands (part 2 §2, §5, §7, §8). Administrators and sysadmins write; masters only read. */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type CabinetDbRow = typeof cabinets.$inferSelect;

export function requireSetupWriter(w: Writer, salonId?: string) {
  if (!isAdministrator(w.viewer)) throw forbidden('MASTER_CANNOT_EDIT_SALON_SETUP');
  if (salonId !== undefined && salonId !== w.salonId) throw forbidden('NOT_THE_SESSION_SALON');
}

const view = (row: CabinetDbRow) => ({ ...cabinetRow(row), rev: row.rev });

async function findCabinet(w: Writer, id: string): Promise<CabinetDbRow> {
  const [row] = await w.tx.select().from(cabinets).where(and(eq(cabinets.id, id), eq(cabinets.salonId, w.salonId), isNull(cabinets.deletedAt)));
  if (!row) throw refused('cabinetNotExists');
  return row;
}

/** Every chosen group is a live service group of the salon. */
async function assertGroups(w: Writer, ids: string[]) {
  if (ids.length === 0) return;
  const live = await w.tx
    .select({ id: serviceGroups.id })
    .from(serviceGroups)
    .where(and(eq(serviceGroups.salonId, w.salonId), inArray(serviceGroups.id, ids), isNull(serviceGroups.deletedAt)));
  if (live.length !== ids.length) throw refused('cabinetUnknownServiceGroup');
}

/** No other live cabinet of the salon has the same name in the same language (case ignored). */
async function assertNameFree(w: Writer, nameVariants: CabinetDbRow['nameVariants'], exceptId: string | null) {
  const others = await w.tx
    .select({ nameVariants: cabinets.nameVariants })
    .from(cabinets)
    .where(and(eq(cabinets.salonId, w.salonId), isNull(cabinets.deletedAt), exceptId ? ne(cabinets.id, exceptId) : undefined));
  for (const other of others) {
    const language = sameNameLanguage(nameVariants, other.nameVariants);
    if (language) throw refused('cabinetNameTaken', { field: `nameVariants.${language}` });
  }
}

export async function createCabinet(w: Writer, input: In<typeof createCabinetSchema>) {
  requireSetupWriter(w, input.salon);
  const rev = await w.rev();
  const [taken] = await w.tx.select({ id: cabinets.id }).from(cabinets).where(eq(cabinets.id, input.id));
  if (taken) throw refused('idTaken');
  await assertGroups(w, input.serviceGroups);
  await assertNameFree(w, input.nameVariants, null);
  const [row] = await w.tx
    .insert(cabinets)
    .values({ id: input.id, salonId: w.salonId, nameVariants: input.nameVariants, serviceGroupIds: input.serviceGroups, rev })
    .returning();
  return view(row as CabinetDbRow);
}

export async function updateCabinet(w: Writer, input: In<typeof updateCabinetSchema>) {
  requireSetupWriter(w, input.salon);
  const rev = await w.rev();
  const current = await findCabinet(w, input.id);
  await assertGroups(w, input.serviceGroups);
  await assertNameFree(w, input.nameVariants, current.id);
  const [row] = await w.tx
    .update(cabinets)
    .set({ nameVariants: input.nameVariants, serviceGroupIds: input.serviceGroups, rev })
    .where(eq(cabinets.id, current.id))
    .returning();
  return view(row as CabinetDbRow);
}

/** Soft delete: pull sends a tombstone; appointments and invoice lines keep their reference for reports. */
export async function deleteCabinet(w: Writer, input: In<typeof deleteCabinetSchema>) {
  requireSetupWriter(w);
  const rev = await w.rev();
  const current = await findCabinet(w, input.id);
  await w.tx.update(cabinets).set({ deletedAt: new Date(), rev }).where(eq(cabinets.id, current.id));
  return { id: current.id };
}
