import { MAX_CENTS, parsePrice, type Cents } from './money';
import { canArchivePaid } from './permissions';

/**
 * Sale rules (part 1 §4, §5, §6), shared by the Sale dialog, the `sale.*` commands and the server.
 */

/** Archiving a paid sale: the archive setting, or owner, or sysadmin; never a master (part 1 §4, §6). */
export const canArchiveSale = canArchivePaid;

/** Quantity options when a product's stock is not known (part 1 §5, §9). */
export const UNKNOWN_STOCK_OPTIONS = 100;
/** A select lists at most this many quantities: no one scrolls further, and the list stays light. */
export const MAX_QUANTITY_OPTIONS = 1000;

export interface StockedProduct {
  id: string;
  name: string;
  quantity: number;
  type: 'SALE' | 'INTERNAL';
}

/**
 * Products a sale row offers (part 1 §5 'Only products with stock above 0 are offered'): products for sale
 * (INTERNAL ones are for the salon's own use, part 2 §3), in stock, not already chosen on another row (the
 * invoice area's map of selected products, part 1 §1), by name. The row's own product stays listed even when
 * its stock ran out meanwhile, so its value still shows; the sale is then refused with the spec's message.
 */
export function offeredProducts<P extends StockedProduct>(
  products: readonly P[],
  chosenElsewhere: ReadonlySet<string>,
  current: string | null,
  locale?: string,
): P[] {
  return products
    .filter((p) => p.id === current || (p.type === 'SALE' && p.quantity > 0 && !chosenElsewhere.has(p.id)))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/**
 * Quantity options 1..stock, or 1..100 when the stock is unknown (part 1 §5). A chosen quantity above the stock
 * (stock sold meanwhile on another device) stays listed so the form keeps showing it.
 */
export function quantityOptions(stock: number | null | undefined, current: number | null = null): number[] {
  const top = Math.min(stock == null ? UNKNOWN_STOCK_OPTIONS : Math.max(0, Math.floor(stock)), MAX_QUANTITY_OPTIONS);
  const options = Array.from({ length: top }, (_, i) => i + 1);
  return current !== null && current > top ? [...options, current] : options;
}

export interface SaleLine {
  entity: string | null;
  quantity: number | null;
  /** A price as typed ('12,50') or as rows carry it ('12.50'). */
  price: string;
}

/**
 * The total the dialog shows while typing (part 1 §5 'total = sum of quantity times price'), in cents: lines
 * without a valid price or quantity count as zero. Null when the total leaves numeric(12,2).
 */
export function saleTotal(lines: readonly SaleLine[]): Cents | null {
  let total = 0;
  for (const line of lines) {
    const cents = parsePrice(line.price);
    if (cents === null || line.quantity === null || !Number.isSafeInteger(line.quantity) || line.quantity <= 0) continue;
    // Each partial sum stays ≤ MAX_CENTS (exact in a double) or we stop: nothing is ever rounded.
    total += cents * line.quantity;
    if (total > MAX_CENTS) return null;
  }
  return total;
}

/** How many of each product the lines take (the same product on two rows counts once, summed). */
export function quantitiesByProduct(lines: readonly { entity: string | null; quantity: number | null }[]): Map<string, number> {
  const taken = new Map<string, number>();
  for (const line of lines) {
    if (!line.entity || !line.quantity || line.quantity <= 0) continue;
    taken.set(line.entity, (taken.get(line.entity) ?? 0) + line.quantity);
  }
  return taken;
}
