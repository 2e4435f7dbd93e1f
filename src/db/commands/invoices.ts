import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import type { ServerErrorShape } from '../../domain/errors';
import { derivedId } from '../../domain/ids';
import { canAddInvoiceItems, invoiceTotalDecimal, membershipRefusal, stockRefusal } from '../../domain/rules/invoice';
import { createInvoiceSchema, updateInvoiceSchema, type CreateInvoiceInput, type UpdateInvoice, type UpdateInvoiceInput } from '../../domain/schemas/invoice';
import type { AppointmentRow, InvoiceItemRow, InvoiceRow, MembershipRow } from '../../domain/sync/entities';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';

/**
 * Invoice commands of an appointment (part 1 §2, §4, §5, §8), the same checks as server/modules/invoices/service.ts,
 * so an invoice is created, saved and paid offline too. Paying spends a membership use and takes products out of
 * stock in the mirror at once. When the server refuses later (another device spent the membership's last use, sold
 * the last product, paid this invoice first) the re-base undoes all of it and the conflicts list reopens the
 * appointment's Invoice tab with the attempted lines and the spec's message.
 */
const forbidden = () => refuse(refusal('forbidden'));
const invoiceNotExists = () => refuse(refusal('invoiceNotExists'));
const invalid = (field: string, messageId: string) => refuse(refusal('invoiceItemInvalid', { field, messageId }));

async function liveAppointment(tx: CommandTx, ctx: CommandContext, id: string): Promise<AppointmentRow> {
  const row = await tx.get('appointments', id);
  if (!row || row.salonId !== ctx.salonId) refuse(refusal('appointmentNotExists'));
  return row as AppointmentRow;
}

/** The appointment's own service, one use, CASH, sold by its master (or cabinet): what a new invoice starts with. */
async function newInvoiceRow(tx: CommandTx, ctx: CommandContext, input: CreateInvoiceInput, appointment: AppointmentRow): Promise<InvoiceRow> {
  const service = await tx.get('services', appointment.serviceId);
  const seller = appointment.masterId ? { sellerId: appointment.masterId, sellerType: 'MASTER' as const } : { sellerId: appointment.cabinetId, sellerType: appointment.cabinetId ? ('CABINET' as const) : null };
  const items: InvoiceItemRow[] = service && service.salonId === ctx.salonId
    ? [{ id: derivedId(input.id, 'service'), type: 'SERVICE', entityId: service.id, ...seller, quantity: 1, price: service.price, paymentType: 'CASH' }]
    : [];
  return {
    id: input.id, salonId: ctx.salonId, appointmentId: appointment.id, type: 'APPOINTMENT', administratorId: ctx.userId, paid: false, archived: false,
    totalPrice: invoiceTotalDecimal(items) ?? '0.00', membershipId: null, items, createdAt: ctx.now,
  };
}

/**
 * createInvoice: only when the appointment has none (part 1 §4). Refused later (another device made one first):
 * this one is undone and that device's invoice arrives by pull.
 */
export const createInvoice = defineCommand<WithContext<CreateInvoiceInput>>({
  name: 'invoice.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createInvoiceSchema, args.input);
    if (input.salon !== args.ctx.salonId) forbidden();
    await liveAppointment(tx, args.ctx, input.appointment);
    if (await tx.get('invoices', input.id)) refuse(refusal('idTaken'));
    const existing = await tx.table('invoices').where('appointmentId').equals(input.appointment).first();
    if (existing) refuse(refusal('invoiceExists'));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createInvoiceSchema, args.input);
    const appointment = await liveAppointment(tx, args.ctx, input.appointment);
    await tx.put('invoices', await newInvoiceRow(tx, args.ctx, input, appointment));
  },
});

interface Resolved {
  invoice: InvoiceRow;
  items: InvoiceItemRow[];
  membership: MembershipRow | null;
}

