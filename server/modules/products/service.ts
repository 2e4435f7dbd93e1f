import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { addProductSchema, deleteProductSchema, ProductFields, updateProductSchema } from '../../../src/domain/schemas/product';
import { manufacturers, products } from '../../db/schema';
import { refused } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { productRow } from '../../sync/rows';
import { requireSetupWriter } from '../cabinets/service';

/**
 * Products of the Inventory page (part 2 §2, §5, §7, §8). Administrators and sysadmins write; masters do not
 * open Inventory (part 2 §2, §6). Every query is scoped to the session's salon.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type ProductDbRow = typeof products.$inferSelect;
type ManufacturerRef = { id: string; name: string };

export const productView = (row: ProductDbRow, manufacturer: ManufacturerRef | null) => ({ ...productRow(row), rev: row.rev, manufacturer });

async function find(w: Writer, id: string): Promise<ProductDbRow> {
  const [row] = await w.tx.select().from(products).where(and(eq(products.id, id), eq(products.salonId, w.salonId), isNull(products.deletedAt)));
  if (!row) throw refused('productNotExists');
  return row;
}

/**
 * The chosen manufacturer: a live one of the salon, or the product's current one even if deleted since (the
 * edit form keeps it as its value; part 2 §5 keeps a deleted manufacturer only as the current value).
 */
async function manufacturerFor(w: Writer, id: string, current: ProductDbRow | null): Promise<ManufacturerRef> {
  const [row] = await w.tx
    .select({ id: manufacturers.id, name: manufacturers.name, deletedAt: manufacturers.deletedAt })
    .from(manufacturers)
    .where(and(eq(manufacturers.id, id), eq(manufacturers.salonId, w.salonId)));
  if (!row || (row.deletedAt && current?.manufacturerId !== id)) throw refused('productUnknownManufacturer');
  return { id: row.id, name: row.name };
}

/** No other live product of the manufacturer has the name (case and outer spaces ignored; docs/decisions/025). */
async function assertNameFree(w: Writer, input: ProductFields, exceptId: string | null) {
  const [taken] = await w.tx
    .select({ id: products.id })
    .from(products)
    .where(and(
      eq(products.salonId, w.salonId), eq(products.manufacturerId, input.manufacturer), isNull(products.deletedAt),
      exceptId ? ne(products.id, exceptId) : undefined,
      sql`lower(trim(${products.name})) = ${input.name.trim().toLocaleLowerCase()}`,
    ));
  if (taken) throw refused('productNameTaken');
}

const columns = (input: ProductFields) => ({
  manufacturerId: input.manufacturer, name: input.name, code: input.code, quantity: input.quantity,
  price: input.price, supplierPrice: input.supplierPrice, type: input.type,
});

export async function addProduct(w: Writer, input: In<typeof addProductSchema>) {
  requireSetupWriter(w, input.salon);
  const rev = await w.rev();
  const [taken] = await w.tx.select({ id: products.id }).from(products).where(eq(products.id, input.id));
  if (taken) throw refused('idTaken');
  const manufacturer = await manufacturerFor(w, input.manufacturer, null);
  await assertNameFree(w, input, null);
  const [row] = await w.tx.insert(products).values({ id: input.id, salonId: w.salonId, ...columns(input), rev }).returning();
  return productView(row as ProductDbRow, manufacturer);
}

export async function updateProduct(w: Writer, input: In<typeof updateProductSchema>) {
  requireSetupWriter(w);
  const rev = await w.rev();
  const current = await find(w, input.productId);
  const manufacturer = await manufacturerFor(w, input.manufacturer, current);
  await assertNameFree(w, input, current.id);
  const [row] = await w.tx.update(products).set({ ...columns(input), rev }).where(eq(products.id, current.id)).returning();
  return productView(row as ProductDbRow, manufacturer);
}

/** Soft delete: invoices that sold the product keep pointing at it; pull sends a tombstone. */
export async function deleteProduct(w: Writer, input: In<typeof deleteProductSchema>) {
  requireSetupWriter(w);
  const rev = await w.rev();
  const current = await find(w, input.productId);
  await w.tx.update(products).set({ deletedAt: new Date(), rev }).where(eq(products.id, current.id));
  return { productId: current.id };
}
