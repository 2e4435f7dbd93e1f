import { useEffect, useMemo, useState } from 'react';
import { filterInventory, inventoryItems } from '../../domain/rules/inventory';
import type { ProductFormValues } from '../../domain/schemas/product';
import { useLanguage, useT } from '../../i18n';
import { readAreaState, writeAreaState } from '../area-state';
import { Button } from '../button';
import { ListState, SearchToolbar, useMayEditSetup } from '../list-page/list-parts';
import { useReopenedForm, type FormOpen } from '../list-page/use-reopened-form';
import { useManufacturers } from '../manufacturers/manufacturer-dialogs';
import { DeleteProductDialog, ProductDialog } from './product-dialogs';
import { useProducts } from '../salon/use-products';
import { usePendingRows } from '../sync/use-pending';
import { useDebounced } from '../use-debounced';
import { InventoryTable } from './inventory-table';
import { ManufacturersFilter } from './manufacturers-filter';

type Open = FormOpen<ProductFormValues> | { kind: 'delete'; id: string } | null;

/** Search waits for typing to pause (part 1 §9), so thousands of rows are filtered once per pause. */
const SEARCH_DEBOUNCE_MS = 300;
// The search text and the manufacturer filter are kept for the browser session (part 1 §1).
const SEARCH_KEY = 'inventory.search';
const FILTER_KEY = 'inventory.manufacturers';

/**
 * Inventory (part 2 §2): the Manufacturers filter, search, Add New Product and the products table, all from the
 * mirror, so it works offline and a change shows at once (marked pending until the server confirms it).
 */
export function InventoryPage() {
  const t = useT();
  const { language } = useLanguage();
  const products = useProducts();
  const manufacturers = useManufacturers();
  const pending = usePendingRows();
  const mayEdit = useMayEditSetup();
  const [typed, setTyped] = useState(() => readAreaState(SEARCH_KEY) ?? '');
  const query = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set((readAreaState(FILTER_KEY) ?? '').split(',').filter(Boolean)));
  const [open, setOpen] = useState<Open>(null);
  useReopenedForm<ProductFormValues>('product', 'productId', setOpen);

  useEffect(() => writeAreaState(SEARCH_KEY, query), [query]);
  useEffect(() => writeAreaState(FILTER_KEY, [...chosen].join(',')), [chosen]);

  const sortedManufacturers = useMemo(
    () => [...(manufacturers ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)),
    [manufacturers, language],
  );
  const names = useMemo(() => new Map(sortedManufacturers.map((m) => [m.id, m.name])), [sortedManufacturers]);
  // Sorted and folded once per change of the mirror; a search or a filter then only filters.
  const items = useMemo(() => inventoryItems(products ?? [], names, language), [products, names, language]);
  const rows = useMemo(() => filterInventory(items, { manufacturers: chosen, query }), [items, chosen, query]);
  const byId = (id: string | null) => (id ? (products?.find((p) => p.id === id) ?? null) : null);
  const deleting = open?.kind === 'delete' ? byId(open.id) : null;

  return (
    <section className="page page-fill">
      <div className="page-header">
        <h1 className="page-title">{t('screen.inventory')}</h1>
      </div>
      <SearchToolbar label={t('inventory.search')} value={typed} onChange={setTyped}>
        <ManufacturersFilter manufacturers={sortedManufacturers} value={chosen} onChange={setChosen} />
        {mayEdit ? (
          <Button variant="primary" onPress={() => setOpen({ kind: 'form', id: null })}>
            {t('inventory.add')}
          </Button>
        ) : null}
      </SearchToolbar>
      <ListState all={products} shown={rows.length} empty={t('inventory.empty')} noMatches={t('inventory.noMatches')} />
      {rows.length > 0 ? (
        <InventoryTable
          rows={rows}
          resetKey={`${query}|${[...chosen].join(',')}`}
          pending={pending}
          mayEdit={mayEdit}
          onEdit={(id) => setOpen({ kind: 'form', id })}
          onDelete={(id) => setOpen({ kind: 'delete', id })}
        />
      ) : null}
      {open?.kind === 'form' ? (
        <ProductDialog
          product={byId(open.id)}
          manufacturers={sortedManufacturers}
          initialValues={open.values}
          refusal={open.refusal}
          conflictId={open.conflictId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteProductDialog
          product={deleting}
          manufacturerName={(deleting?.manufacturerId && names.get(deleting.manufacturerId)) || ''}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
