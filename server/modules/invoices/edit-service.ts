import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { checkDeleteInvoice, checkEditInvoice } from '../../../src/domain/commands/invoices';
import type { InvoiceItemRow } from '../../../src/domain/entities';
import { editedInvoice, removedInvoice } from '../../../src/domain/rules/invoice-edit';
import type { deleteInvoiceSchema, editInvoiceSchema } from '../../../src/domain/schemas/invoice';
import { invoiceChanges, invoiceItems, invoices, memberships, products } from '../../db/schema';
import { refused } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { invoiceRow } from '../../sync/rows';
import { actorOf, check } from '../appointments/service';
import { liveItems } from './service';

/**
 * The owner's corrections from the Report (part 2 §2, §5-§7; decision 039): editInvoice changes one line's price
 * and payment type, deleteInvoice removes an invoice. Owner (or sysadmin) only, on the server as in the shared
 * check. Every change is written to invoice_changes in the same transaction (who, when, before, after), so money
 * never changes without a trace. Membership uses and stock move with ONE conditional UPDATE each, after the
 * salon's lock, as when an invoice is paid.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;

/** A live invoice of the salon (appointment or sale) with its lines, as the shared check reads it; null when none. */
async function liveInvoice(w: Writer, id: string) {
  const [found] = await w.tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.salonId, w.salonId), isNull(invoices.deletedAt)));
  return found ? { row: found, view: invoiceRow(found, await liveItems(w, found.id)) } : null;
}

async function liveMembership(w: Writer, id: string | null) {
  if (!id) return null;
  const [row] = await w.tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), eq(memberships.salonId, w.salonId), isNull(memberships.deletedAt)));
  return row ?? null;
}

/**
 * One use spent (only from a live membership with one left) or given back (never below zero). A use goes back to a
 * membership deleted since too, so its count always equals its paid MEMBERSHIP lines (decision 039); no screen
 * shows a deleted membership, and pull sends it as the tombstone it is.
 */
async function moveUse(w: Writer, membershipId: string, delta: 1 | -1, rev: number) {
  const own = and(eq(memberships.id, membershipId), eq(memberships.salonId, w.salonId));
  if (delta === -1) {
    await w.tx
      .update(memberships)
      .set({ totalUses: sql`${memberships.totalUses} - 1`, rev })
      .where(and(own, gt(memberships.totalUses, 0)));
    return;
  }
  const spent = await w.tx
    .update(memberships)
    .set({ totalUses: sql`${memberships.totalUses} + 1`, rev })
    .where(and(own, isNull(memberships.deletedAt), sql`${memberships.totalUses} < ${memberships.quantity}`))
    .returning({ id: memberships.id });
  if (spent.length === 0) throw refused('membershipRunOut', { field: 'paymentType' });
}

const lineOf = (item: InvoiceItemRow) => ({ price: item.price, paymentType: item.paymentType });

/** editInvoice: invoiceId, itemId, price, paymentType (part 2 §7). */
export async function editInvoice(w: Writer, input: In<typeof editInvoiceSchema>) {
  const rev = await w.rev();
  const found = await liveInvoice(w, input.invoiceId);
  const membership = await liveMembership(w, found?.row.membershipId ?? null);
  check(checkEditInvoice(input, actorOf(w), { invoice: found?.view ?? null, membership }));
  const { row, view } = found as NonNullable<typeof found>;
  const before = view.items.find((i) => i.id === input.itemId) as InvoiceItemRow;
  const effect = editedInvoice(view, input, membership);
  if (before.price === effect.item.price && before.paymentType === effect.item.paymentType) return { ...view, rev: row.rev };
  if (effect.useDelta !== 0 && row.membershipId) await moveUse(w, row.membershipId, effect.useDelta, rev);
  await w.tx
    .update(invoiceItems)
    .set({ price: effect.item.price, paymentType: effect.item.paymentType, rev })
    .where(eq(invoiceItems.id, before.id));
  await w.tx.update(invoices).set({ totalPrice: effect.totalPrice, rev }).where(eq(invoices.id, row.id));
  await w.tx.insert(invoiceChanges).values({
    salonId: w.salonId,
    invoiceId: row.id,
    itemId: before.id,
    userId: w.viewer.user.id,
    action: 'EDIT',
    before: { ...lineOf(before), totalPrice: view.totalPrice, paid: view.paid, membershipId: view.membershipId },
    after: { ...lineOf(effect.item), totalPrice: effect.totalPrice },
  });
  return { ...view, items: effect.items, totalPrice: effect.totalPrice, rev };
}

/** deleteInvoice: userId, invoiceId (part 2 §7). The invoice and its lines become tombstones that pull sends. */
export async function deleteInvoice(w: Writer, input: In<typeof deleteInvoiceSchema>) {
  const rev = await w.rev();
  const found = await liveInvoice(w, input.invoiceId);
  check(checkDeleteInvoice(actorOf(w), { exists: Boolean(found) }));
  const { row, view } = found as NonNullable<typeof found>;
  const { stockBack, useBack } = removedInvoice(view);
  const now = new Date();
  await w.tx
    .update(invoiceItems)
    .set({ deletedAt: now, rev })
    .where(and(eq(invoiceItems.invoiceId, row.id), isNull(invoiceItems.deletedAt)));
  await w.tx.update(invoices).set({ deletedAt: now, rev }).where(eq(invoices.id, row.id));
  for (const [productId, n] of [...stockBack].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // A product deleted since gets its units back too, so its stock stays the count of what was never sold.
    await w.tx
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${n}`, rev })
      .where(and(eq(products.id, productId), eq(products.salonId, w.salonId)));
  }
  if (useBack) await moveUse(w, useBack, -1, rev);
  await w.tx.insert(invoiceChanges).values({
    salonId: w.salonId,
    invoiceId: row.id,
    itemId: null,
    userId: w.viewer.user.id,
    action: 'DELETE',
    before: view,
    after: null,
  });
  return { id: row.id, deleted: true, rev };
}
