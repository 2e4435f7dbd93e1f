import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { createMasterSchema, deleteMasterSchema, updateMasterSchema } from '../../../src/domain/schemas/master';
import { accessChanged } from '../../auth/access-change';
import { masters, serviceGroups, users } from '../../db/schema';
import { refused } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { masterRow } from '../../sync/rows';
import { requireSetupWriter } from '../cabinets/service';
import { findable } from '../clients/lookup';

/** Master commands (Staff, part 2 §2-§8). Administrators and sysadmins write; masters are refused. */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type MasterDbRow = typeof masters.$inferSelect;

const view = (row: MasterDbRow) => ({ ...masterRow(row), rev: row.rev });

async function findMaster(w: Writer, id: string): Promise<MasterDbRow> {
  const [row] = await w.tx.select().from(masters).where(and(eq(masters.id, id), eq(masters.salonId, w.salonId), isNull(masters.deletedAt)));
  if (!row) throw refused('masterNotExists');
  return row;
}

async function assertGroups(w: Writer, ids: string[]) {
  if (ids.length === 0) return;
  const live = await w.tx
    .select({ id: serviceGroups.id })
    .from(serviceGroups)
    .where(and(eq(serviceGroups.salonId, w.salonId), inArray(serviceGroups.id, ids), isNull(serviceGroups.deletedAt)));
  if (live.length !== ids.length) throw refused('masterUnknownServiceGroup');
}

/** No other live master of the salon has the phone or the e-mail (part 2 §8). */
async function assertUnique(w: Writer, phone: string | null, email: string | null, exceptId: string | null) {
  const others = and(eq(masters.salonId, w.salonId), isNull(masters.deletedAt), exceptId ? ne(masters.id, exceptId) : undefined);
  if (phone) {
    const [hit] = await w.tx.select({ id: masters.id }).from(masters).where(and(others, eq(masters.phone, phone)));
    if (hit) throw refused('masterPhoneTaken');
  }
  if (email) {
    const [hit] = await w.tx.select({ id: masters.id }).from(masters).where(and(others, sql`lower(${masters.email}) = ${email}`));
    if (hit) throw refused('masterEmailTaken');
  }
}

type Identity = { firstName: string; lastName: string; phone: string | null; email: string | null; gender: string };

/**
 * The identity of a master made from an account found by the lookup (part 2 §4): the account's, if it still
 * has the phone or e-mail the form was filled with; what the account lacks comes from the form.
 */
async function globalIdentity(w: Writer, userId: string, input: Identity): Promise<Identity> {
  const [user] = await w.tx.select().from(users).where(and(eq(users.id, userId), findable('MASTER')));
  if (!user) throw refused('foundUserMismatch');
  const email = user.email.toLowerCase();
  const samePhone = user.phone !== null && user.phone === input.phone;
  if (!samePhone && email !== input.email) throw refused('foundUserMismatch');
  return {
    firstName: user.firstName.trim() || input.firstName, lastName: user.lastName.trim() || input.lastName,
    phone: user.phone ?? input.phone, email, gender: user.gender ?? input.gender,
  };
}

export async function createMaster(w: Writer, input: In<typeof createMasterSchema>) {
  requireSetupWriter(w, input.salon);
  const rev = await w.rev();
  const [taken] = await w.tx.select({ id: masters.id }).from(masters).where(eq(masters.id, input.id));
  if (taken) throw refused('idTaken');
  await assertGroups(w, input.serviceGroups);
  const identity = input.userId ? await globalIdentity(w, input.userId, input) : input;
  await assertUnique(w, identity.phone, identity.email, null);
  const [row] = await w.tx
    .insert(masters)
    .values({
      id: input.id, salonId: w.salonId, userId: input.userId, firstName: identity.firstName, lastName: identity.lastName, phone: identity.phone,
      email: identity.email, gender: identity.gender, status: input.userId ? 'ACTIVE' : input.status, type: input.userId ? 'GLOBAL' : 'LOCAL',
      serviceGroupIds: input.serviceGroups, rev,
    })
    .returning();
  return view(row as MasterDbRow);
}

export async function updateMaster(w: Writer, input: In<typeof updateMasterSchema>) {
  requireSetupWriter(w, input.salonId);
  const rev = await w.rev();
  const current = await findMaster(w, input.masterId);
  await assertGroups(w, input.serviceGroups);
  // A GLOBAL master keeps the account's identity: only services and status change (part 2 §4).
  const identity = current.type === 'GLOBAL'
    ? { gender: current.gender ?? input.gender }
    : { firstName: input.firstName, lastName: input.lastName, phone: input.phone, email: input.email, gender: input.gender };
  if (current.type !== 'GLOBAL') await assertUnique(w, input.phone, input.email, current.id);
  const [row] = await w.tx
    .update(masters)
    .set({ ...identity, status: input.status, serviceGroupIds: input.serviceGroups, rev })
    .where(eq(masters.id, current.id))
    .returning();
  return view(row as MasterDbRow);
}

/** Soft delete: pull sends a tombstone; appointments, working time and invoice lines keep their reference for reports. */
export async function deleteMaster(w: Writer, input: In<typeof deleteMasterSchema>) {
  requireSetupWriter(w, input.salonId);
  const rev = await w.rev();
  const current = await findMaster(w, input.masterId);
  await w.tx.update(masters).set({ deletedAt: new Date(), rev }).where(eq(masters.id, current.id));
  // A master with a login loses the salon: its open sockets close on commit.
  if (current.userId) w.emit(accessChanged({ users: [current.userId], salon: w.salonId }));
  return { salonId: current.salonId, masterId: current.id };
}
