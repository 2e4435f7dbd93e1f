import type { ServerErrorShape } from '../errors';
import { refusal } from '../refusals';
import { isAdministrator } from '../roles';
import { canArchiveSale } from '../rules/sale';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';

/**
 * The rules of the sale commands (part 1 §2-§8) as pure checks, run by the local command against the mirror
 * (src/db/commands/sales.ts) and by the server inside its transaction (server/modules/sales/service.ts).
 * Administrators (owner included) and sysadmins sell; masters are refused (part 1 §6). The order is the server's.
 */

/**
 * Products sold beyond their stock, as the server's stock update refuses them (server/modules/sales/stock.ts):
 * the lines' quantities summed per product, in product id order, zero taking nothing; a product that is not a
 * live one of the salon is 'This product does not exist', one short of stock NEGATIVE_PRODUCT_QUANTITY ('Invoice
 * item quantity is too big'). `stock`: the quantity of each live product of the salon among the lines.
 */
export function stockRefusal(
  lines: Iterable<{ productId: string; quantity: number }>,
  stock: ReadonlyMap<string, number>,
): ServerErrorShape | null {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  const wanted = [...totals].filter(([, n]) => n > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [productId, n] of wanted) {
    const left = stock.get(productId);
    if (left === undefined) return refusal('productNotExists');
    if (left < n) return refusal('negativeProductQuantity');
  }
  return null;
}

/**
 * createCartInvoice: a seller in the session's salon; fresh ids (the invoice's and its items'); the
 * administrator one of the salon; each product a live one of the salon (on its row's field); then the stock.
 * `idTaken` is global on the server (any salon, deleted rows too); locally the mirror's invoices only (item ids
 * are not indexed there). `stock`: the quantity of each live product of the salon among the items; locally
 * the mirror's, with every pending sale already taken out.
 */
export function checkCreateSale(
  input: CommandValues<'sale.create'>,
  actor: Actor,
  reads: { idTaken: boolean; administratorExists: boolean; stock: ReadonlyMap<string, number> },
): ServerErrorShape | null {
  if (!isAdministrator(actor)) return refusal('masterCannotSell');
  if (input.salon !== actor.salonId) return refusal('notSessionSalon');
  if (reads.idTaken) return refusal('idTaken');
  if (!reads.administratorExists) return refusal('saleUnknownAdministrator');
  const unknown = input.items.findIndex((i) => !reads.stock.has(i.entity));
  if (unknown >= 0) return refusal('saleUnknownProduct', { field: `items.${unknown}.entity` });
  return stockRefusal(
    input.items.map((i) => ({ productId: i.entity, quantity: i.quantity })),
    reads.stock,
  );
}

/**
 * archiveCartInvoice: a sale is always paid, so (un)archiving needs the archive setting, the owner or a sysadmin,
 * never a master; then the sale is a live cart invoice of the salon. `settings` null: not known yet (the mirror
 * before its salon row), read as the archive setting off.
 */
export function checkArchiveSale(
  actor: Actor,
  reads: { settings: { enableArchive: boolean } | null; exists: boolean },
): ServerErrorShape | null {
  if (!canArchiveSale(actor, reads.settings ?? { enableArchive: false })) return refusal('saleArchiveForbidden');
  if (!reads.exists) return refusal('saleNotExists');
  return null;
}
