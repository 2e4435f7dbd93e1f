import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import { DEFAULT_SALON_SETTINGS } from '../../domain/rules/salon-defaults';
import { canArchiveSale, overdrawnProduct, quantitiesByProduct } from '../../domain/rules/sale';
import {
  archiveCartInvoiceSchema, createCartInvoiceSchema, type ArchiveCartInvoiceInput, type CreateCartInvoiceInput,
} from '../../domain/schemas/sale';
import type { InvoiceRow } from '../../domain/sync/entities';
import type { WithContext } from './appointments';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';
import { isAdministrator } from '../../domain/roles';

/**
 * Sale commands (part 1 §2, §4, §5, §7, §8), the same checks as server/modules/sales/service.ts.
 * `sale.create` records a paid cart invoice and takes the products out of the mirror's stock at once, so the
 * Inventory shows the new stock offline too. When the server refuses it later (another device sold the last
 * item first: NEGATIVE_PRODUCT_QUANTITY), the invoice and the stock change are undone and the conflicts list
 * reopens the Sale dialog with the attempted items and 'Invoice item quantity is too big'.
 */
const forbidden = () => refuse(refusal('forbidden'));
const notExists = () => refuse(refusal('saleNotExists'));
const quantityTooBig = () => refuse(refusal('negativeProductQuantity'));

function assertSeller(ctx: CommandContext, salonId?: string) {
  if (!isAdministrator(ctx) || (salonId !== undefined && salonId !== ctx.salonId)) forbidden();
}

export const createSale = defineCommand<WithContext<CreateCartInvoiceInput>>({
  name: 'sale.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createCartInvoiceSchema, args.input);
    assertSeller(args.ctx, input.salon);
    if (await tx.get('invoices', input.id)) refuse(refusal('idTaken'));
    const administrator = await tx.table('administrators').where('salonId').equals(args.ctx.salonId).filter((a) => a.userId === input.administrator).first();
    if (!administrator) refuse(refusal('saleUnknownAdministrator'));
    const stock = new Map<string, number>();
    for (const [i, item] of input.items.entries()) {
      const product = await tx.get('products', item.entity);
      if (!product || product.salonId !== args.ctx.salonId) return refuse(refusal('saleUnknownProduct', { field: `items.${i}.entity` }));
      stock.set(product.id, product.quantity);
    }
    // The mirror's stock already has every pending sale taken out; the server checks again atomically.
    if (overdrawnProduct(input.items, (id) => stock.get(id) ?? 0)) quantityTooBig();
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createCartInvoiceSchema, args.input);
    const row: InvoiceRow = {
      id: input.id, salonId: input.salon, appointmentId: null, type: 'CART', administratorId: input.administrator, paid: true, archived: false,
      totalPrice: input.totalPrice, membershipId: null, createdAt: args.ctx.now,
      items: input.items.map((i) => ({
        id: i.id, type: 'PRODUCT', entityId: i.entity, sellerId: input.administrator, sellerType: 'ADMINISTRATOR', quantity: i.quantity, price: i.price, paymentType: i.paymentType,
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

export const archiveSale = defineCommand<WithContext<ArchiveCartInvoiceInput>>({
  name: 'sale.archive',
  async validate(tx, args) {
    const input = parseOrRefuse(archiveCartInvoiceSchema, args.input);
    if (!canArchiveSale(args.ctx, args.ctx.settings ?? DEFAULT_SALON_SETTINGS)) refuse(refusal('saleArchiveForbidden'));
    const current = await tx.get('invoices', input.invoiceId);
    if (!current || current.salonId !== args.ctx.salonId || current.type !== 'CART') notExists();
  },
  async apply(tx, args) {
    const input = parseOrRefuse(archiveCartInvoiceSchema, args.input);
    const current = await tx.get('invoices', input.invoiceId);
    if (current) await tx.put('invoices', { ...current, archived: input.archived });
  },
});
