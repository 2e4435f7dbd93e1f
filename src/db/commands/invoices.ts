import {
  checkCreateInvoice,
  checkDeleteInvoice,
  checkEditInvoice,
  checkUpdateInvoice,
  invoiceLines,
  type LineReads,
  type SellerType,
} from '../../domain/commands/invoices';
import { editedInvoice, removedInvoice } from '../../domain/rules/invoice-edit';
import { derivedId } from '../../domain/ids';
import { invoiceTotalDecimal } from '../../domain/rules/invoice';
import {
  createInvoiceSchema,
  deleteInvoiceSchema,
  editInvoiceSchema,
  updateInvoiceSchema,
  type CreateInvoiceInput,
  type UpdateInvoice,
} from '../../domain/schemas/invoice';
import type { AppointmentRow, InvoiceItemRow, InvoiceRow, MembershipRow } from '../../domain/entities';
import { actorOf, check } from './shared-check';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';

/**
 * Invoice commands of an appointment (part 1 §2, §4, §5, §8): the shared checks of src/domain/commands/invoices.ts,
 * fed from the mirror, so an invoice is created, saved and paid offline too. Paying spends a membership use and
 * takes products out of stock in the mirror at once. When the server refuses later (another device spent the
 * membership's last use, sold the last product, paid this invoice first) the re-base undoes all of it and the
 * conflicts list reopens the appointment's Invoice tab with the attempted lines and the spec's message.
 */

/** A row of the session's salon in the mirror, or null. */
async function ownRow<
  E extends 'appointments' | 'services' | 'products' | 'masters' | 'administrators' | 'cabinets' | 'memberships' | 'invoices',
>(tx: CommandTx, ctx: CommandContext, entity: E, id: string) {
  const row = await tx.get(entity, id);
  return row && row.salonId === ctx.salonId ? row : null;
}

/** The appointment's own service, one use, CASH, sold by its master (or cabinet): what a new invoice starts with. */
async function newInvoiceRow(
  tx: CommandTx,
  ctx: CommandContext,
  input: CreateInvoiceInput,
  appointment: AppointmentRow,
): Promise<InvoiceRow> {
  const service = await tx.get('services', appointment.serviceId);
  const seller = appointment.masterId
    ? { sellerId: appointment.masterId, sellerType: 'MASTER' as const }
    : { sellerId: appointment.cabinetId, sellerType: appointment.cabinetId ? ('CABINET' as const) : null };
  const items: InvoiceItemRow[] =
    service && service.salonId === ctx.salonId
      ? [
          {
            id: derivedId(input.id, 'service'),
            type: 'SERVICE',
            entityId: service.id,
            ...seller,
            quantity: 1,
            price: service.price,
            paymentType: 'CASH',
            discountType: null,
            discount: '0.00',
          },
        ]
      : [];
  return {
    id: input.id,
    salonId: ctx.salonId,
    appointmentId: appointment.id,
    type: 'APPOINTMENT',
    administratorId: ctx.userId,
    paid: false,
    archived: false,
    totalPrice: invoiceTotalDecimal(items) ?? '0.00',
    membershipId: null,
    tip: '0.00',
    tipMasterId: null,
    tipPaymentType: null,
    items,
    createdAt: ctx.now,
  };
}

/**
 * createInvoice: only when the appointment has none (part 1 §4). Refused later (another device made one first):
 * this one is undone and that device's invoice arrives by pull.
 */
export const createInvoice = defineCommand({
  name: 'invoice.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createInvoiceSchema, args.input);
    const [appointment, taken, existing] = await Promise.all([
      ownRow(tx, args.ctx, 'appointments', input.appointment),
      tx.get('invoices', input.id),
      tx.table('invoices').where('appointmentId').equals(input.appointment).first(),
    ]);
    check(
      checkCreateInvoice(input, actorOf(args.ctx), {
        appointmentExists: Boolean(appointment),
        idTaken: Boolean(taken),
        hasInvoice: Boolean(existing),
      }),
    );
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createInvoiceSchema, args.input);
    const appointment = await ownRow(tx, args.ctx, 'appointments', input.appointment);
    // Re-based on server data where the appointment is gone, the effect no longer applies (the server refuses it).
    if (!appointment) return;
    await tx.put('invoices', await newInvoiceRow(tx, args.ctx, input, appointment));
  },
});

