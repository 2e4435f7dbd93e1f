import type { InvoiceRow, MembershipRow } from '../../domain/entities';
import type { SalonDb } from '../salon-db';

/*
 * Reads of invoices from the mirror: an appointment's invoice, the invoices of many appointments, and a
 * membership's uses (invoices naming it). Each returns Dexie's own promise (no extra await).
 */

/** The appointment's invoice, or undefined when it has none. */
export function invoiceOfAppointment(db: SalonDb, appointmentId: string): Promise<InvoiceRow | undefined> {
  return db.mirror('invoices').where('appointmentId').equals(appointmentId).first();
}

/** The invoices of any of `appointmentIds` (those without an invoice add nothing), in index order. */
export function invoicesOfAppointments(db: SalonDb, appointmentIds: string[]): Promise<InvoiceRow[]> {
  return db.mirror('invoices').where('appointmentId').anyOf(appointmentIds).toArray();
}

/** The salon's invoices that name the membership (its uses: appointment invoices and sales). */
export function invoicesOfMembership(db: SalonDb, salonId: string, membershipId: string): Promise<InvoiceRow[]> {
  return db
    .mirror('invoices')
    .where('salonId')
    .equals(salonId)
    .filter((i) => i.membershipId === membershipId)
    .toArray();
}

/** One invoice of the salon with its membership (the owner's Edit invoice dialog on the Report), or null when gone. */
export async function invoiceWithMembership(
  db: SalonDb,
  salonId: string,
  invoiceId: string,
): Promise<{ invoice: InvoiceRow; membership: MembershipRow | null } | null> {
  const invoice = await db.mirror('invoices').get(invoiceId);
  if (!invoice || invoice.salonId !== salonId) return null;
  const membership = invoice.membershipId ? ((await db.mirror('memberships').get(invoice.membershipId)) ?? null) : null;
  return { invoice, membership: membership && membership.salonId === salonId ? membership : null };
}
