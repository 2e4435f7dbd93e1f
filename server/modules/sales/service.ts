import { and, eq, inArray, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import { canArchiveSale } from '../../../src/domain/rules/sale';
import type { archiveCartInvoiceSchema, createCartInvoiceSchema } from '../../../src/domain/schemas/sale';
import { administrators, invoiceItems, invoices, products } from '../../db/schema';
import { forbidden } from '../../graphql/errors';
import { refused } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { currentSalon } from '../appointments/checks';
import { takeFromStock } from './stock';
import { isAdministrator } from '../../../src/domain/roles';

/**
 * Sales (part 1 §2-§8): cart invoices of products, paid when created. Administrators (owner included) and
 * sysadmins sell; masters are refused (part 1 §6). Every read and write is scoped to the session's salon, so one
 * salon never sees or sells another's products or invoices.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;

function requireSeller(w: Writer, salonId?: string) {
  if (!isAdministrator(w.viewer)) throw forbidden('MASTER_CANNOT_SELL');
  if (salonId !== undefined && salonId !== w.salonId) throw forbidden('NOT_THE_SESSION_SALON');
}

/**
 * createCartInvoice: the invoice (type CART, paid, total exact in numeric) and its PRODUCT items, each sold by the
 * administrator; the products leave the stock in the same transaction (`takeFromStock`: a conditional update,
 * so the last item is sold once however many devices try).
 */
export async function createCartInvoice(w: Writer, input: In<typeof createCartInvoiceSchema>) {
  requireSeller(w, input.salon);
  const rev = await w.rev();
  const [taken] = await w.tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, input.id));
  const itemIds = input.items.map((i) => i.id);
  const [itemTaken] = await w.tx.select({ id: invoiceItems.id }).from(invoiceItems).where(inArray(invoiceItems.id, itemIds));
  if (taken || itemTaken) throw refused('idTaken');
  const [administrator] = await w.tx
    .select({ userId: administrators.userId })
    .from(administrators)
    .where(and(eq(administrators.userId, input.administrator), eq(administrators.salonId, w.salonId), isNull(administrators.deletedAt)));
  if (!administrator) throw refused('saleUnknownAdministrator');
  const productIds = [...new Set(input.items.map((i) => i.entity))];
  const live = await w.tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.salonId, w.salonId), isNull(products.deletedAt)));
  const known = new Set(live.map((p) => p.id));
  const unknown = input.items.findIndex((i) => !known.has(i.entity));
  if (unknown >= 0) throw refused('saleUnknownProduct', { field: `items.${unknown}.entity` });
  await takeFromStock(w, input.items.map((i) => ({ productId: i.entity, quantity: i.quantity })));
  const [invoice] = await w.tx
    .insert(invoices)
    .values({
      id: input.id, salonId: w.salonId, type: 'CART', administratorId: administrator.userId, paid: true, paidAt: new Date(),
      totalPrice: input.totalPrice, rev,
    })
    .returning();
  await w.tx.insert(invoiceItems).values(
    input.items.map((i) => ({
      id: i.id, salonId: w.salonId, invoiceId: input.id, type: 'PRODUCT', entityId: i.entity, sellerId: administrator.userId, sellerType: 'ADMINISTRATOR',
      quantity: i.quantity, price: i.price, paymentType: i.paymentType, rev,
    })),
  );
  if (!invoice) throw new Error('invoice insert returned nothing');
  return { id: invoice.id, paid: invoice.paid, archived: invoice.archived, totalPrice: input.totalPrice, rev };
}

/** archiveCartInvoice: a sale is always paid, so archiving needs the archive setting, the owner or a sysadmin. */
export async function archiveCartInvoice(w: Writer, input: In<typeof archiveCartInvoiceSchema>) {
  const { settings } = await currentSalon(w);
  if (!canArchiveSale(w.viewer, settings)) throw refused('saleArchiveForbidden');
  const rev = await w.rev();
  const [current] = await w.tx
    .select({ id: invoices.id, archived: invoices.archived, rev: invoices.rev })
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.salonId, w.salonId), eq(invoices.type, 'CART'), isNull(invoices.deletedAt)));
  if (!current) throw refused('saleNotExists');
  if (current.archived === input.archived) return { id: current.id, archived: current.archived, rev: current.rev };
  await w.tx.update(invoices).set({ archived: input.archived, rev }).where(eq(invoices.id, current.id));
  return { id: current.id, archived: input.archived, rev };
}
