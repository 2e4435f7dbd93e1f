import { salonProducts } from '../../db/queries/inventory';
import type { ProductRow } from '../../domain/entities';
import { useSalonRows } from '../sync/use-salon-rows';

/** The salon's products from the mirror: offline as online, pending changes included. */
export function useProducts(): ProductRow[] | undefined {
  return useSalonRows(salonProducts);
}
