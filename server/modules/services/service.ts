import { and, eq, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  checkCreateService,
  checkCreateServiceGroup,
  checkDeleteService,
  checkDeleteServiceGroup,
  checkUpdateService,
  checkUpdateServiceGroup,
  type ServiceReads,
} from '../../../src/domain/commands/services';
import type {
  createServiceGroupSchema,
  createServiceSchema,
  deleteServiceGroupSchema,
  deleteServiceSchema,
  updateServiceGroupSchema,
  updateServiceSchema,
} from '../../../src/domain/schemas/service';
import { cabinets, serviceGroups, services } from '../../db/schema';
import type { Writer } from '../../sync/command';
import { serviceGroupRow, serviceRow } from '../../sync/rows';
import { actorOf, check } from '../appointments/service';

/**
 * Service groups and services (part 2 §2, §5, §7, §8). Administrators and sysadmins write; masters only read.
 * The rules are the shared checks (src/domain/commands/services.ts), read here inside the command's transaction.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type GroupDbRow = typeof serviceGroups.$inferSelect;
type ServiceDbRow = typeof services.$inferSelect;

const groupView = (row: GroupDbRow) => ({ ...serviceGroupRow(row), rev: row.rev });
const serviceView = (row: ServiceDbRow) => ({ ...serviceRow(row), rev: row.rev });

/** A live group of the salon, or null. */
async function groupOf(w: Writer, id: string): Promise<GroupDbRow | null> {
  const [row] = await w.tx
    .select()
    .from(serviceGroups)
    .where(and(eq(serviceGroups.id, id), eq(serviceGroups.salonId, w.salonId), isNull(serviceGroups.deletedAt)));
  return row ?? null;
}

/** A live service of the salon, or null. */
async function serviceOf(w: Writer, id: string): Promise<ServiceDbRow | null> {
  const [row] = await w.tx
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.salonId, w.salonId), isNull(services.deletedAt)));
  return row ?? null;
}

/** The salon's live groups' names. */
const groupNames = (w: Writer) =>
  w.tx
    .select({ id: serviceGroups.id, nameVariants: serviceGroups.nameVariants })
    .from(serviceGroups)
    .where(and(eq(serviceGroups.salonId, w.salonId), isNull(serviceGroups.deletedAt)));

/** The chosen group is a live one of the salon, and the names of its live services. */
async function serviceReads(w: Writer, groupId: string): Promise<ServiceReads> {
  const group = await groupOf(w, groupId);
  const names = group
    ? await w.tx
        .select({ id: services.id, groupId: services.groupId, nameVariants: services.nameVariants })
        .from(services)
        .where(and(eq(services.groupId, group.id), isNull(services.deletedAt)))
    : [];
  return { groupExists: Boolean(group), services: names };
}

export async function createServiceGroup(w: Writer, input: In<typeof createServiceGroupSchema>) {
  const rev = await w.rev();
  // Ids are global: an id taken in any salon, even by a deleted group, is refused.
  const [taken] = await w.tx.select({ id: serviceGroups.id }).from(serviceGroups).where(eq(serviceGroups.id, input.id));
  check(checkCreateServiceGroup(input, actorOf(w), { idTaken: Boolean(taken), groups: await groupNames(w) }));
  const [last] = await w.tx
    .select({ max: sql<number>`coalesce(max(${serviceGroups.position}), 0)` })
    .from(serviceGroups)
    .where(eq(serviceGroups.salonId, w.salonId));
  const [row] = await w.tx
    .insert(serviceGroups)
    .values({
      id: input.id,
      salonId: w.salonId,
      nameVariants: input.nameVariants,
      type: input.type,
      position: Number(last?.max ?? 0) + 1,
      rev,
    })
    .returning();
  return groupView(row as GroupDbRow);
}

export async function updateServiceGroup(w: Writer, input: In<typeof updateServiceGroupSchema>) {
  const rev = await w.rev();
  const current = await groupOf(w, input.id);
  check(checkUpdateServiceGroup(input, actorOf(w), { exists: Boolean(current), groups: await groupNames(w) }));
  const [row] = await w.tx
    .update(serviceGroups)
    .set({ nameVariants: input.nameVariants, type: input.type, rev })
    .where(eq(serviceGroups.id, input.id))
    .returning();
  return groupView(row as GroupDbRow);
}

/**
 * Soft delete of the group and its services (pull sends tombstones; reports keep the references); cabinets
 * that listed the group lose it, so their forms stay valid.
 */
export async function deleteServiceGroup(w: Writer, input: In<typeof deleteServiceGroupSchema>) {
  const rev = await w.rev();
  check(checkDeleteServiceGroup(actorOf(w), { exists: Boolean(await groupOf(w, input.id)) }));
  const now = new Date();
  await w.tx
    .update(services)
    .set({ deletedAt: now, rev })
    .where(and(eq(services.groupId, input.id), isNull(services.deletedAt)));
  const listing = await w.tx
    .select()
    .from(cabinets)
    .where(
      and(
        eq(cabinets.salonId, w.salonId),
        isNull(cabinets.deletedAt),
        sql`${cabinets.serviceGroupIds} @> ${JSON.stringify([input.id])}::jsonb`,
      ),
    );
  for (const cabinet of listing) {
    await w.tx
      .update(cabinets)
      .set({ serviceGroupIds: cabinet.serviceGroupIds.filter((g) => g !== input.id), rev })
      .where(eq(cabinets.id, cabinet.id));
  }
  await w.tx.update(serviceGroups).set({ deletedAt: now, rev }).where(eq(serviceGroups.id, input.id));
  return { id: input.id };
}

export async function createService(w: Writer, input: In<typeof createServiceSchema>) {
  const rev = await w.rev();
  // Ids are global: an id taken in any salon, even by a deleted service, is refused.
  const [taken] = await w.tx.select({ id: services.id }).from(services).where(eq(services.id, input.id));
  check(checkCreateService(input, actorOf(w), { ...(await serviceReads(w, input.serviceGroupId)), idTaken: Boolean(taken) }));
  const [row] = await w.tx
    .insert(services)
    .values({
      id: input.id,
      salonId: w.salonId,
      groupId: input.serviceGroupId,
      nameVariants: input.nameVariants,
      duration: input.duration,
      price: input.price,
      color: input.color,
      rev,
    })
    .returning();
  return serviceView(row as ServiceDbRow);
}

export async function updateService(w: Writer, input: In<typeof updateServiceSchema>) {
  const rev = await w.rev();
  const current = await serviceOf(w, input.id);
  check(checkUpdateService(input, actorOf(w), { ...(await serviceReads(w, input.serviceGroupId)), exists: Boolean(current) }));
  const [row] = await w.tx
    .update(services)
    .set({
      groupId: input.serviceGroupId,
      nameVariants: input.nameVariants,
      duration: input.duration,
      price: input.price,
      color: input.color,
      rev,
    })
    .where(eq(services.id, input.id))
    .returning();
  return serviceView(row as ServiceDbRow);
}

export async function deleteService(w: Writer, input: In<typeof deleteServiceSchema>) {
  const rev = await w.rev();
  check(checkDeleteService(actorOf(w), { exists: Boolean(await serviceOf(w, input.id)) }));
  await w.tx.update(services).set({ deletedAt: new Date(), rev }).where(eq(services.id, input.id));
  return { id: input.id };
}
