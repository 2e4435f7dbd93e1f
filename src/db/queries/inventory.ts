import type { ManufacturerRow, ProductRow } from '../../domain/entities';
import type { SalonDb } from '../salon-db';

/* Reads of products and manufacturers from the mirror (pending changes, such as sold stock, included). */

/** Every product of the salon (for sale and for use), in index order. */
export function salonProducts(db: SalonDb, salonId: string): Promise<ProductRow[]> {
  return db.mirror('products').where('salonId').equals(salonId).toArray();
}

/** Products by id, in the order of `ids` (undefined where the mirror has none). */
export function productsByIds(db: SalonDb, ids: string[]): Promise<(ProductRow | undefined)[]> {
  return db.mirror('products').bulkGet(ids);
}

/** Every manufacturer of the salon, in index order. */
export function salonManufacturers(db: SalonDb, salonId: string): Promise<ManufacturerRow[]> {
  return db.mirror('manufacturers').where('salonId').equals(salonId).toArray();
}
