import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { derivedId } from '../../../src/domain/ids';
import {
  checkCreateInvoice,
  checkUpdateInvoice,
  invoiceLines,
  type LineReads,
  type SellerType,
} from '../../../src/domain/commands/invoices';
import { invoiceTotalDecimal, membershipRunOut } from '../../../src/domain/rules/invoice';
import type { createInvoiceSchema, updateInvoiceSchema } from '../../../src/domain/schemas/invoice';
import type { InvoiceItemRow } from '../../../src/domain/entities';
import { administrators, cabinets, invoiceItems, invoices, masters, memberships, products, services } from '../../db/schema';
import { fromShape } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { invoiceRow } from '../../sync/rows';
import { appointmentOf, invoiceOf, type AppointmentDbRow } from '../appointments/checks';
import { actorOf, check } from '../appointments/service';
import { liveStock, takeFromStock } from '../sales/stock';

/**
 * Invoices of appointments (part 1 §2, §4, §5, §7, §8). Every read and write is scoped to the session's salon;
 * money is numeric(12,2), summed in integer cents (src/domain/rules/invoice.ts), never in floats. The salon's rev
 * bump locks the salon first, and the membership use and the stock are each ONE conditional UPDATE, so two
 * devices spending the last use (or the last product) cannot both succeed, even across server instances.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type InvoiceDbRow = typeof invoices.$inferSelect;
type ItemDbRow = typeof invoiceItems.$inferSelect;

/** The invoice's live lines, in id order (as pull sends them). */
export const liveItems = (w: Writer, invoiceId: string) =>
  w.tx
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.invoiceId, invoiceId), eq(invoiceItems.salonId, w.salonId), isNull(invoiceItems.deletedAt)))
    .orderBy(asc(invoiceItems.id));

export const invoiceView = (row: InvoiceDbRow, items: ItemDbRow[]) => ({ ...invoiceRow(row, items), rev: row.rev });

/** createInvoice: only when the appointment has none; it starts with the appointment's service (as the local command). */
export async function createInvoice(w: Writer, input: In<typeof createInvoiceSchema>) {
  const rev = await w.rev();
  const found = await appointmentOf(w, input.appointment);
  // Ids are global: an id taken in any salon, even by a deleted invoice, is refused.
  const [taken] = await w.tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, input.id));
  const hasInvoice = found ? Boolean(await invoiceOf(w, found.id)) : false;
  check(checkCreateInvoice(input, actorOf(w), { appointmentExists: Boolean(found), idTaken: Boolean(taken), hasInvoice }));
  const appointment = found as AppointmentDbRow;
  const [service] = await w.tx
    .select({ id: services.id, price: services.price })
    .from(services)
    .where(and(eq(services.id, appointment.serviceId), eq(services.salonId, w.salonId), isNull(services.deletedAt)));
  const seller = appointment.masterId
    ? { sellerId: appointment.masterId, sellerType: 'MASTER' }
    : { sellerId: appointment.cabinetId, sellerType: appointment.cabinetId ? 'CABINET' : null };
  const items = service
    ? [
        {
          id: derivedId(input.id, 'service'),
          salonId: w.salonId,
          invoiceId: input.id,
          type: 'SERVICE',
          entityId: service.id,
          ...seller,
          quantity: 1,
          price: service.price,
          paymentType: 'CASH',
          rev,
        },
      ]
    : [];
  const [row] = await w.tx
    .insert(invoices)
    .values({
      id: input.id,
      salonId: w.salonId,
      appointmentId: appointment.id,
      type: 'APPOINTMENT',
      administratorId: w.viewer.user.id,
      totalPrice: invoiceTotalDecimal(items) ?? '0',
      rev,
    })
    .returning();
  const inserted = items.length ? await w.tx.insert(invoiceItems).values(items).returning() : [];
  return invoiceView(row as InvoiceDbRow, inserted);
}

