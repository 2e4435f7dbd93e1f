import { and, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  checkCreateMaster,
  checkDeleteMaster,
  checkUpdateMaster,
  masterIdentity,
  type MasterAccount,
  type MasterReads,
} from '../../../src/domain/commands/staff';
import type { createMasterSchema, deleteMasterSchema, updateMasterSchema } from '../../../src/domain/schemas/master';
import { accessChanged } from '../../auth/access-change';
import { masters, users } from '../../db/schema';
import type { Writer } from '../../sync/command';
import { masterRow } from '../../sync/rows';
import { commissionsOf } from '../../../src/domain/rules/commissions';
import { actorOf, check } from '../appointments/service';
import { knownGroups } from '../cabinets/service';
import { findable } from '../clients/lookup';

/**
 * Master commands (Staff, part 2 §2-§8). Administrators and sysadmins write; masters are refused. The rules are
 * the shared checks (src/domain/commands/staff.ts), read here inside the command's transaction.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type MasterDbRow = typeof masters.$inferSelect;

const view = (row: MasterDbRow) => ({ ...masterRow(row), rev: row.rev });

/** A live master of the salon, or null. */
async function masterOf(w: Writer, id: string): Promise<MasterDbRow | null> {
  const [row] = await w.tx
    .select()
    .from(masters)
    .where(and(eq(masters.id, id), eq(masters.salonId, w.salonId), isNull(masters.deletedAt)));
  return row ?? null;
}

/** The chosen groups and the salon's live masters' phones and e-mails. */
async function masterReads(w: Writer, serviceGroupIds: string[]): Promise<MasterReads> {
  const contacts = await w.tx
    .select({ id: masters.id, phone: masters.phone, email: masters.email })
    .from(masters)
    .where(and(eq(masters.salonId, w.salonId), isNull(masters.deletedAt)));
  return { knownGroups: await knownGroups(w, serviceGroupIds), masters: contacts };
}

/** The account the Staff lookup found (a user findable as a master), or null. */
async function accountOf(w: Writer, userId: string): Promise<MasterAccount | null> {
  const [user] = await w.tx
    .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone, email: users.email, gender: users.gender })
    .from(users)
    .where(and(eq(users.id, userId), findable('MASTER')));
  return user ?? null;
}

export async function createMaster(w: Writer, input: In<typeof createMasterSchema>) {
  const rev = await w.rev();
  // Ids are global: an id taken in any salon, even by a deleted master, is refused.
  const [taken] = await w.tx.select({ id: masters.id }).from(masters).where(eq(masters.id, input.id));
  const account = input.userId ? await accountOf(w, input.userId) : null;
  check(checkCreateMaster(input, actorOf(w), { ...(await masterReads(w, input.serviceGroups)), idTaken: Boolean(taken), account }));
  // A master made from a found account has the account's identity (part 2 §4).
  const identity = account ? masterIdentity(account, input) : input;
  const [row] = await w.tx
    .insert(masters)
    .values({
      id: input.id,
      salonId: w.salonId,
      userId: input.userId,
      firstName: identity.firstName,
      lastName: identity.lastName,
      phone: identity.phone,
      email: identity.email,
      gender: identity.gender,
      status: input.userId ? 'ACTIVE' : input.status,
      type: input.userId ? 'GLOBAL' : 'LOCAL',
      serviceGroupIds: input.serviceGroups,
      serviceCommission: input.serviceCommission ?? null,
      productCommission: input.productCommission ?? null,
      groupCommissions: input.groupCommissions ?? [],
      rev,
    })
    .returning();
  return view(row as MasterDbRow);
}

export async function updateMaster(w: Writer, input: In<typeof updateMasterSchema>) {
  const rev = await w.rev();
  const found = await masterOf(w, input.masterId);
  check(checkUpdateMaster(input, actorOf(w), { ...(await masterReads(w, input.serviceGroups)), current: found }));
  const current = found as MasterDbRow;
  // A GLOBAL master keeps the account's identity: only services and status change (part 2 §4).
  const identity =
    current.type === 'GLOBAL'
      ? { gender: current.gender ?? input.gender }
      : { firstName: input.firstName, lastName: input.lastName, phone: input.phone, email: input.email, gender: input.gender };
  const [row] = await w.tx
    .update(masters)
    .set({ ...identity, status: input.status, serviceGroupIds: input.serviceGroups, ...commissionsOf(input), rev })
    .where(eq(masters.id, current.id))
    .returning();
  return view(row as MasterDbRow);
}

/** Soft delete: pull sends a tombstone; appointments, working time and invoice lines keep their reference for reports. */
export async function deleteMaster(w: Writer, input: In<typeof deleteMasterSchema>) {
  const rev = await w.rev();
  const found = await masterOf(w, input.masterId);
  check(checkDeleteMaster(input, actorOf(w), { exists: Boolean(found) }));
  const current = found as MasterDbRow;
  await w.tx.update(masters).set({ deletedAt: new Date(), rev }).where(eq(masters.id, current.id));
  // A master with a login loses the salon: its open sockets close on commit.
  if (current.userId) w.emit(accessChanged({ users: [current.userId], salon: w.salonId }));
  return { salonId: current.salonId, masterId: current.id };
}
