import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  checkCreateClient,
  checkDeleteClient,
  checkSetDefaultMasters,
  checkUpdateClient,
  newClientIdentity,
  type ClientAccount,
  type Holders,
} from '../../../src/domain/commands/clients';
import type {
  createClientSchema,
  deleteClientSchema,
  setDefaultMastersSchema,
  updateClientSchema,
} from '../../../src/domain/schemas/client';
import { clients, masters, users } from '../../db/schema';
import type { Writer } from '../../sync/command';
import { clientRow, type PersonRef } from '../../sync/rows';
import { currentSalon } from '../appointments/checks';
import { actorOf, check } from '../appointments/service';
import { findable } from './lookup';

/** Client commands of part 1 §4, §5, §8. Masters only read clients (part 1 §2). */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type ClientDbRow = typeof clients.$inferSelect;

async function person(w: Writer, userId: string | null): Promise<PersonRef | null> {
  if (!userId) return null;
  const [u] = await w.tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? null;
}

async function view(w: Writer, row: ClientDbRow) {
  return { ...clientRow(row, await person(w, row.blockedBy)), rev: row.rev };
}

/** A live client of the session's salon, or null. */
async function clientOf(w: Writer, id: string): Promise<ClientDbRow | null> {
  const [row] = await w.tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.salonId, w.salonId), isNull(clients.deletedAt)));
  return row ?? null;
}

/** The salon's other live clients with this phone and e-mail (e-mails match without case; migration 0002's unique indexes agree). */
async function holdersOf(w: Writer, phone: string | null, email: string | null, exceptId: string | null): Promise<Holders> {
  const live = (cond: ReturnType<typeof eq>) =>
    w.tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.salonId, w.salonId), isNull(clients.deletedAt), cond, exceptId ? ne(clients.id, exceptId) : undefined))
      .limit(1);
  const [byPhone] = phone ? await live(eq(clients.phone, phone)) : [];
  const [byEmail] = email ? await live(eq(sql`lower(${clients.email})`, email)) : [];
  return { byPhone: byPhone?.id ?? null, byEmail: byEmail?.id ?? null };
}

/** The account a found-user client is made from: one the phone lookup may find (part 1 §4), else null. */
async function accountOf(w: Writer, userId: string): Promise<ClientAccount | null> {
  const [user] = await w.tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone, gender: users.gender })
    .from(users)
    .where(and(eq(users.id, userId), findable('CLIENT')));
  return user ?? null;
}

export async function createClient(w: Writer, input: In<typeof createClientSchema>) {
  const rev = await w.rev();
  // Ids are global: an id taken in any salon, even by a deleted client, is refused.
  const [taken] = await w.tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.id));
  const account = input.userId ? await accountOf(w, input.userId) : null;
  const identity = newClientIdentity(input, account);
  const holders = await holdersOf(w, identity.phone, identity.email, null);
  check(checkCreateClient(input, actorOf(w), { idTaken: Boolean(taken), today: (await currentSalon(w)).today, account, holders }));
  const [row] = await w.tx
    .insert(clients)
    .values({
      id: input.id,
      salonId: w.salonId,
      type: input.userId ? 'GLOBAL' : 'LOCAL',
      userId: input.userId,
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
      phone: identity.phone,
      gender: identity.gender,
      notes: input.notes,
      birthday: input.birthday,
      blockedAt: input.blocked ? new Date() : null,
      blockedBy: input.blocked ? w.viewer.user.id : null,
      language: input.language ?? null,
      messageConsent: input.messageConsent ?? true,
      rev,
    })
    .returning();
  return view(w, row as ClientDbRow);
}

export async function updateClient(w: Writer, input: In<typeof updateClientSchema>) {
  const rev = await w.rev();
  const found = await clientOf(w, input.clientId);
  const holders = await holdersOf(w, input.phone, input.email, input.clientId);
  check(checkUpdateClient(input, actorOf(w), { current: found, today: (await currentSalon(w)).today, holders }));
  const current = found as ClientDbRow;
  // Blocking keeps an existing block's date and blocker; unblocking clears both (part 1 §4).
  const block = input.blocked
    ? { blockedAt: current.blockedAt ?? new Date(), blockedBy: current.blockedAt ? current.blockedBy : w.viewer.user.id }
    : { blockedAt: null, blockedBy: null };
  const [row] = await w.tx
    .update(clients)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      gender: input.gender,
      phone: input.phone,
      email: input.email,
      notes: input.notes,
      birthday: input.birthday,
      ...block,
      // Absent: unchanged (an older device's change keeps a client's unsubscribe).
      ...(input.language === undefined ? {} : { language: input.language }),
      ...(input.messageConsent === undefined ? {} : { messageConsent: input.messageConsent }),
      rev,
    })
    .where(eq(clients.id, current.id))
    .returning();
  return view(w, row as ClientDbRow);
}

/** Soft delete: pull sends a tombstone; the client's appointments keep their reference. */
export async function deleteClient(w: Writer, input: In<typeof deleteClientSchema>) {
  const rev = await w.rev();
  const found = await clientOf(w, input.clientId);
  check(checkDeleteClient(input, actorOf(w), { exists: Boolean(found) }));
  const current = found as ClientDbRow;
  await w.tx.update(clients).set({ deletedAt: new Date(), rev }).where(eq(clients.id, current.id));
  return { clientId: current.id };
}

/**
 * setDefaultMasters (part 1 §7, §8 'Default masters'): replaces the client's default masters. Every id must
 * be a live master of the salon; the list is stored on the client row, so it syncs with it (docs/decisions/012).
 */
export async function setDefaultMasters(w: Writer, input: In<typeof setDefaultMastersSchema>) {
  const rev = await w.rev();
  const [current] = await w.tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, input.client), eq(clients.salonId, w.salonId), isNull(clients.deletedAt)));
  const live =
    input.masters.length > 0
      ? await w.tx
          .select({ id: masters.id })
          .from(masters)
          .where(and(eq(masters.salonId, w.salonId), inArray(masters.id, input.masters), isNull(masters.deletedAt)))
      : [];
  check(checkSetDefaultMasters(input, actorOf(w), { clientExists: Boolean(current), liveMasters: new Set(live.map((m) => m.id)) }));
  const [row] = await w.tx
    .update(clients)
    .set({ defaultMasterIds: input.masters, rev })
    .where(eq(clients.id, (current as { id: string }).id))
    .returning();
  return view(w, row as ClientDbRow);
}
