import type { AppointmentRow, InvoiceRow } from '../../domain/entities';

export interface MembershipUseRef {
  /** The invoice item's id. */
  id: string;
  /** Salon wall time 'YYYY-MM-DD HH:mm' of the appointment, or the ISO instant of an invoice without one. */
  date: string;
  masterId: string | null;
  cabinetId: string | null;
  serviceId: string;
  price: string;
}

/** Wall times and ISO instants compare as dates: 'YYYY-MM-DD HH:mm' and 'YYYY-MM-DDTHH:mm…' sort alike. */
const sortKey = (date: string) => date.replace('T', ' ');

/**
 * The uses of a membership (part 1 §2 Membership dialog; §7 getMembershipBoughtItems 'only items paid by
 * MEMBERSHIP shown'): every MEMBERSHIP item of the paid invoices of this membership, newest first. The master
 * or cabinet is the item's seller, else the appointment's; the date is the appointment's start, else the invoice's.
 */
export function membershipUses(
  membershipId: string,
  invoices: readonly InvoiceRow[],
  appointments: ReadonlyMap<string, AppointmentRow>,
): MembershipUseRef[] {
  const uses: MembershipUseRef[] = [];
  for (const invoice of invoices) {
    if (!invoice.paid || invoice.membershipId !== membershipId) continue;
    const appointment = invoice.appointmentId ? appointments.get(invoice.appointmentId) : undefined;
    for (const item of invoice.items) {
      if (item.paymentType !== 'MEMBERSHIP') continue;
      const bySeller = item.sellerType === 'MASTER' || item.sellerType === 'CABINET';
      uses.push({
        id: item.id,
        date: appointment?.startAt ?? invoice.createdAt,
        masterId: bySeller ? (item.sellerType === 'MASTER' ? item.sellerId : null) : (appointment?.masterId ?? null),
        cabinetId: bySeller ? (item.sellerType === 'CABINET' ? item.sellerId : null) : (appointment?.cabinetId ?? null),
        serviceId: item.entityId,
        price: item.price,
      });
    }
  }
  return uses.sort((a, b) => sortKey(b.date).localeCompare(sortKey(a.date)) || a.id.localeCompare(b.id));
}
