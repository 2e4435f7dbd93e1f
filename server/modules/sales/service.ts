import { and, eq, inArray, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import { checkArchiveSale, checkCreateSale } from '../../../src/domain/commands/sales';
import type { archiveCartInvoiceSchema, createCartInvoiceSchema } from '../../../src/domain/schemas/sale';
import { administrators, invoiceItems, invoices } from '../../db/schema';
import type { Writer } from '../../sync/command';
import { currentSalon } from '../appointments/checks';
import { actorOf, check } from '../appointments/service';
import { liveStock, takeFromStock } from './stock';

/**
 * Sales (part 1 §2-§8): cart invoices of products, paid when created. Administrators (owner included) and
 * sysadmins sell; masters are refused (part 1 §6). Every read and write is scoped to the session's salon, so one
 * salon never sees or sells another's products or invoices.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;

/**
 * createCartInvoice: the invoice (type CART, paid, total exact in numeric) and its PRODUCT items, each sold by the
 * administrator; the products leave the stock in the same transaction (`takeFromStock`: a conditional update,
 * so the last item is sold once however many devices try).
 */
export async function createCartInvoice(w: Writer, input: In<typeof createCartInvoiceSchema>) {
  const rev = await w.rev();
  // Ids are global: an id taken in any salon, even by a deleted invoice or item, is refused.
  const [taken] = await w.tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, input.id));
  const itemIds = input.items.map((i) => i.id);
  const [itemTaken] = await w.tx.select({ id: invoiceItems.id }).from(invoiceItems).where(inArray(invoiceItems.id, itemIds));
  const [administrator] = await w.tx
    .select({ userId: administrators.userId })
    .from(administrators)
    .where(and(eq(administrators.userId, input.administrator), eq(administrators.salonId, w.salonId), isNull(administrators.deletedAt)));
  const stock = await liveStock(
    w,
    input.items.map((i) => i.entity),
  );
  check(checkCreateSale(input, actorOf(w), { idTaken: Boolean(taken || itemTaken), administratorExists: Boolean(administrator), stock }));
  // The check read the stock under the salon's lock; the conditional update still guards every decrease.
  await takeFromStock(
    w,
    input.items.map((i) => ({ productId: i.entity, quantity: i.quantity })),
  );
  const [invoice] = await w.tx
    .insert(invoices)
    .values({
      id: input.id,
      salonId: w.salonId,
      type: 'CART',
      administratorId: input.administrator,
      paid: true,
      paidAt: new Date(),
      totalPrice: input.totalPrice,
      rev,
    })
    .returning();
  await w.tx.insert(invoiceItems).values(
    input.items.map((i) => ({
      id: i.id,
      salonId: w.salonId,
      invoiceId: input.id,
      type: 'PRODUCT',
      entityId: i.entity,
      sellerId: input.administrator,
      sellerType: 'ADMINISTRATOR',
      quantity: i.quantity,
      price: i.price,
      paymentType: i.paymentType,
      rev,
    })),
  );
  if (!invoice) throw new Error('invoice insert returned nothing');
  return { id: invoice.id, paid: invoice.paid, archived: invoice.archived, totalPrice: input.totalPrice, rev };
}

/** archiveCartInvoice: a sale is always paid, so archiving needs the archive setting, the owner or a sysadmin. */
export async function archiveCartInvoice(w: Writer, input: In<typeof archiveCartInvoiceSchema>) {
  const rev = await w.rev();
  const [found] = await w.tx
    .select({ id: invoices.id, archived: invoices.archived, rev: invoices.rev })
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.salonId, w.salonId), eq(invoices.type, 'CART'), isNull(invoices.deletedAt)));
  check(checkArchiveSale(actorOf(w), { settings: (await currentSalon(w)).settings, exists: Boolean(found) }));
  const current = found as NonNullable<typeof found>;
  if (current.archived === input.archived) return { id: current.id, archived: current.archived, rev: current.rev };
  await w.tx.update(invoices).set({ archived: input.archived, rev }).where(eq(invoices.id, current.id));
  return { id: current.id, archived: input.archived, rev };
}
