/**
 * How a client's history is shown (part 1 §7 getClientBoughtItems, §9 'client history page 20; future
 * appointments limit 10; client bought-items lookup limit 1 product'). Pure; wall times 'YYYY-MM-DD HH:mm'.
 */
export const FUTURE_APPOINTMENTS_LIMIT = 10;
export const HISTORY_PAGE = 20;
/** The clients list loads 20 more as its end scrolls into view (part 1 §7 getClients 'first 20', §2 infinite scroll). */
export const CLIENT_LIST_PAGE = 20;

/** How many rows an infinite list shows: one page more once the last shown row is in view, never more than there are. */
export const nextShown = (shown: number, lastInView: number, total: number, page: number): number =>
  lastInView >= shown - 1 && shown < total ? Math.min(total, shown + page) : shown;

/**
 * The client dialog's appointments, newest first: the 10 future ones nearest to now (the later ones are
 * counted in `laterHidden`), then the past ones, `pastShown` of them (a page of 20 at a time).
 */
export function clientAppointmentsView<T extends { startAt: string }>(
  newestFirst: readonly T[],
  now: string,
  pastShown: number,
): { future: T[]; laterHidden: number; past: T[]; pastHidden: number } {
  const allFuture = newestFirst.filter((a) => a.startAt > now);
  const allPast = newestFirst.filter((a) => a.startAt <= now);
  const future = allFuture.slice(-FUTURE_APPOINTMENTS_LIMIT);
  const past = allPast.slice(0, pastShown);
  return { future, laterHidden: allFuture.length - future.length, past, pastHidden: allPast.length - past.length };
}

/**
 * The one product the hover card names (limit 1): the first product line of the client's latest paid invoice
 * that has one, going back through `newestFirst` (the client's earlier appointments, newest first).
 */
export function lastBoughtProduct(
  newestFirst: readonly { id: string }[],
  invoiceOf: ReadonlyMap<string, { paid: boolean; items: readonly { type: string; entityId: string }[] }>,
): string | null {
  for (const a of newestFirst) {
    const invoice = invoiceOf.get(a.id);
    const product = invoice?.paid ? invoice.items.find((it) => it.type === 'PRODUCT') : undefined;
    if (product) return product.entityId;
  }
  return null;
}