interface Resolved {
  invoice: InvoiceRow;
  items: InvoiceItemRow[];
  membership: MembershipRow | null;
}

/** What the lines' entities and sellers are in the mirror (a seller: a master first, then an administrator, then a cabinet). */
async function lineReads(tx: CommandTx, ctx: CommandContext, input: UpdateInvoice): Promise<LineReads> {
  const ids = (type: 'SERVICE' | 'PRODUCT') => [...new Set(input.items.filter((i) => i.type === type).map((i) => i.entity))];
  const own = async (entity: 'services' | 'products', list: string[]) =>
    new Set((await Promise.all(list.map((id) => ownRow(tx, ctx, entity, id)))).flatMap((r) => (r ? [r.id] : [])));
  const sellerOf = async (id: string): Promise<[string, SellerType] | null> => {
    if (await ownRow(tx, ctx, 'masters', id)) return [id, 'MASTER'];
    if (await ownRow(tx, ctx, 'administrators', id)) return [id, 'ADMINISTRATOR'];
    if (await ownRow(tx, ctx, 'cabinets', id)) return [id, 'CABINET'];
    return null;
  };
  const [services, products, sellers] = await Promise.all([
    own('services', ids('SERVICE')),
    own('products', ids('PRODUCT')),
    Promise.all([...new Set([...input.items.map((i) => i.seller), ...(input.tipMaster ? [input.tipMaster] : [])])].map(sellerOf)),
  ]);
  return { services, products, sellers: new Map(sellers.filter((s) => s !== null)) };
}

/**
 * Reads from the mirror everything an update depends on and runs the shared check (the apply runs it too: re-based
 * on server data it no longer passes, the effect is not applied); what the update writes.
 */
async function resolveUpdate(tx: CommandTx, ctx: CommandContext, input: UpdateInvoice): Promise<Resolved> {
  const row = await ownRow(tx, ctx, 'invoices', input.invoiceId);
  const invoice = row && row.type === 'APPOINTMENT' ? row : null;
  const productIds = input.paid ? [...new Set(input.items.filter((i) => i.type === 'PRODUCT').map((i) => i.entity))] : [];
  const [lines, appointment, named, products] = await Promise.all([
    lineReads(tx, ctx, input),
    invoice?.appointmentId ? ownRow(tx, ctx, 'appointments', invoice.appointmentId) : null,
    input.membership ? ownRow(tx, ctx, 'memberships', input.membership) : null,
    Promise.all(productIds.map((id) => ownRow(tx, ctx, 'products', id))),
  ]);
  const membership = named && appointment && named.clientId === appointment.clientId ? named : null;
  const stock = new Map(products.flatMap((p) => (p ? [[p.id, p.quantity] as const] : [])));
  // Line ids are not indexed in the mirror: whether a new one is taken elsewhere only the server sees.
  check(checkUpdateInvoice(input, actorOf(ctx), { invoice, lines, appointment, membership, itemIdTaken: false, stock }));
  const found = invoice as InvoiceRow;
  return {
    invoice: found,
    items: invoiceLines(input.items, found.items, lines.sellers),
    membership: input.items.some((i) => i.paymentType === 'MEMBERSHIP') ? membership : null,
  };
}

/**
 * updateInvoice: save a draft (paid false) or pay (paid true; the items lock, the appointment locks). Paying by
 * MEMBERSHIP uses one of the membership's uses; PRODUCT lines leave the stock.
 */
