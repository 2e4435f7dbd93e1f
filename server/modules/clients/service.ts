import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { canWriteClients } from '../../../src/domain/rules/permissions';
import type { createClientSchema, deleteClientSchema, updateClientSchema } from '../../../src/domain/schemas/client';
import { clients, users } from '../../db/schema';
import { forbidden } from '../../graphql/errors';
import { clientIdExists, emailTaken, globalClientLocked, notExists, phoneTaken, twoDifferentClients } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { clientRow, type PersonRef } from '../../sync/rows';

/** Client commands of part 1 §4, §5, §8. Masters only read clients (part 1 §2). */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type ClientDbRow = typeof clients.$inferSelect;

function requireWriter(w: Writer, salonId: string) {
  if (!canWriteClients(w.viewer)) throw forbidden('MASTER_CANNOT_EDIT_CLIENTS');
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
  if (byPhone && byEmail && byPhone.id !== byEmail.id) throw twoDifferentClients();
  if (byPhone) throw phoneTaken();
  if (byEmail) throw emailTaken();
}

export async function createClient(w: Writer, input: In<typeof createClientSchema>) {
  requireWriter(w, input.salon);
  const rev = await w.rev();
  const [taken] = await w.tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.id));
  if (taken) throw clientIdExists();
  await assertUnique(w, input.phone, input.email, null);
  const [row] = await w.tx
    .insert(clients)
    .values({
      id: input.id, salonId: w.salonId, type: 'LOCAL', email: input.email, firstName: input.firstName, lastName: input.lastName,
      phone: input.phone, notes: input.notes, birthday: input.birthday, gender: input.gender,
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
  if (current.type === 'GLOBAL' && identity(current) !== identity(input)) throw globalClientLocked();
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
