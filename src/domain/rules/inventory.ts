/**
 * The Inventory list (part 2 §2): the Manufacturers filter, then the search. Every word typed must appear in the
 * product's name, code or manufacturer, ignoring case and accents ('product 19' finds 'Product 1902', not every
 * product, as a fuzzy match would). Pure, so thousands of mirror rows are filtered in memory, offline as online.
 */
export interface InventoryItem<P> {
  product: P;
  manufacturerName: string;
  /** Name, code and manufacturer, folded once per change of the mirror (not on every keystroke). */
  text: string;
}

export interface InventoryFilter {
  /** Chosen manufacturer ids; none chosen shows every product. */
  manufacturers: ReadonlySet<string>;
  query: string;
}

type Listed = { name: string; code: string; manufacturerId: string | null };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();

/** Every product with its manufacturer's name and search text, in name order in the user's language. */
export function inventoryItems<P extends Listed>(
  products: readonly P[],
  manufacturerNames: ReadonlyMap<string, string>,
  locale: string,
): InventoryItem<P>[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return products
    .map((product) => {
      const manufacturerName = (product.manufacturerId && manufacturerNames.get(product.manufacturerId)) || '';
      return { product, manufacturerName, text: fold(`${product.name} ${product.code} ${manufacturerName}`) };
    })
    .sort((a, b) => collator.compare(a.product.name, b.product.name) || collator.compare(a.manufacturerName, b.manufacturerName));
}

/** The items that pass the filter, in the same order. */
export function filterInventory<P extends Listed>(items: readonly InventoryItem<P>[], filter: InventoryFilter): InventoryItem<P>[] {
  const chosen = filter.manufacturers.size > 0 ? filter.manufacturers : null;
  const words = fold(filter.query).split(/\s+/).filter(Boolean);
  return items.filter(
    (item) =>
      (!chosen || (item.product.manufacturerId !== null && chosen.has(item.product.manufacturerId))) &&
      words.every((w) => item.text.includes(w)),
  );
}

/**
 * A product's stock after an edit (decision 081). With `quantityWas` (the count the form showed when it opened) the
 * edit is an adjustment: the difference typed is added to the stock as it is now, so units sold on another device
 * meanwhile stay sold and an edit of the name or price leaves the stock alone. Without it (the spec's own API), the
 * quantity is set as typed.
 */
export function stockAfterEdit(current: number, input: { quantity: number; quantityWas?: number | null }): number {
  return input.quantityWas === undefined || input.quantityWas === null ? input.quantity : current + input.quantity - input.quantityWas;
}