export const updateInvoice = defineCommand({
  name: 'invoice.update',
  async validate(tx, args) {
    await resolveUpdate(tx, args.ctx, parseOrRefuse(updateInvoiceSchema, args.input));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateInvoiceSchema, args.input);
    const { invoice, items, membership } = await resolveUpdate(tx, args.ctx, input);
    const products = input.paid
      ? await Promise.all(
          items.filter((i) => i.type === 'PRODUCT').map(async (i) => ({ item: i, row: await tx.get('products', i.entityId) })),
        )
      : [];
    // Lines in id order, as pull sends them: the pending row equals the one the server will confirm.
    const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await tx.put('invoices', {
      ...invoice,
      items: sorted,
      paid: input.paid,
      totalPrice: invoiceTotalDecimal(items) ?? invoice.totalPrice,
      membershipId: membership?.id ?? null,
      tip: input.tip,
      tipMasterId: input.tipMaster,
      tipPaymentType: input.tipPaymentType,
    });
    if (!input.paid) return;
    if (membership) await tx.put('memberships', { ...membership, totalUses: membership.totalUses + 1 });
    const left = new Map<string, number>();
    for (const { item, row } of products) {
      if (!row) continue;
      const quantity = (left.get(row.id) ?? row.quantity) - item.quantity;
      left.set(row.id, quantity);
      await tx.put('products', { ...row, quantity });
    }
  },
});

/** The owner's corrections from the Report (part 2 §2, §5-§7; decision 039): the invoice and its membership in the mirror. */
async function correctionReads(tx: CommandTx, ctx: CommandContext, invoiceId: string) {
  const invoice = await ownRow(tx, ctx, 'invoices', invoiceId);
  const membership = invoice?.membershipId ? await ownRow(tx, ctx, 'memberships', invoice.membershipId) : null;
  return { invoice, membership };
}

/**
 * editInvoice: one line's price and payment type, the total summed again; on a paid invoice, switching to or from
 * MEMBERSHIP spends or gives back the membership's use in the mirror at once. The report follows at once, offline
 * too. Refused later (another device removed the invoice, spent the membership's last use): the re-base undoes it
 * and the conflicts list reopens the Edit invoice dialog on the Report with the typed values and the message.
 */
export const editInvoice = defineCommand({
  name: 'invoice.edit',
  async validate(tx, args) {
    const input = parseOrRefuse(editInvoiceSchema, args.input);
    check(checkEditInvoice(input, actorOf(args.ctx), await correctionReads(tx, args.ctx, input.invoiceId)));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(editInvoiceSchema, args.input);
    const { invoice, membership } = await correctionReads(tx, args.ctx, input.invoiceId);
    // Re-based on server data where the edit no longer passes, it is not applied (the server refuses it).
    if (!invoice || checkEditInvoice(input, actorOf(args.ctx), { invoice, membership })) return;
    const effect = editedInvoice(invoice, input, membership);
    await tx.put('invoices', { ...invoice, items: effect.items, totalPrice: effect.totalPrice });
    if (membership && effect.useDelta !== 0)
      await tx.put('memberships', { ...membership, totalUses: Math.max(0, membership.totalUses + effect.useDelta) });
  },
});

/**
 * deleteInvoice: the invoice leaves the mirror (and the report) at once; a paid one's products go back to the
 * mirror's stock and its membership use to the membership, as the server does. Refused later (it was removed
 * elsewhere first): the re-base brings the server's rows back and the conflicts list says so.
 */
export const deleteInvoice = defineCommand({
  name: 'invoice.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteInvoiceSchema, args.input);
    const invoice = await ownRow(tx, args.ctx, 'invoices', input.invoiceId);
    check(checkDeleteInvoice(actorOf(args.ctx), { exists: Boolean(invoice) }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(deleteInvoiceSchema, args.input);
    const invoice = await ownRow(tx, args.ctx, 'invoices', input.invoiceId);
    if (!invoice) return;
    const { stockBack, useBack } = removedInvoice(invoice);
    await tx.delete('invoices', invoice.id);
    for (const [productId, n] of stockBack) {
      const product = await ownRow(tx, args.ctx, 'products', productId);
      if (product) await tx.put('products', { ...product, quantity: product.quantity + n });
    }
    const membership = useBack ? await ownRow(tx, args.ctx, 'memberships', useBack) : null;
    if (membership) await tx.put('memberships', { ...membership, totalUses: Math.max(0, membership.totalUses - 1) });
  },
});
