import type { InvoiceItemRow, InvoiceRow, PaymentType } from '../entities';
import { invoiceTotalDecimal } from './invoice';

/**
 * The owner's corrections of an invoice from the Report (part 2 §2, §5, §7; decision 039), pure: the Edit invoice
 * dialog, the local commands and the server share them, so a pending edit shows exactly what the server stores.
 */

/** The payment types every line may be edited to: cash, card, gift card (part 1 §3). */
export const PLAIN_PAYMENT_TYPES = ['CASH', 'CC', 'GIFT'] as const satisfies readonly PaymentType[];

/** An invoice as these rules read it. */
export type EditedInvoice = Pick<InvoiceRow, 'paid' | 'membershipId'> & { items: readonly InvoiceItemRow[] };

/**
 * A membership item (part 2 §5 "membership items use a membership-specific payment type selector"): the line of
 * a paid invoice that used a membership, or could use it again: the invoice's membership's service, one of it.
 * Only such a line offers MEMBERSHIP beside the plain types.
 */
export function isMembershipItem(
  invoice: Pick<InvoiceRow, 'membershipId'>,
  item: Pick<InvoiceItemRow, 'type' | 'entityId' | 'quantity' | 'paymentType'>,
  membership: { serviceId: string } | null,
): boolean {
  if (item.paymentType === 'MEMBERSHIP') return true;
  return Boolean(
    invoice.membershipId && membership && item.type === 'SERVICE' && item.quantity === 1 && item.entityId === membership.serviceId,
  );
}

/** The payment types the dialog offers for a line: MEMBERSHIP first for a membership item. */
export const editPaymentTypes = (membershipItem: boolean): PaymentType[] =>
  membershipItem ? ['MEMBERSHIP', ...PLAIN_PAYMENT_TYPES] : [...PLAIN_PAYMENT_TYPES];

export interface InvoiceEdit {
  itemId: string;
  /** Decimal string as stored ('12.50'). */
  price: string;
  paymentType: PaymentType;
}

export interface InvoiceEditEffect {
  items: InvoiceItemRow[];
  item: InvoiceItemRow;
  totalPrice: string;
  /** Uses of the invoice's membership spent (+1) or given back (-1) by the edit: only a paid invoice spends uses. */
  useDelta: -1 | 0 | 1;
}

/**
 * The invoice after the owner's edit of one line (the check let it through): a MEMBERSHIP line costs the
 * membership's price per use whatever was typed (the membership was paid when sold); the total is summed again
 * in cents. Switching a paid line to MEMBERSHIP spends a use, away from it gives the use back.
 */
export function editedInvoice(invoice: EditedInvoice, edit: InvoiceEdit, membership: { pricePerUse: string } | null): InvoiceEditEffect {
  const before = invoice.items.find((i) => i.id === edit.itemId);
  if (!before) throw new Error('editedInvoice: the item is not on the invoice');
  const price = edit.paymentType === 'MEMBERSHIP' && membership ? membership.pricePerUse : edit.price;
  const item: InvoiceItemRow = { ...before, price, paymentType: edit.paymentType };
  const items = invoice.items.map((i) => (i.id === item.id ? item : i));
  const was = before.paymentType === 'MEMBERSHIP';
  const is = item.paymentType === 'MEMBERSHIP';
  const useDelta = !invoice.paid || was === is ? 0 : is ? 1 : -1;
  return { items, item, totalPrice: invoiceTotalDecimal(items) ?? '0.00', useDelta };
}

/** Whether the edit changes anything: an unchanged line is not sent, and not recorded. */
export const changesInvoice = (item: Pick<InvoiceItemRow, 'price' | 'paymentType'>, edit: Pick<InvoiceEdit, 'price' | 'paymentType'>) =>
  item.price !== edit.price || item.paymentType !== edit.paymentType;

export interface InvoiceRemoval {
  /** Products going back to stock: a paid invoice's PRODUCT lines, summed per product. */
  stockBack: Map<string, number>;
  /** The membership whose use a paid MEMBERSHIP line gives back. */
  useBack: string | null;
}

/**
 * What removing an invoice undoes (decision 039): a paid invoice's products return to the stock and its membership
 * use to the membership, since the sale it recorded did not happen; a draft took nothing.
 */
export function removedInvoice(invoice: EditedInvoice): InvoiceRemoval {
  const stockBack = new Map<string, number>();
  if (!invoice.paid) return { stockBack, useBack: null };
  for (const item of invoice.items) {
    if (item.type === 'PRODUCT' && item.quantity > 0) stockBack.set(item.entityId, (stockBack.get(item.entityId) ?? 0) + item.quantity);
  }
  const useBack = invoice.membershipId && invoice.items.some((i) => i.paymentType === 'MEMBERSHIP') ? invoice.membershipId : null;
  return { stockBack, useBack };
}
