import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { birthdayBeforeTodayShape } from '../../../src/domain/rules/client-refusals';
import { canSetBirthday } from '../../../src/domain/rules/permissions';
import type { createClientSchema, deleteClientSchema, setDefaultMastersSchema, updateClientSchema } from '../../../src/domain/schemas/client';
import { clients, masters, users } from '../../db/schema';
import { forbidden } from '../../graphql/errors';
import { fromShape, notExists, refused } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { clientRow, type PersonRef } from '../../sync/rows';
import { currentSalon } from '../appointments/checks';
import { findable } from './lookup';
import { isAdministrator } from '../../../src/domain/roles';

/** Client commands of part 1 §4, §5, §8. Masters only read clients (part 1 §2). */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type ClientDbRow = typeof clients.$inferSelect;

function requireWriter(w: Writer, salonId: string) {
  if (!isAdministrator(w.viewer)) throw forbidden('MASTER_CANNOT_EDIT_CLIENTS');
  if (salonId !== w.salonId) throw forbidden('NOT_THE_SESSION_SALON');
}

async function person(w: Writer, userId: string | null): Promise<PersonRef | null> {
  if (!userId) return null;
  const [u] = await w.tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return u ?? null;
}

async function view(w: Writer, row: ClientDbRow) {
  return { ...clientRow(row, await person(w, row.blockedBy)), rev: row.rev };
}

async function findClient(w: Writer, id: string): Promise<ClientDbRow> {
  const [row] = await w.tx.select().from(clients).where(and(eq(clients.id, id), eq(clients.salonId, w.salonId), isNull(clients.deletedAt)));
  if (!row) throw notExists('client');
  return row;
}

/** A phone or e-mail belongs to one live client of the salon (the unique indexes of migration 0002 agree). */
async function assertUnique(w: Writer, phone: string | null, email: string | null, exceptId: string | null) {
  const live = (cond: ReturnType<typeof eq>) =>
    w.tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.salonId, w.salonId), isNull(clients.deletedAt), cond, exceptId ? ne(clients.id, exceptId) : undefined))
      .limit(1);
  const [byPhone] = phone ? await live(eq(clients.phone, phone)) : [];
  const [byEmail] = email ? await live(eq(sql`lower(${clients.email})`, email)) : [];
  if (byPhone && byEmail && byPhone.id !== byEmail.id) throw refused('twoDifferentClients');
  if (byPhone) throw refused('clientPhoneTaken');
  if (byEmail) throw refused('clientEmailTaken');
}

type Identity = Pick<ClientDbRow, 'firstName' | 'lastName' | 'phone' | 'email' | 'gender'>;

/**
 * A GLOBAL client's identity, from the user account the phone lookup found (part 1 §4). The account must be
 * one the lookup may find and still have the form's phone or e-mail (it may have changed since the lookup, or
 * the id may be made up). What the account lacks (a blank name, no phone, no gender) comes from the form.
 */
async function globalIdentity(w: Writer, userId: string, input: Identity): Promise<Identity> {
  const [user] = await w.tx.select().from(users).where(and(eq(users.id, userId), findable('CLIENT')));
  if (!user) throw refused('foundUserMismatch');
  const email = user.email.toLowerCase();
  const samePhone = user.phone !== null && user.phone === input.phone;
  if (!samePhone && email !== input.email) throw refused('foundUserMismatch');
  return {
    firstName: user.firstName.trim() || input.firstName, lastName: user.lastName.trim() || input.lastName,
    phone: user.phone ?? input.phone, email, gender: user.gender ?? input.gender,
  };
}

/** 'Birthday: owner can pick any date; others only today or later' (part 1 §5), in the salon's date. */
async function assertBirthday(w: Writer, birthday: string | null, previous: string | null) {
  if (!birthday || birthday === previous) return;
  const { today } = await currentSalon(w);
  if (!canSetBirthday(w.viewer, birthday, previous, today)) throw fromShape(birthdayBeforeTodayShape());
}

