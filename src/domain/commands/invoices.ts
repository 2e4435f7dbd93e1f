import type { ServerErrorShape } from '../errors';
import { refusal } from '../refusals';
import { canAddInvoiceItems, hasUsesLeft, invoiceTotalDecimal, membershipRefusal, type InvoiceMembership } from '../rules/invoice';
import { editedInvoice, isMembershipItem, type EditedInvoice } from '../rules/invoice-edit';
import { isOwnerOrSysadmin } from '../roles';
import type { InvoiceItemRow } from '../entities';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';
import { stockRefusal } from './sales';
import type { MessageId } from '../../i18n/messages/message-id';

/**
 * The rules of an appointment's invoice commands (part 1 §2, §4, §5, §8) as pure checks, run by the local command
 * against the mirror (src/db/commands/invoices.ts) and by the server inside its transaction
 * (server/modules/invoices/service.ts). Each side reads what a check needs and hands it over; the check returns
 * the first refusal, from the one table (src/domain/refusals.ts), or null. The order is the server's.
 */

/**
 * createInvoice: the session's salon; the appointment a live one of the salon; a fresh id; the appointment
 * without an invoice yet (part 1 §4). `idTaken` is global on the server (any salon, deleted rows too); locally
 * the mirror's invoices only.
 */
export function checkCreateInvoice(
  input: CommandValues<'invoice.create'>,
  actor: Actor,
  reads: { appointmentExists: boolean; idTaken: boolean; hasInvoice: boolean },
): ServerErrorShape | null {
  if (input.salon !== actor.salonId) return refusal('notSessionSalon');
  if (!reads.appointmentExists) return refusal('appointmentNotExists');
  if (reads.idTaken) return refusal('idTaken');
  if (reads.hasInvoice) return refusal('invoiceExists');
  return null;
}

export type SellerType = NonNullable<InvoiceItemRow['sellerType']>;

/** A line of the invoice as it is before the update (types as the database or the mirror keep them). */
export interface PriorLine {
  id: string;
  type: string;
  entityId: string;
  sellerId: string | null;
  sellerType: string | null;
}

/**
 * What the lines' entities and sellers are in the salon: the live services and products among the lines'
 * entities, and each of the lines' sellers that is a live master, administrator or cabinet of the salon, with
 * its type (a master first, then an administrator, then a cabinet).
 */
export interface LineReads {
  services: ReadonlySet<string>;
  products: ReadonlySet<string>;
  sellers: ReadonlyMap<string, SellerType>;
}

type Line = CommandValues<'invoice.update'>['items'][number];

/**
 * A line as stored: a seller kept as it was keeps its type (even a former master's), another one gets the type
 * the salon's rows give it; null when it is none of the salon's ('Select seller', which the check refuses).
 */
export function invoiceLine(item: Line, before: PriorLine | undefined, sellers: ReadonlyMap<string, SellerType>): InvoiceItemRow {
  const sellerType = before?.sellerId === item.seller ? (before.sellerType as SellerType | null) : (sellers.get(item.seller) ?? null);
  return {
    id: item.id,
    type: item.type,
    entityId: item.entity,
    sellerId: item.seller,
    sellerType,
    quantity: item.quantity,
    price: item.price,
    paymentType: item.paymentType,
    discountType: item.discountType,
    discount: item.discount,
  };
}

/** The lines as stored (after the check let them through). */
export const invoiceLines = (
  items: readonly Line[],
  before: readonly PriorLine[],
  sellers: ReadonlyMap<string, SellerType>,
): InvoiceItemRow[] => {
  const prior = new Map(before.map((i) => [i.id, i]));
  return items.map((item) => invoiceLine(item, prior.get(item.id), sellers));
};

const lineInvalid = (field: string, messageId: MessageId) => refusal('invoiceItemInvalid', { field, messageId });

/**
 * updateInvoice: save a draft or pay (part 1 §4). The invoice is a live appointment invoice of the salon and
 * not paid yet; a master changes and pays its lines but never adds one (part 1 §6); each line's entity is kept
 * as it was or a live service or product of the salon, its seller kept or one of the salon's; the invoice's
 * appointment is live; the membership rules; the total fits numeric(12,2); new line ids are fresh; and paying
 * takes the PRODUCT lines out of stock.
 *
 * - `invoice`: the live APPOINTMENT invoice of the salon, or null; `items` its live lines.
 * - `appointment`: the invoice's appointment if a live one of the salon, else null.
 * - `membership`: the one `input.membership` names if a live one of the salon and of the appointment's client,
 *   else null ('Membership does not exist').
 * - `itemIdTaken`: a new line's id is taken by another row: on the server by any salon's line, deleted ones too;
 *   the mirror does not index line ids, so locally false (the server decides).
 * - `stock`: when paying, the quantity of each live product of the salon among the PRODUCT lines.
 */
