import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { products } from '../../db/schema';
import { refused } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';

export interface StockLine {
  productId: string;
  quantity: number;
}

/**
 * Takes sold products out of the salon's stock, inside the writer's transaction. Each product's decrease is
 * ONE conditional UPDATE (`quantity = quantity - n WHERE quantity >= n`), so two devices selling the last
 * item can never both succeed, even across server instances: the loser's row no longer matches and its whole
 * command rolls back with NEGATIVE_PRODUCT_QUANTITY ('Invoice item quantity is too big').
 * Lines of the same product are summed first; zero quantities take nothing. The products get the write's rev,
 * so every device pulls the new stock. A product that is not a live one of the salon is 'This product does
 * not exist' (another salon's product is never touched).
 */
export async function takeFromStock(w: Writer, lines: StockLine[]): Promise<void> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  const wanted = [...totals].filter(([, n]) => n > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (wanted.length === 0) return;
  const rev = await w.rev();
  for (const [productId, n] of wanted) {
    const live = and(eq(products.id, productId), eq(products.salonId, w.salonId), isNull(products.deletedAt));
    const taken = await w.tx
      .update(products)
      .set({ quantity: sql`${products.quantity} - ${n}`, rev })
      .where(and(live, gte(products.quantity, n)))
      .returning({ id: products.id });
    if (taken.length > 0) continue;
    const [exists] = await w.tx.select({ id: products.id }).from(products).where(live);
    throw exists ? refused('negativeProductQuantity') : refused('productNotExists');
  }
}

/** The quantity of each live product of the salon among `ids`: the stock the shared checks read (src/domain/commands/sales.ts). */
export async function liveStock(w: Writer, ids: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await w.tx
    .select({ id: products.id, quantity: products.quantity })
    .from(products)
    .where(and(inArray(products.id, wanted), eq(products.salonId, w.salonId), isNull(products.deletedAt)));
  return new Map(rows.map((p) => [p.id, p.quantity]));
}
