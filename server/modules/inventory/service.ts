import { and, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import { checkAddProduct, checkDeleteProduct, checkUpdateProduct, type ProductReads } from '../../../src/domain/commands/inventory';
import { stockAfterEdit } from '../../../src/domain/rules/inventory';
import type { addProductSchema, deleteProductSchema, ProductFields, updateProductSchema } from '../../../src/domain/schemas/product';
import { manufacturers, products } from '../../db/schema';
import type { Writer } from '../../sync/command';
import { productRow } from '../../sync/rows';
import { actorOf, check } from '../appointments/service';

/**
 * Products of the Inventory page (part 2 §2, §5, §7, §8). Administrators and sysadmins write; masters do not
 * open Inventory (part 2 §2, §6). Every query is scoped to the session's salon. The rules are the shared
 * checks (src/domain/commands/inventory.ts), read here inside the command's transaction.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type ProductDbRow = typeof products.$inferSelect;
type ManufacturerRef = { id: string; name: string };

export const productView = (row: ProductDbRow, manufacturer: ManufacturerRef | null) => ({
  ...productRow(row),
  rev: row.rev,
  manufacturer,
});

/** A live product of the salon, or null. */
async function productOf(w: Writer, id: string): Promise<ProductDbRow | null> {
  const [row] = await w.tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.salonId, w.salonId), isNull(products.deletedAt)));
  return row ?? null;
}

/**
 * The chosen manufacturer of the salon (live or deleted: the check decides) and the names of its live
 * products; the manufacturer's id and name are what the answer shows.
 */
async function productReads(w: Writer, manufacturerId: string): Promise<ProductReads & { ref: ManufacturerRef }> {
  const [row] = await w.tx
    .select({ id: manufacturers.id, name: manufacturers.name, deletedAt: manufacturers.deletedAt })
    .from(manufacturers)
    .where(and(eq(manufacturers.id, manufacturerId), eq(manufacturers.salonId, w.salonId)));
  const names = await w.tx
    .select({ id: products.id, manufacturerId: products.manufacturerId, name: products.name })
    .from(products)
    .where(and(eq(products.salonId, w.salonId), eq(products.manufacturerId, manufacturerId), isNull(products.deletedAt)));
  return {
    manufacturer: row ? (row.deletedAt ? 'deleted' : 'live') : null,
    products: names,
    ref: { id: manufacturerId, name: row?.name ?? '' },
  };
}

const columns = (input: ProductFields) => ({
  manufacturerId: input.manufacturer,
  name: input.name,
  code: input.code,
  quantity: input.quantity,
  price: input.price,
  supplierPrice: input.supplierPrice,
  type: input.type,
});

export async function addProduct(w: Writer, input: In<typeof addProductSchema>) {
  const rev = await w.rev();
  // Ids are global: an id taken in any salon, even by a deleted product, is refused.
  const [taken] = await w.tx.select({ id: products.id }).from(products).where(eq(products.id, input.id));
  const { ref, ...reads } = await productReads(w, input.manufacturer);
  check(checkAddProduct(input, actorOf(w), { ...reads, idTaken: Boolean(taken) }));
  const [row] = await w.tx
    .insert(products)
    .values({ id: input.id, salonId: w.salonId, ...columns(input), rev })
    .returning();
  return productView(row as ProductDbRow, ref);
}

export async function updateProduct(w: Writer, input: In<typeof updateProductSchema>) {
  const rev = await w.rev();
  const current = await productOf(w, input.productId);
  const { ref, ...reads } = await productReads(w, input.manufacturer);
  check(checkUpdateProduct(input, actorOf(w), { ...reads, current }));
  const quantity = current ? stockAfterEdit(current.quantity, input) : input.quantity;
  const [row] = await w.tx
    .update(products)
    .set({ ...columns(input), quantity, rev })
    .where(eq(products.id, input.productId))
    .returning();
  return productView(row as ProductDbRow, ref);
}

/** Soft delete: invoices that sold the product keep pointing at it; pull sends a tombstone. */
export async function deleteProduct(w: Writer, input: In<typeof deleteProductSchema>) {
  const rev = await w.rev();
  check(checkDeleteProduct(actorOf(w), { exists: Boolean(await productOf(w, input.productId)) }));
  await w.tx.update(products).set({ deletedAt: new Date(), rev }).where(eq(products.id, input.productId));
  return { productId: input.productId };
}
