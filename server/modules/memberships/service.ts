import { and, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import { checkAddMembership, checkDeleteMembership } from '../../../src/domain/commands/memberships';
import { type createMembershipSchema, type deleteMembershipSchema } from '../../../src/domain/schemas/membership';
import { clients, memberships, services } from '../../db/schema';
import type { Writer } from '../../sync/command';
import { membershipRow } from '../../sync/rows';
import { actorOf, check } from '../appointments/service';

/**
 * Memberships (part 1 §2, §5, §7, §8). Administrators and sysadmins sell and delete them; masters are refused
 * (part 1 §6: masters only work with appointments). Every read and write is scoped to the session's salon.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type MembershipDbRow = typeof memberships.$inferSelect;

const view = (row: MembershipDbRow) => ({ ...membershipRow(row), rev: row.rev });

/**
 * createMembership. The serial number is unique among the salon's live memberships (also the unique index
 * memberships_serial_key, mapped to the same refusal in server/sync/refusals.ts). The service may be a
 * deleted one: the spec's picker offers 'all services … including deleted ones' (part 1 §2).
 */
export async function createMembership(w: Writer, input: In<typeof createMembershipSchema>) {
  // The rev bump locks the salon first, so two sales of the same serial number cannot both pass the check.
  const rev = await w.rev();
  // Ids are global: an id taken in any salon, even by a deleted membership, is refused.
  const [taken] = await w.tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.id, input.id));
  const [client] = await w.tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, input.client), eq(clients.salonId, w.salonId), isNull(clients.deletedAt)));
  const [service] = await w.tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, input.service), eq(services.salonId, w.salonId)));
  const [sameSerial] = await w.tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.salonId, w.salonId), eq(memberships.serialNumber, input.serialNumber), isNull(memberships.deletedAt)));
  check(
    checkAddMembership(input, actorOf(w), {
      idTaken: Boolean(taken),
      clientExists: Boolean(client),
      serviceExists: Boolean(service),
      serialTaken: Boolean(sameSerial),
    }),
  );
  const [row] = await w.tx
    .insert(memberships)
    .values({
      id: input.id,
      salonId: w.salonId,
      clientId: input.client,
      serviceId: input.service,
      authorId: w.viewer.user.id,
      serialNumber: input.serialNumber,
      quantity: input.quantity,
      price: input.price,
      pricePerUse: input.pricePerUse,
      totalUses: 0,
      paymentType: input.paymentType,
      createdAt: new Date(input.createdAt),
      rev,
    })
    .returning();
  return view(row as MembershipDbRow);
}

/**
 * deleteMembership: a soft delete (pull sends a tombstone). Invoices that used it keep their reference; its
 * serial number becomes free again.
 */
export async function deleteMembership(w: Writer, input: In<typeof deleteMembershipSchema>) {
  const rev = await w.rev();
  const [found] = await w.tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.id, input.id), eq(memberships.salonId, w.salonId), isNull(memberships.deletedAt)));
  check(checkDeleteMembership(actorOf(w), { exists: Boolean(found) }));
  const current = found as { id: string };
  await w.tx.update(memberships).set({ deletedAt: new Date(), rev }).where(eq(memberships.id, current.id));
  return { membershipId: current.id };
}
