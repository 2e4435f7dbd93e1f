import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { sameNameLanguage } from '../../../src/domain/schemas/cabinet';
import type {
  createServiceGroupSchema, createServiceSchema, deleteServiceGroupSchema, deleteServiceSchema, updateServiceGroupSchema, updateServiceSchema,
} from '../../../src/domain/schemas/service';
import type { NameVariants } from '../../../src/domain/sync/entities';
import { cabinets, serviceGroups, services } from '../../db/schema';
import { refused } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { serviceGroupRow, serviceRow } from '../../sync/rows';
import { requireSetupWriter } from '../cabinets/service';

/** Service groups and services (part 2 §2, §5, §7, §8). Administrators and sysadmins write; masters only read. */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type GroupDbRow = typeof serviceGroups.$inferSelect;
type ServiceDbRow = typeof services.$inferSelect;

const groupView = (row: GroupDbRow) => ({ ...serviceGroupRow(row), rev: row.rev });
const serviceView = (row: ServiceDbRow) => ({ ...serviceRow(row), rev: row.rev });

async function findGroup(w: Writer, id: string): Promise<GroupDbRow> {
  const [row] = await w.tx.select().from(serviceGroups).where(and(eq(serviceGroups.id, id), eq(serviceGroups.salonId, w.salonId), isNull(serviceGroups.deletedAt)));
  if (!row) throw refused('serviceNotExists');
  return row;
}

async function findService(w: Writer, id: string): Promise<ServiceDbRow> {
  const [row] = await w.tx.select().from(services).where(and(eq(services.id, id), eq(services.salonId, w.salonId), isNull(services.deletedAt)));
  if (!row) throw refused('serviceNotExists');
  return row;
}

/** No other live group of the salon has the same name in the same language (case ignored). */
async function assertGroupNameFree(w: Writer, names: NameVariants, exceptId: string | null) {
  const others = await w.tx
    .select({ nameVariants: serviceGroups.nameVariants })
    .from(serviceGroups)
    .where(and(eq(serviceGroups.salonId, w.salonId), isNull(serviceGroups.deletedAt), exceptId ? ne(serviceGroups.id, exceptId) : undefined));
  for (const other of others) {
    const language = sameNameLanguage(names, other.nameVariants);
    if (language) throw refused('serviceGroupNameTaken', { field: `nameVariants.${language}` });
  }
}

/** No other live service of the same group has the same name in the same language. */
async function assertServiceNameFree(w: Writer, groupId: string, names: NameVariants, exceptId: string | null) {
  const others = await w.tx
    .select({ nameVariants: services.nameVariants })
    .from(services)
    .where(and(eq(services.groupId, groupId), isNull(services.deletedAt), exceptId ? ne(services.id, exceptId) : undefined));
  for (const other of others) {
    const language = sameNameLanguage(names, other.nameVariants);
    if (language) throw refused('serviceNameTaken', { field: `nameVariants.${language}` });
  }
}

export async function createServiceGroup(w: Writer, input: In<typeof createServiceGroupSchema>) {
  requireSetupWriter(w, input.salon);
  const rev = await w.rev();
  const [taken] = await w.tx.select({ id: serviceGroups.id }).from(serviceGroups).where(eq(serviceGroups.id, input.id));
  if (taken) throw refused('idTaken');
  await assertGroupNameFree(w, input.nameVariants, null);
  const [last] = await w.tx
    .select({ max: sql<number>`coalesce(max(${serviceGroups.position}), 0)` })
    .from(serviceGroups)
    .where(eq(serviceGroups.salonId, w.salonId));
  const [row] = await w.tx
    .insert(serviceGroups)
    .values({ id: input.id, salonId: w.salonId, nameVariants: input.nameVariants, type: input.type, position: Number(last?.max ?? 0) + 1, rev })
    .returning();
  return groupView(row as GroupDbRow);
}

export async function updateServiceGroup(w: Writer, input: In<typeof updateServiceGroupSchema>) {
  requireSetupWriter(w);
  const rev = await w.rev();
  const current = await findGroup(w, input.id);
  await assertGroupNameFree(w, input.nameVariants, current.id);
  const [row] = await w.tx.update(serviceGroups).set({ nameVariants: input.nameVariants, type: input.type, rev }).where(eq(serviceGroups.id, current.id)).returning();
  return groupView(row as GroupDbRow);
}

/**
 * Soft delete of the group and its services (pull sends tombstones; reports keep the references); cabinets
 * that listed the group lose it, so their forms stay valid.
 */
export async function deleteServiceGroup(w: Writer, input: In<typeof deleteServiceGroupSchema>) {
  requireSetupWriter(w);
  const rev = await w.rev();
  const current = await findGroup(w, input.id);
  const now = new Date();
  await w.tx.update(services).set({ deletedAt: now, rev }).where(and(eq(services.groupId, current.id), isNull(services.deletedAt)));
  const listing = await w.tx
    .select()
    .from(cabinets)
    .where(and(eq(cabinets.salonId, w.salonId), isNull(cabinets.deletedAt), sql`${cabinets.serviceGroupIds} @> ${JSON.stringify([current.id])}::jsonb`));
  for (const cabinet of listing) {
    await w.tx.update(cabinets).set({ serviceGroupIds: cabinet.serviceGroupIds.filter((g) => g !== current.id), rev }).where(eq(cabinets.id, cabinet.id));
  }
  await w.tx.update(serviceGroups).set({ deletedAt: now, rev }).where(eq(serviceGroups.id, current.id));
  return { id: current.id };
}

export async function createService(w: Writer, input: In<typeof createServiceSchema>) {
  requireSetupWriter(w);
  const rev = await w.rev();
  const [taken] = await w.tx.select({ id: services.id }).from(services).where(eq(services.id, input.id));
  if (taken) throw refused('idTaken');
  const group = await findGroup(w, input.serviceGroupId);
  await assertServiceNameFree(w, group.id, input.nameVariants, null);
  const [row] = await w.tx
    .insert(services)
    .values({ id: input.id, salonId: w.salonId, groupId: group.id, nameVariants: input.nameVariants, duration: input.duration, price: input.price, color: input.color, rev })
    .returning();
  return serviceView(row as ServiceDbRow);
}

export async function updateService(w: Writer, input: In<typeof updateServiceSchema>) {
  requireSetupWriter(w);
  const rev = await w.rev();
  const current = await findService(w, input.id);
  const group = await findGroup(w, input.serviceGroupId);
  await assertServiceNameFree(w, group.id, input.nameVariants, current.id);
  const [row] = await w.tx
    .update(services)
    .set({ groupId: group.id, nameVariants: input.nameVariants, duration: input.duration, price: input.price, color: input.color, rev })
    .where(eq(services.id, current.id))
    .returning();
  return serviceView(row as ServiceDbRow);
}

export async function deleteService(w: Writer, input: In<typeof deleteServiceSchema>) {
  requireSetupWriter(w);
  const rev = await w.rev();
  const current = await findService(w, input.id);
  await w.tx.update(services).set({ deletedAt: new Date(), rev }).where(eq(services.id, current.id));
  return { id: current.id };
}
