import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { derivedId } from '../../../src/domain/ids';
import { canAddInvoiceItems, invoiceTotalDecimal, membershipRefusal, membershipRunOut } from '../../../src/domain/rules/invoice';
import type { createInvoiceSchema, updateInvoiceSchema } from '../../../src/domain/schemas/invoice';
import type { InvoiceItemRow } from '../../../src/domain/sync/entities';
import { administrators, cabinets, invoiceItems, invoices, masters, memberships, products, services } from '../../db/schema';
import { forbidden } from '../../graphql/errors';
import { fromShape, refused } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { invoiceRow } from '../../sync/rows';
import { findAppointment, invoiceOf } from '../appointments/checks';
import { takeFromStock } from '../sales/stock';

/**
 * Invoices of appointments (part 1 §2, §4, §5, §7, §8). Every read and write is scoped to the session's salon;
 * money is numeric(12,2), summed in integer cents (src/domain/rules/invoice.ts), never in floats. The salon's rev
 * bump locks the salon first, and the membership use and the stock are each ONE conditional UPDATE, so two
 * devices spending the last use (or the last product) cannot both succeed, even across server instances.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type InvoiceDbRow = typeof invoices.$inferSelect;
type ItemDbRow = typeof invoiceItems.$inferSelect;

const liveItems = (w: Writer, invoiceId: string) =>
  w.tx.select().from(invoiceItems).where(and(eq(invoiceItems.invoiceId, invoiceId), eq(invoiceItems.salonId, w.salonId), isNull(invoiceItems.deletedAt))).orderBy(asc(invoiceItems.id));

export const invoiceView = (row: InvoiceDbRow, items: ItemDbRow[]) => ({ ...invoiceRow(row, items), rev: row.rev });

/** createInvoice: only when the appointment has none; it starts with the appointment's service (as the local command). */
export async function createInvoice(w: Writer, input: In<typeof createInvoiceSchema>) {
  if (input.salon !== w.salonId) throw forbidden('NOT_THE_SESSION_SALON');
  const rev = await w.rev();
  const appointment = await findAppointment(w, input.appointment);
  const [taken] = await w.tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, input.id));
  if (taken) throw refused('idTaken');
  if (await invoiceOf(w, appointment.id)) throw refused('invoiceExists');
  const [service] = await w.tx
    .select({ id: services.id, price: services.price })
    .from(services)
    .where(and(eq(services.id, appointment.serviceId), eq(services.salonId, w.salonId), isNull(services.deletedAt)));
  const seller = appointment.masterId ? { sellerId: appointment.masterId, sellerType: 'MASTER' } : { sellerId: appointment.cabinetId, sellerType: appointment.cabinetId ? 'CABINET' : null };
  const items = service ? [{ id: derivedId(input.id, 'service'), salonId: w.salonId, invoiceId: input.id, type: 'SERVICE', entityId: service.id, ...seller, quantity: 1, price: service.price, paymentType: 'CASH', rev }] : [];
  const [row] = await w.tx
    .insert(invoices)
    .values({ id: input.id, salonId: w.salonId, appointmentId: appointment.id, type: 'APPOINTMENT', administratorId: w.viewer.user.id, totalPrice: invoiceTotalDecimal(items) ?? '0', rev })
    .returning();
  const inserted = items.length ? await w.tx.insert(invoiceItems).values(items).returning() : [];
  return invoiceView(row as InvoiceDbRow, inserted);
}