/** Reads and checks everything an update depends on; refuses as the server does, in the same order. */
async function resolveUpdate(tx: CommandTx, ctx: CommandContext, input: UpdateInvoice): Promise<Resolved> {
  const invoice = await tx.get('invoices', input.invoiceId);
  if (!invoice || invoice.salonId !== ctx.salonId || invoice.type !== 'APPOINTMENT') return invoiceNotExists();
  if (invoice.paid) refuse(refusal('invoicePaidLocked'));
  const before = new Map(invoice.items.map((i) => [i.id, i]));
  if (!canAddInvoiceItems(ctx) && input.items.some((i) => !before.has(i.id))) refuse(refusal('masterCannotAddInvoiceItems'));
  const items: InvoiceItemRow[] = [];
  for (const [n, item] of input.items.entries()) {
    const old = before.get(item.id);
    // What the line had may stay even if it is gone from the salon since (a deleted service, a former master).
    const entity = old?.type === item.type && old.entityId === item.entity ? true : (await tx.get(item.type === 'SERVICE' ? 'services' : 'products', item.entity))?.salonId === ctx.salonId;
    if (!entity) invalid(`items.${n}.entity`, 'invoice.selectEntity');
    const sellerType = old?.sellerId === item.seller ? old.sellerType : await sellerTypeOf(tx, ctx, item.seller);
    if (!sellerType) invalid(`items.${n}.seller`, 'invoice.selectSeller');
    items.push({ id: item.id, type: item.type, entityId: item.entity, sellerId: item.seller, sellerType, quantity: item.quantity, price: item.price, paymentType: item.paymentType });
  }
  const appointment = invoice.appointmentId ? await tx.get('appointments', invoice.appointmentId) : undefined;
  const named = input.membership ? await tx.get('memberships', input.membership) : undefined;
  const membership = named && named.salonId === ctx.salonId && named.clientId === appointment?.clientId ? named : null;
  const broken: ServerErrorShape | null = membershipRefusal(input.items, membership);
  if (broken) refuse(broken);
  if (invoiceTotalDecimal(input.items) === null) invalid('items', 'invoice.totalTooLarge');
  if (input.paid) {
    const stock = new Map<string, number>();
    for (const item of items) if (item.type === 'PRODUCT') stock.set(item.entityId, (await tx.get('products', item.entityId))?.quantity ?? 0);
    const short = stockRefusal(input.items, (id) => stock.get(id) ?? null);
    if (short) refuse(short);
  }
  return { invoice, items, membership: input.items.some((i) => i.paymentType === 'MEMBERSHIP') ? membership : null };
}

/** A seller of the salon: one of its masters or administrators (or a cabinet), else null ('Select seller'). */
async function sellerTypeOf(tx: CommandTx, ctx: CommandContext, id: string): Promise<InvoiceItemRow['sellerType']> {
  if ((await tx.get('masters', id))?.salonId === ctx.salonId) return 'MASTER';
  if ((await tx.get('administrators', id))?.salonId === ctx.salonId) return 'ADMINISTRATOR';
  if ((await tx.get('cabinets', id))?.salonId === ctx.salonId) return 'CABINET';
  return null;
}

/**
 * updateInvoice: save a draft (paid false) or pay (paid true; the items lock, the appointment locks). Paying by
 * MEMBERSHIP uses one of the membership's uses; PRODUCT lines leave the stock.
 */
export const updateInvoice = defineCommand<WithContext<UpdateInvoiceInput>>({
  name: 'invoice.update',
  async validate(tx, args) {
    await resolveUpdate(tx, args.ctx, parseOrRefuse(updateInvoiceSchema, args.input));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateInvoiceSchema, args.input);
    const { invoice, items, membership } = await resolveUpdate(tx, args.ctx, input);
    const products = input.paid ? await Promise.all(items.filter((i) => i.type === 'PRODUCT').map(async (i) => ({ item: i, row: await tx.get('products', i.entityId) }))) : [];
    // Lines in id order, as pull sends them: the pending row equals the one the server will confirm.
    const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await tx.put('invoices', { ...invoice, items: sorted, paid: input.paid, totalPrice: invoiceTotalDecimal(items) ?? invoice.totalPrice, membershipId: membership?.id ?? null });
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
