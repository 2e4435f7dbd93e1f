import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import {
  addProductSchema, deleteProductSchema, sameProductName, updateProductSchema,
  type AddProductInput, type DeleteProductInput, type ProductFields, type UpdateProductInput,
} from '../../domain/schemas/product';
import type { ProductRow } from '../../domain/sync/entities';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';
import { isAdministrator } from '../../domain/roles';

/**
 * Product commands of the Inventory page (part 2 §2, §5, §8), the same checks as server/modules/products/service.ts.
 * When the server refuses one later (a name taken on another device, a product deleted there), the change
 * is undone and the conflicts list reopens the product form with the attempted values and the message.
 */
const notExists = () => refuse(refusal('productNotExists'));
const forbidden = () => refuse(refusal('forbidden'));

function assertWriter(ctx: CommandContext, salonId?: string) {
  if (!isAdministrator(ctx) || (salonId !== undefined && salonId !== ctx.salonId)) forbidden();
}

/** A manufacturer of the salon in the mirror, or the product's current one (it may have been deleted since). */
async function assertManufacturer(tx: CommandTx, ctx: CommandContext, manufacturerId: string, current: ProductRow | null) {
  if (current && current.manufacturerId === manufacturerId) return;
  const manufacturer = await tx.get('manufacturers', manufacturerId);
  if (!manufacturer || manufacturer.salonId !== ctx.salonId) {
    refuse(refusal('productUnknownManufacturer'));
  }
}

/** 'Product with the same name already exists': the name is free among the manufacturer's products. */
async function assertNameFree(tx: CommandTx, ctx: CommandContext, input: ProductFields, selfId: string) {
  const taken = await tx
    .table('products')
    .where('manufacturerId')
    .equals(input.manufacturer)
    .filter((p) => p.id !== selfId && p.salonId === ctx.salonId && sameProductName(p.name, input.name))
    .first();
  if (taken) refuse(refusal('productNameTaken'));
}

const rowOf = (id: string, salonId: string, input: ProductFields): ProductRow => ({
  id, salonId, manufacturerId: input.manufacturer, name: input.name, code: input.code,
  quantity: input.quantity, price: input.price, supplierPrice: input.supplierPrice, type: input.type,
});

export const addProduct = defineCommand<WithContext<AddProductInput>>({
  name: 'product.add',
  async validate(tx, args) {
    const input = parseOrRefuse(addProductSchema, args.input);
    assertWriter(args.ctx, input.salon);
    if (await tx.get('products', input.id)) refuse(refusal('idTaken'));
    await assertManufacturer(tx, args.ctx, input.manufacturer, null);
    await assertNameFree(tx, args.ctx, input, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(addProductSchema, args.input);
    await tx.put('products', rowOf(input.id, input.salon, input));
  },
});

export const updateProduct = defineCommand<WithContext<UpdateProductInput>>({
  name: 'product.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateProductSchema, args.input);
    assertWriter(args.ctx);
    const current = await tx.get('products', input.productId);
    if (!current || current.salonId !== args.ctx.salonId) return notExists();
    await assertManufacturer(tx, args.ctx, input.manufacturer, current);
    await assertNameFree(tx, args.ctx, input, input.productId);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateProductSchema, args.input);
    const current = await tx.get('products', input.productId);
    if (!current) return;
    await tx.put('products', rowOf(current.id, current.salonId, input));
  },
});

export const deleteProduct = defineCommand<WithContext<DeleteProductInput>>({
  name: 'product.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteProductSchema, args.input);
    assertWriter(args.ctx);
    const current = await tx.get('products', input.productId);
    if (!current || current.salonId !== args.ctx.salonId) notExists();
  },
  async apply(tx, args) {
    await tx.delete('products', args.input.productId);
  },
});