/** Ids among `ids` that are live rows of the salon in `table`. */
async function liveIds(w: Writer, table: typeof services | typeof products | typeof masters | typeof administrators | typeof cabinets, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await w.tx.select({ id: table.id }).from(table).where(and(eq(table.salonId, w.salonId), inArray(table.id, ids), isNull(table.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

type Update = In<typeof updateInvoiceSchema>;

/** Each line as stored: its entity a live service or product, its seller a master, administrator or cabinet of the salon. */
async function resolveItems(w: Writer, input: Update, before: Map<string, ItemDbRow>): Promise<InvoiceItemRow[]> {
  const ids = (pick: (i: Update['items'][number]) => string | null) => [...new Set(input.items.map(pick).filter((id): id is string => id !== null))];
  const [serviceIds, productIds, masterIds, adminIds, cabinetIds] = await Promise.all([
    liveIds(w, services, ids((i) => (i.type === 'SERVICE' ? i.entity : null))),
    liveIds(w, products, ids((i) => (i.type === 'PRODUCT' ? i.entity : null))),
    liveIds(w, masters, ids((i) => i.seller)),
    liveIds(w, administrators, ids((i) => i.seller)),
    liveIds(w, cabinets, ids((i) => i.seller)),
  ]);
  return input.items.map((item, n) => {
    const old = before.get(item.id);
    // What the line had may stay even if it is gone from the salon since (a deleted service, a former master).
    const keepsEntity = old?.type === item.type && old.entityId === item.entity;
    if (!keepsEntity && !(item.type === 'SERVICE' ? serviceIds : productIds).has(item.entity)) throw refused('invoiceItemInvalid', { field: `items.${n}.entity`, messageId: 'invoice.selectEntity' });
    const sellerType = old?.sellerId === item.seller ? (old.sellerType as InvoiceItemRow['sellerType'])
      : masterIds.has(item.seller) ? 'MASTER' : adminIds.has(item.seller) ? 'ADMINISTRATOR' : cabinetIds.has(item.seller) ? 'CABINET' : null;
    if (!sellerType) throw refused('invoiceItemInvalid', { field: `items.${n}.seller`, messageId: 'invoice.selectSeller' });
    return { id: item.id, type: item.type, entityId: item.entity, sellerId: item.seller, sellerType, quantity: item.quantity, price: item.price, paymentType: item.paymentType };
  });
}

/** A live membership of the salon and of the appointment's client, else null ('Membership does not exist'). */
async function membershipOf(w: Writer, id: string | null, clientId: string | null) {
  if (!id || !clientId) return null;
  const [row] = await w.tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), eq(memberships.salonId, w.salonId), eq(memberships.clientId, clientId), isNull(memberships.deletedAt)));
  return row ?? null;
}

/** One use of the membership, only while one is left: the conditional UPDATE is what makes the last use single. */
async function spendUse(w: Writer, membershipId: string, rev: number) {
  const spent = await w.tx
    .update(memberships)
    .set({ totalUses: sql`${memberships.totalUses} + 1`, rev })
    .where(and(eq(memberships.id, membershipId), eq(memberships.salonId, w.salonId), isNull(memberships.deletedAt), lt(memberships.totalUses, memberships.quantity)))
    .returning({ id: memberships.id });
  if (spent.length === 0) throw fromShape(membershipRunOut());
}

/** Writes the lines: removed ones are soft-deleted (pull sends the invoice without them), the rest upserted. */
async function writeItems(w: Writer, invoiceId: string, items: InvoiceItemRow[], rev: number) {
  const mine = await w.tx.select({ id: invoiceItems.id, deletedAt: invoiceItems.deletedAt }).from(invoiceItems).where(and(eq(invoiceItems.invoiceId, invoiceId), eq(invoiceItems.salonId, w.salonId)));
  const own = new Set(mine.map((i) => i.id));
  const fresh = items.filter((i) => !own.has(i.id)).map((i) => i.id);
  if (fresh.length && (await w.tx.select({ id: invoiceItems.id }).from(invoiceItems).where(inArray(invoiceItems.id, fresh))).length) throw refused('idTaken');
  const kept = new Set(items.map((i) => i.id));
  const removed = mine.filter((i) => !i.deletedAt && !kept.has(i.id)).map((i) => i.id);
  if (removed.length) await w.tx.update(invoiceItems).set({ deletedAt: new Date(), rev }).where(inArray(invoiceItems.id, removed));
  for (const item of items) {
    const values = { type: item.type, entityId: item.entityId, sellerId: item.sellerId, sellerType: item.sellerType, quantity: item.quantity, price: item.price, paymentType: item.paymentType, rev, deletedAt: null };
    if (own.has(item.id)) await w.tx.update(invoiceItems).set(values).where(eq(invoiceItems.id, item.id));
    else await w.tx.insert(invoiceItems).values({ id: item.id, salonId: w.salonId, invoiceId, ...values });
  }
}

/**
 * updateInvoice: saves a draft or pays (part 1 §4). Paying locks the lines and the appointment, spends one use of
 * the membership of a MEMBERSHIP line, and takes PRODUCT lines out of stock (NEGATIVE_PRODUCT_QUANTITY when short).
 */
export async function updateInvoice(w: Writer, input: Update) {
  const rev = await w.rev();
  const [invoice] = await w.tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.salonId, w.salonId), eq(invoices.type, 'APPOINTMENT'), isNull(invoices.deletedAt)));
  if (!invoice) throw refused('invoiceNotExists');
  if (invoice.paid) throw refused('invoicePaidLocked');
  const before = new Map((await liveItems(w, invoice.id)).map((i) => [i.id, i]));
  if (!canAddInvoiceItems(w.viewer) && input.items.some((i) => !before.has(i.id))) throw refused('masterCannotAddInvoiceItems');
  const items = await resolveItems(w, input, before);
  const appointment = invoice.appointmentId ? await findAppointment(w, invoice.appointmentId) : null;
  const membership = await membershipOf(w, input.membership, appointment?.clientId ?? null);
  const broken = membershipRefusal(input.items, membership);
  if (broken) throw fromShape(broken);
  const totalPrice = invoiceTotalDecimal(items);
  if (totalPrice === null) throw refused('invoiceItemInvalid', { field: 'items', messageId: 'invoice.totalTooLarge' });
  const used = input.items.some((i) => i.paymentType === 'MEMBERSHIP') ? membership : null;
  await writeItems(w, invoice.id, items, rev);
  if (input.paid) {
    if (used) await spendUse(w, used.id, rev);
    await takeFromStock(w, items.filter((i) => i.type === 'PRODUCT').map((i) => ({ productId: i.entityId, quantity: i.quantity })));
  }
  const [row] = await w.tx
    .update(invoices)
    .set({ paid: input.paid, paidAt: input.paid ? new Date() : null, totalPrice, membershipId: used?.id ?? null, rev })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return invoiceView(row as InvoiceDbRow, await liveItems(w, invoice.id));
}
