import { checkArchiveSale, checkCreateSale } from '../../domain/commands/sales';
import { quantitiesByProduct } from '../../domain/rules/sale';
import { archiveCartInvoiceSchema, createCartInvoiceSchema } from '../../domain/schemas/sale';
import type { InvoiceRow } from '../../domain/entities';
import { actorOf, check } from './shared-check';
import { defineCommand } from './registry';
import { parseOrRefuse } from './validate';

/**
 * Sale commands (part 1 §2, §4, §5, §7, §8): the shared checks of src/domain/commands/sales.ts, fed from the mirror.
 * `sale.create` records a paid cart invoice and takes the products out of the mirror's stock at once, so the
 * Inventory shows the new stock offline too. When the server refuses it later (another device sold the last
 * item first: NEGATIVE_PRODUCT_QUANTITY), the invoice and the stock change are undone and the conflicts list
 * reopens the Sale dialog with the attempted items and 'Invoice item quantity is too big'.
 */
export const createSale = defineCommand({
  name: 'sale.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createCartInvoiceSchema, args.input);
    const { salonId } = args.ctx;
    const [taken, administrator, products] = await Promise.all([
      tx.get('invoices', input.id),
      tx
        .table('administrators')
        .where('salonId')
        .equals(salonId)
        .filter((a) => a.userId === input.administrator)
        .first(),
      Promise.all([...new Set(input.items.map((i) => i.entity))].map((id) => tx.get('products', id))),
    ]);
    // The mirror's stock already has every pending sale taken out; the server checks again atomically.
    const stock = new Map(products.flatMap((p) => (p?.salonId === salonId ? [[p.id, p.quantity] as const] : [])));
    check(checkCreateSale(input, actorOf(args.ctx), { idTaken: Boolean(taken), administratorExists: Boolean(administrator), stock }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createCartInvoiceSchema, args.input);
    const row: InvoiceRow = {
      id: input.id,
      salonId: input.salon,
      appointmentId: null,
      type: 'CART',
      administratorId: input.administrator,
      paid: true,
      archived: false,
      totalPrice: input.totalPrice,
      membershipId: null,
      // As the server's row has them: a sale has no tip and no discounts (issue 59 item 5).
      tip: '0.00',
      tipMasterId: null,
      tipPaymentType: null,
      createdAt: args.ctx.now,
      items: input.items.map((i) => ({
        id: i.id,
        type: 'PRODUCT',
        entityId: i.entity,
        sellerId: input.administrator,
        sellerType: 'ADMINISTRATOR',
        quantity: i.quantity,
        price: i.price,
        paymentType: i.paymentType,
        discountType: null,
        discount: '0.00',
      })),
    };
    await tx.put('invoices', row);
    for (const [productId, n] of quantitiesByProduct(input.items)) {
      const product = await tx.get('products', productId);
      // Re-based on newer server stock the decrease may overshoot until the server answers: never show below 0.
      if (product) await tx.put('products', { ...product, quantity: Math.max(0, product.quantity - n) });
    }
  },
});

export const archiveSale = defineCommand({
  name: 'sale.archive',
  async validate(tx, args) {
    const input = parseOrRefuse(archiveCartInvoiceSchema, args.input);
    const current = await tx.get('invoices', input.invoiceId);
    const exists = Boolean(current && current.salonId === args.ctx.salonId && current.type === 'CART');
    check(checkArchiveSale(actorOf(args.ctx), { settings: args.ctx.settings, exists }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(archiveCartInvoiceSchema, args.input);
    const current = await tx.get('invoices', input.invoiceId);
    if (current) await tx.put('invoices', { ...current, archived: input.archived });
  },
});