/** Ids among `ids` that are live rows of the salon in `table`. */
async function liveIds(
  w: Writer,
  table: typeof services | typeof products | typeof masters | typeof administrators | typeof cabinets,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await w.tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.salonId, w.salonId), inArray(table.id, ids), isNull(table.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

type Update = In<typeof updateInvoiceSchema>;

/** What the lines' entities and sellers are in the salon (a seller: a master first, then an administrator, then a cabinet). */
async function lineReads(w: Writer, input: Update): Promise<LineReads> {
  const ids = (pick: (i: Update['items'][number]) => string | null) => [
    ...new Set(input.items.map(pick).filter((id): id is string => id !== null)),
  ];
  // The tip's master is read with the sellers: the check wants a live master of the salon.
  const sellerIds = [...new Set([...ids((i) => i.seller), ...(typeof input.tipMaster === 'string' ? [input.tipMaster] : [])])];
  const [serviceIds, productIds, masterIds, adminIds, cabinetIds] = await Promise.all([
    liveIds(
      w,
      services,
      ids((i) => (i.type === 'SERVICE' ? i.entity : null)),
    ),
    liveIds(
      w,
      products,
      ids((i) => (i.type === 'PRODUCT' ? i.entity : null)),
    ),
    liveIds(w, masters, sellerIds),
    liveIds(w, administrators, sellerIds),
    liveIds(w, cabinets, sellerIds),
  ]);
  const sellers = new Map<string, SellerType>();
  for (const id of sellerIds) {
    const type = masterIds.has(id) ? 'MASTER' : adminIds.has(id) ? 'ADMINISTRATOR' : cabinetIds.has(id) ? 'CABINET' : null;
    if (type) sellers.set(id, type);
  }
  return { services: serviceIds, products: productIds, sellers };
}

/** A live membership of the salon and of the appointment's client, else null ('Membership does not exist'). */
async function membershipOf(w: Writer, id: string | null, clientId: string | null) {
  if (!id || !clientId) return null;
  const [row] = await w.tx
    .select()
    .from(memberships)
    .where(
      and(eq(memberships.id, id), eq(memberships.salonId, w.salonId), eq(memberships.clientId, clientId), isNull(memberships.deletedAt)),
    );
  return row ?? null;
}

/** One use of the membership, only while one is left: the conditional UPDATE is what makes the last use single. */
async function spendUse(w: Writer, membershipId: string, rev: number) {
  const spent = await w.tx
    .update(memberships)
    .set({ totalUses: sql`${memberships.totalUses} + 1`, rev })
    .where(
      and(
        eq(memberships.id, membershipId),
        eq(memberships.salonId, w.salonId),
        isNull(memberships.deletedAt),
        lt(memberships.totalUses, memberships.quantity),
      ),
    )
    .returning({ id: memberships.id });
  if (spent.length === 0) throw fromShape(membershipRunOut());
}

/** Every line the invoice ever had, deleted ones too (a line removed and added back is the same row again). */
const allItems = (w: Writer, invoiceId: string) =>
  w.tx
    .select({ id: invoiceItems.id, deletedAt: invoiceItems.deletedAt })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.invoiceId, invoiceId), eq(invoiceItems.salonId, w.salonId)));
type OwnItems = Awaited<ReturnType<typeof allItems>>;

/** Whether a line new to the invoice has an id some other row (any salon's, deleted ones too) already has. */
async function newItemIdTaken(w: Writer, input: Update, mine: OwnItems): Promise<boolean> {
  const own = new Set(mine.map((i) => i.id));
  const fresh = input.items.filter((i) => !own.has(i.id)).map((i) => i.id);
  return (
    fresh.length > 0 && (await w.tx.select({ id: invoiceItems.id }).from(invoiceItems).where(inArray(invoiceItems.id, fresh))).length > 0
  );
}

/** Writes the lines: removed ones are soft-deleted (pull sends the invoice without them), the rest upserted. */
async function writeItems(w: Writer, invoiceId: string, items: InvoiceItemRow[], mine: OwnItems, rev: number) {
  const own = new Set(mine.map((i) => i.id));
  const kept = new Set(items.map((i) => i.id));
  const removed = mine.filter((i) => !i.deletedAt && !kept.has(i.id)).map((i) => i.id);
  if (removed.length) await w.tx.update(invoiceItems).set({ deletedAt: new Date(), rev }).where(inArray(invoiceItems.id, removed));
  for (const item of items) {
    const values = {
      type: item.type,
      entityId: item.entityId,
      sellerId: item.sellerId,
      sellerType: item.sellerType,
      quantity: item.quantity,
      price: item.price,
      paymentType: item.paymentType,
      discountType: item.discountType ?? null,
      discount: item.discount ?? '0.00',
      rev,
      deletedAt: null,
    };
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
  const [found] = await w.tx
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.id, input.invoiceId), eq(invoices.salonId, w.salonId), eq(invoices.type, 'APPOINTMENT'), isNull(invoices.deletedAt)),
    );
  const before = found ? await liveItems(w, found.id) : [];
  const lines = await lineReads(w, input);
  const appointment = found?.appointmentId ? await appointmentOf(w, found.appointmentId) : null;
  const membership = await membershipOf(w, input.membership, appointment?.clientId ?? null);
  const mine = found ? await allItems(w, found.id) : [];
  const stock =
    found && input.paid
      ? await liveStock(
          w,
          input.items.filter((i) => i.type === 'PRODUCT').map((i) => i.entity),
        )
      : new Map<string, number>();
  check(
    checkUpdateInvoice(input, actorOf(w), {
      invoice: found ? { paid: found.paid, appointmentId: found.appointmentId, items: before } : null,
      lines,
      appointment,
      membership,
      itemIdTaken: await newItemIdTaken(w, input, mine),
      stock,
    }),
  );
  const invoice = found as InvoiceDbRow;
  const items = invoiceLines(input.items, before, lines.sellers);
  const totalPrice = invoiceTotalDecimal(items) as string;
  const used = input.items.some((i) => i.paymentType === 'MEMBERSHIP') ? membership : null;
  await writeItems(w, invoice.id, items, mine, rev);
  if (input.paid) {
    // The check read both under the salon's lock; the conditional updates still guard the last use and the last item.
    if (used) await spendUse(w, used.id, rev);
    await takeFromStock(
      w,
      items.filter((i) => i.type === 'PRODUCT').map((i) => ({ productId: i.entityId, quantity: i.quantity })),
    );
  }
  const [row] = await w.tx
    .update(invoices)
    .set({
      paid: input.paid,
      paidAt: input.paid ? new Date() : null,
      totalPrice,
      membershipId: used?.id ?? null,
      tip: input.tip,
      tipMasterId: input.tipMaster,
      tipPaymentType: input.tipPaymentType,
      rev,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return invoiceView(row as InvoiceDbRow, await liveItems(w, invoice.id));
}
