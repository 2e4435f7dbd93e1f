import { checkAddProduct, checkDeleteProduct, checkUpdateProduct, type ProductReads } from '../../domain/commands/inventory';
import { addProductSchema, deleteProductSchema, updateProductSchema, type ProductFields } from '../../domain/schemas/product';
import type { ProductRow } from '../../domain/entities';
import { stockAfterEdit } from '../../domain/rules/inventory';
import { actorOf, check } from './shared-check';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { liveRow } from './setup-reads';
import { parseOrRefuse } from './validate';

/**
 * Product commands of the Inventory page (part 2 §2, §5, §8). The rules are the shared checks
 * (src/domain/commands/inventory.ts), read here from the mirror. When the server refuses one later (a name
 * taken on another device, a product deleted there), the change is undone and the conflicts list reopens the
 * product form with the attempted values and the message.
 */

/**
 * The chosen manufacturer and the products of that manufacturer. The mirror holds no deleted manufacturer: the
 * product's current one missing there was deleted since (as the server would find it); any other is unknown.
 */
async function productReads(tx: CommandTx, ctx: CommandContext, manufacturerId: string, current: ProductRow | null): Promise<ProductReads> {
  const [manufacturer, products] = await Promise.all([
    liveRow(tx, ctx, 'manufacturers', manufacturerId),
    tx
      .table('products')
      .where('manufacturerId')
      .equals(manufacturerId)
      .filter((p) => p.salonId === ctx.salonId)
      .toArray(),
  ]);
  return { manufacturer: manufacturer ? 'live' : current?.manufacturerId === manufacturerId ? 'deleted' : null, products };
}

const rowOf = (id: string, salonId: string, input: ProductFields): ProductRow => ({
  id,
  salonId,
  manufacturerId: input.manufacturer,
  name: input.name,
  code: input.code,
  quantity: input.quantity,
  price: input.price,
  supplierPrice: input.supplierPrice,
  type: input.type,
});

export const addProduct = defineCommand({
  name: 'product.add',
  async validate(tx, args) {
    const input = parseOrRefuse(addProductSchema, args.input);
    const [taken, reads] = await Promise.all([tx.get('products', input.id), productReads(tx, args.ctx, input.manufacturer, null)]);
    check(checkAddProduct(input, actorOf(args.ctx), { ...reads, idTaken: Boolean(taken) }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(addProductSchema, args.input);
    await tx.put('products', rowOf(input.id, input.salon, input));
  },
});

export const updateProduct = defineCommand({
  name: 'product.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateProductSchema, args.input);
    const current = await liveRow(tx, args.ctx, 'products', input.productId);
    check(checkUpdateProduct(input, actorOf(args.ctx), { ...(await productReads(tx, args.ctx, input.manufacturer, current)), current }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateProductSchema, args.input);
    const current = await tx.get('products', input.productId);
    if (!current) return;
    await tx.put('products', { ...rowOf(current.id, current.salonId, input), quantity: stockAfterEdit(current.quantity, input) });
  },
});

export const deleteProduct = defineCommand({
  name: 'product.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteProductSchema, args.input);
    check(checkDeleteProduct(actorOf(args.ctx), { exists: Boolean(await liveRow(tx, args.ctx, 'products', input.productId)) }));
  },
  async apply(tx, args) {
    await tx.delete('products', args.input.productId);
  },
});
