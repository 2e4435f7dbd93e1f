import { and, eq, inArray, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import { checkCreateCabinet, checkDeleteCabinet, checkUpdateCabinet, type CabinetReads } from '../../../src/domain/commands/cabinets';
import type { createCabinetSchema, deleteCabinetSchema, updateCabinetSchema } from '../../../src/domain/schemas/cabinet';
import { cabinets, serviceGroups } from '../../db/schema';
import type { Writer } from '../../sync/command';
import { cabinetRow } from '../../sync/rows';
import { actorOf, check } from '../appointments/service';

/**
 * Cabinet commands (part 2 §2, §5, §7, §8). Administrators and sysadmins write; masters only read. The rules
 * are the shared checks (src/domain/commands/cabinets.ts), read here inside the command's transaction.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type CabinetDbRow = typeof cabinets.$inferSelect;

const view = (row: CabinetDbRow) => ({ ...cabinetRow(row), rev: row.rev });

/** A live cabinet of the salon, or null. */
async function cabinetOf(w: Writer, id: string): Promise<CabinetDbRow | null> {
  const [row] = await w.tx
    .select()
    .from(cabinets)
    .where(and(eq(cabinets.id, id), eq(cabinets.salonId, w.salonId), isNull(cabinets.deletedAt)));
  return row ?? null;
}

/** Those of `ids` that are live service groups of the salon (the cabinet and master forms' choices). */
export async function knownGroups(w: Writer, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const live = await w.tx
    .select({ id: serviceGroups.id })
    .from(serviceGroups)
    .where(and(eq(serviceGroups.salonId, w.salonId), inArray(serviceGroups.id, ids), isNull(serviceGroups.deletedAt)));
  return live.map((g) => g.id);
}

/** The chosen groups and the salon's live cabinets' names. */
async function fieldReads(w: Writer, serviceGroupIds: string[]): Promise<CabinetReads> {
  const names = await w.tx
    .select({ id: cabinets.id, nameVariants: cabinets.nameVariants })
    .from(cabinets)
    .where(and(eq(cabinets.salonId, w.salonId), isNull(cabinets.deletedAt)));
  return { knownGroups: await knownGroups(w, serviceGroupIds), cabinets: names };
}

export async function createCabinet(w: Writer, input: In<typeof createCabinetSchema>) {
  const rev = await w.rev();
  // Ids are global: an id taken in any salon, even by a deleted cabinet, is refused.
  const [taken] = await w.tx.select({ id: cabinets.id }).from(cabinets).where(eq(cabinets.id, input.id));
  check(checkCreateCabinet(input, actorOf(w), { ...(await fieldReads(w, input.serviceGroups)), idTaken: Boolean(taken) }));
  const [row] = await w.tx
    .insert(cabinets)
    .values({ id: input.id, salonId: w.salonId, nameVariants: input.nameVariants, serviceGroupIds: input.serviceGroups, rev })
    .returning();
  return view(row as CabinetDbRow);
}

export async function updateCabinet(w: Writer, input: In<typeof updateCabinetSchema>) {
  const rev = await w.rev();
  const current = await cabinetOf(w, input.id);
  check(checkUpdateCabinet(input, actorOf(w), { ...(await fieldReads(w, input.serviceGroups)), exists: Boolean(current) }));
  const [row] = await w.tx
    .update(cabinets)
    .set({ nameVariants: input.nameVariants, serviceGroupIds: input.serviceGroups, rev })
    .where(eq(cabinets.id, input.id))
    .returning();
  return view(row as CabinetDbRow);
}

/** Soft delete: pull sends a tombstone; appointments and invoice lines keep their reference for reports. */
export async function deleteCabinet(w: Writer, input: In<typeof deleteCabinetSchema>) {
  const rev = await w.rev();
  const current = await cabinetOf(w, input.id);
  check(checkDeleteCabinet(actorOf(w), { exists: Boolean(current) }));
  await w.tx.update(cabinets).set({ deletedAt: new Date(), rev }).where(eq(cabinets.id, input.id));
  return { id: input.id };
}