export async function createClient(w: Writer, input: In<typeof createClientSchema>) {
  requireWriter(w, input.salon);
  const rev = await w.rev();
  const [taken] = await w.tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.id));
  if (taken) throw refused('idTaken');
  await assertBirthday(w, input.birthday, null);
  const identity: Identity = input.userId ? await globalIdentity(w, input.userId, input) : input;
  await assertUnique(w, identity.phone, identity.email, null);
  const [row] = await w.tx
    .insert(clients)
    .values({
      id: input.id, salonId: w.salonId, type: input.userId ? 'GLOBAL' : 'LOCAL', userId: input.userId,
      email: identity.email, firstName: identity.firstName, lastName: identity.lastName, phone: identity.phone, gender: identity.gender,
      notes: input.notes, birthday: input.birthday,
      blockedAt: input.blocked ? new Date() : null, blockedBy: input.blocked ? w.viewer.user.id : null, rev,
    })
    .returning();
  return view(w, row as ClientDbRow);
}

export async function updateClient(w: Writer, input: In<typeof updateClientSchema>) {
  requireWriter(w, input.salonId);
  const rev = await w.rev();
  const current = await findClient(w, input.clientId);
  // A GLOBAL client's identity comes from his own account: only notes, blocked and birthday change here.
  const identity = (c: { firstName: string; lastName: string; phone: string | null; email: string | null; gender: string | null }) =>
    JSON.stringify([c.firstName, c.lastName, c.phone, c.email?.toLowerCase() ?? null, c.gender]);
  if (current.type === 'GLOBAL' && identity(current) !== identity(input)) throw refused('globalClientLocked');
  await assertBirthday(w, input.birthday, current.birthday);
  await assertUnique(w, input.phone, input.email, current.id);
  // Blocking keeps an existing block's date and blocker; unblocking clears both (part 1 §4).
  const block = input.blocked
    ? { blockedAt: current.blockedAt ?? new Date(), blockedBy: current.blockedAt ? current.blockedBy : w.viewer.user.id }
    : { blockedAt: null, blockedBy: null };
  const [row] = await w.tx
    .update(clients)
    .set({
      firstName: input.firstName, lastName: input.lastName, gender: input.gender, phone: input.phone, email: input.email,
      notes: input.notes, birthday: input.birthday, ...block, rev,
    })
    .where(eq(clients.id, current.id))
    .returning();
  return view(w, row as ClientDbRow);
}

/** Soft delete: pull sends a tombstone; the client's appointments keep their reference. */
export async function deleteClient(w: Writer, input: In<typeof deleteClientSchema>) {
  requireWriter(w, input.salonId);
  const rev = await w.rev();
  const current = await findClient(w, input.clientId);
  await w.tx.update(clients).set({ deletedAt: new Date(), rev }).where(eq(clients.id, current.id));
  return { clientId: current.id };
}

/**
 * setDefaultMasters (part 1 §7, §8 'Default masters'): replaces the client's default masters. Every id must
 * be a live master of the salon; the list is stored on the client row, so it syncs with it (docs/decisions/012).
 */
export async function setDefaultMasters(w: Writer, input: In<typeof setDefaultMastersSchema>) {
  requireWriter(w, input.salon);
  const rev = await w.rev();
  const [current] = await w.tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, input.client), eq(clients.salonId, w.salonId), isNull(clients.deletedAt)));
  if (!current) throw refused('defaultMastersClientNotExists');
  if (input.masters.length > 0) {
    const live = await w.tx
      .select({ id: masters.id })
      .from(masters)
      .where(and(eq(masters.salonId, w.salonId), inArray(masters.id, input.masters), isNull(masters.deletedAt)));
    if (live.length !== input.masters.length) throw refused('unknownDefaultMaster');
  }
  const [row] = await w.tx.update(clients).set({ defaultMasterIds: input.masters, rev }).where(eq(clients.id, current.id)).returning();
  return view(w, row as ClientDbRow);
}
