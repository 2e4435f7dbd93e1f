import type { ServerErrorShape } from '../errors';
import { isAdministrator, type Access } from '../roles';
import type { InvoiceItemType, PaymentType } from '../schemas/invoice';
import { centsToDecimal, fitsNumeric, parsePrice, typedDiscountCents, type Cents, type Discounted } from './money';
import { refusal } from '../refusals';

/**
 * Invoices of appointments (part 1 §4, §5): item defaults, which membership an invoice may use, the MEMBERSHIP
 * price, the one-use rule, stock limits and totals. Pure: the form, the local commands and the server share it.
 */

/**
 * 'MASTER … cannot add invoice items' (part 1 §6): a master may open an appointment's invoice, create it (it
 * starts with the appointment's own service), change and pay its lines, but never add a line.
 */
export const canAddInvoiceItems = (access: Access): boolean => isAdministrator(access);

/** 'Product quantity limited to 0..stock (max 100 when unknown)' (part 1 §5); a service's quantity is unknown stock. */
export const UNKNOWN_STOCK_LIMIT = 100;

export interface PricedEntity {
  /** Decimal string ('12.50'). */
  price: string;
  /** Stock of a product; null for a service. */
  stock?: number | null;
}

/** The largest quantity a line may have: the product's stock, else 100. */
export const quantityLimit = (type: InvoiceItemType | null, stock: number | null | undefined): number =>
  type === 'PRODUCT' && typeof stock === 'number' ? Math.max(0, stock) : UNKNOWN_STOCK_LIMIT;

/**
 * 'Invoice item defaults' (part 1 §4): a service brings its price, quantity 1 and CASH; a product its price,
 * quantity 1 (0 when out of stock) and CASH.
 */
export function itemDefaults(type: InvoiceItemType, entity: PricedEntity): { price: string; quantity: number; paymentType: PaymentType } {
  const quantity = type === 'PRODUCT' && quantityLimit(type, entity.stock) === 0 ? 0 : 1;
  return { price: entity.price, quantity, paymentType: 'CASH' };
}

/** A membership as the synced rows carry it (the fields these rules read). */
export interface InvoiceMembership {
  id: string;
  clientId: string;
  serviceId: string;
  serialNumber: number;
  quantity: number;
  totalUses: number;
  /** Decimal string ('8.33'). */
  pricePerUse: string;
  /** ISO instant. */
  createdAt: string;
}

export interface InvoiceAppointment {
  clientId: string | null;
  serviceId: string;
  membershipId: string | null;
}

/** A membership has a use left: totalUses below quantity. */
export const hasUsesLeft = (m: Pick<InvoiceMembership, 'totalUses' | 'quantity'>): boolean => m.totalUses < m.quantity;

/**
 * 'Membership for an invoice' (part 1 §4): the one the invoice already used, or the appointment's; otherwise,
 * while unpaid, the client's oldest membership of the appointment's service with uses left. Null: MEMBERSHIP is
 * not offered.
 */
export function membershipForInvoice<M extends InvoiceMembership>(
  appointment: InvoiceAppointment,
  invoice: { paid: boolean; membershipId: string | null } | null,
  memberships: readonly M[],
): M | null {
  const fixed = invoice?.membershipId ?? appointment.membershipId;
  if (fixed) return memberships.find((m) => m.id === fixed) ?? null;
  if (invoice?.paid || !appointment.clientId) return null;
  const fitting = memberships
    .filter((m) => m.clientId === appointment.clientId && m.serviceId === appointment.serviceId && hasUsesLeft(m))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.serialNumber - b.serialNumber);
  return fitting[0] ?? null;
}

/**
 * The price a line gets when its payment type changes (part 1 §4): choosing MEMBERSHIP sets the membership's
 * price per use; switching away from it restores the entity's own price; other changes keep the typed price.
 */
export function priceOnPaymentChange(
  from: PaymentType | null,
  to: PaymentType,
  price: string,
  membership: Pick<InvoiceMembership, 'pricePerUse'> | null,
  entityPrice: string | null,
): string {
  if (to === 'MEMBERSHIP' && membership) return membership.pricePerUse;
  if (from === 'MEMBERSHIP' && to !== 'MEMBERSHIP' && entityPrice !== null) return entityPrice;
  return price;
}

export interface MembershipLine {
  type: InvoiceItemType;
  entity: string;
  quantity: number;
  paymentType: PaymentType;
}

export const onlyOneUse = (): ServerErrorShape => refusal('onlyOneMembershipUse');
export const membershipDoesNotExist = (): ServerErrorShape => refusal('membershipDoesNotExist');
export const membershipRunOut = (): ServerErrorShape => refusal('membershipRunOut');

/**
 * The membership rules of part 1 §5 for the lines of an invoice and the membership it names (already checked
 * to be a live one of the appointment's client, else pass null): at most one MEMBERSHIP line; that line is one
 * use (quantity 1) of the membership's service; MEMBERSHIP without a membership does not exist; a membership
 * with no use left has run out. Null when the lines may be saved.
 */
export function membershipRefusal(
  items: readonly MembershipLine[],
  membership: Pick<InvoiceMembership, 'serviceId' | 'totalUses' | 'quantity'> | null,
): ServerErrorShape | null {
  const uses = items.filter((i) => i.paymentType === 'MEMBERSHIP');
  if (uses.length === 0) return null;
  if (uses.length > 1) return onlyOneUse();
  const use = uses[0] as MembershipLine;
  if (!membership || use.type !== 'SERVICE' || use.quantity !== 1 || use.entity !== membership.serviceId) return membershipDoesNotExist();
  if (!hasUsesLeft(membership)) return membershipRunOut();
  return null;
}

/**
 * The invoice's Total price in cents (part 1 §2): the sum of price × quantity of its lines less their discounts
 * (issue 59 item 5), exact in integer cents. Prices may be as typed ('12,5') or as stored ('12.50'); a line whose price or quantity is not (yet)
 * valid counts nothing, as the form shows while typing. Null when the sum leaves numeric(12,2): the save is refused.
 */
export function invoiceTotal(items: Iterable<TotalLine>): Cents | null {
  let total = 0;
  for (const item of items) {
    const cents = parsePrice(item.price);
    if (cents === null || item.quantity === null || !Number.isSafeInteger(item.quantity)) continue;
    const gross = cents * item.quantity;
    if (!fitsNumeric(gross)) return null;
    total += gross - typedDiscountCents(gross, item);
    if (!fitsNumeric(total)) return null;
  }
  return total;
}

/** A line as the total reads it: the price and the discount as typed or stored. */
type TotalLine = { price: string; quantity: number | null } & Discounted;

/** The total as stored and synced ('12.50'), or null when it does not fit numeric(12,2). */
export function invoiceTotalDecimal(items: Iterable<TotalLine>): string | null {
  const total = invoiceTotal(items);
  return total === null ? null : centsToDecimal(total);
}