export function checkUpdateInvoice(
  input: CommandValues<'invoice.update'>,
  actor: Actor,
  reads: {
    invoice: { paid: boolean; appointmentId: string | null; items: readonly PriorLine[] } | null;
    lines: LineReads;
    appointment: { clientId: string | null } | null;
    membership: Pick<InvoiceMembership, 'serviceId' | 'totalUses' | 'quantity'> | null;
    itemIdTaken: boolean;
    stock: ReadonlyMap<string, number>;
  },
): ServerErrorShape | null {
  const { invoice } = reads;
  if (!invoice) return refusal('invoiceNotExists');
  if (invoice.paid) return refusal('invoicePaidLocked');
  const before = new Map(invoice.items.map((i) => [i.id, i]));
  if (!canAddInvoiceItems(actor) && input.items.some((i) => !before.has(i.id))) return refusal('masterCannotAddInvoiceItems');
  for (const [n, item] of input.items.entries()) {
    const old = before.get(item.id);
    // What the line had may stay even if it is gone from the salon since (a deleted service, a former master).
    const keepsEntity = old?.type === item.type && old.entityId === item.entity;
    if (!keepsEntity && !(item.type === 'SERVICE' ? reads.lines.services : reads.lines.products).has(item.entity))
      return lineInvalid(`items.${n}.entity`, 'invoice.selectEntity');
    if (!invoiceLine(item, old, reads.lines.sellers).sellerType) return lineInvalid(`items.${n}.seller`, 'invoice.selectSeller');
  }
  // The tip goes to a live master of the salon (issue 59 item 5).
  if (input.tipMaster && reads.lines.sellers.get(input.tipMaster) !== 'MASTER') return lineInvalid('tipMaster', 'invoice.tipSelectMaster');
  if (invoice.appointmentId && !reads.appointment) return refusal('appointmentNotExists');
  const membership = membershipRefusal(input.items, reads.membership);
  if (membership) return membership;
  if (invoiceTotalDecimal(input.items) === null) return lineInvalid('items', 'invoice.totalTooLarge');
  if (reads.itemIdTaken) return refusal('idTaken');
  if (!input.paid) return null;
  return stockRefusal(
    input.items.filter((i) => i.type === 'PRODUCT').map((i) => ({ productId: i.entity, quantity: i.quantity })),
    reads.stock,
  );
}

/**
 * editInvoice (part 2 §2, §5, §6; decision 039): the owner (or a sysadmin) corrects one line of an invoice of the
 * salon, appointment or sale, paid or not: its price and payment type. MEMBERSHIP is only for the membership
 * item (`isMembershipItem`): switching a line to it needs the invoice's membership live (else 'Membership does
 * not exist') and, on a paid invoice, a use left ('Membership is run out of uses'); the new total fits numeric(12,2).
 *
 * - `invoice`: the live invoice of the salon, or null; `items` its live lines.
 * - `membership`: the invoice's membership if a live one of the salon, else null.
 */
export function checkEditInvoice(
  input: CommandValues<'invoice.edit'>,
  actor: Actor,
  reads: {
    invoice: EditedInvoice | null;
    membership: Pick<InvoiceMembership, 'serviceId' | 'totalUses' | 'quantity' | 'pricePerUse'> | null;
  },
): ServerErrorShape | null {
  if (!isOwnerOrSysadmin(actor)) return refusal('invoiceEditForbidden');
  const { invoice, membership } = reads;
  if (!invoice) return refusal('invoiceNotExists');
  const item = invoice.items.find((i) => i.id === input.itemId);
  if (!item) return refusal('invoiceItemNotExists');
  if (input.paymentType === 'MEMBERSHIP' && item.paymentType !== 'MEMBERSHIP') {
    if (!isMembershipItem(invoice, item, membership)) {
      return invoice.membershipId && !membership
        ? refusal('membershipDoesNotExist', { field: 'paymentType' })
        : refusal('membershipNotForItem');
    }
    if (invoice.items.some((i) => i.paymentType === 'MEMBERSHIP')) return refusal('onlyOneMembershipUse', { field: 'paymentType' });
    if (invoice.paid && membership && !hasUsesLeft(membership)) return refusal('membershipRunOut', { field: 'paymentType' });
  }
  if (invoiceTotalDecimal(editedInvoice(invoice, input, membership).items) === null)
    return refusal('invoiceItemInvalid', { field: 'price', messageId: 'invoice.totalTooLarge' });
  return null;
}

/** deleteInvoice (part 2 §2, §6; decision 039): the owner (or a sysadmin) removes a live invoice of the salon. */
export function checkDeleteInvoice(actor: Actor, reads: { exists: boolean }): ServerErrorShape | null {
  if (!isOwnerOrSysadmin(actor)) return refusal('invoiceEditForbidden');
  if (!reads.exists) return refusal('invoiceNotExists');
  return null;
}
