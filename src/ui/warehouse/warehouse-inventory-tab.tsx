import { useMemo } from 'react';
import { useKeptSet, useKeptText } from '../area-state';
import { formatEuros } from '../../domain/rules/money';
import { useIntl, useT } from '../../i18n';
import { LoadMoreRow, PagedListState, SearchToolbar } from '../list-page/list-parts';
import { MultiSelectFilter } from '../multi-select-filter';
import { OfflineNote } from '../offline-note';
import { useLoadMore } from '../use-load-more';
import { useOnline } from '../use-online';
import { useSettled } from '../use-settled';
import { useSupplierProducts, useSupplierSalons } from './use-warehouse';

/**
 * Inventory (part 2 §2): the connected manufacturers' products in the connected salons, filtered by salons and a
 * search, in pages of 20 as the last row scrolls into view.
 */
export function WarehouseInventoryTab() {
  const t = useT();
  const { locale } = useIntl();
  const online = useOnline();
  const salons = useSupplierSalons(online);
  // The salon filter and the search are kept for the session (part 1 §1: inventory filters).
  const [chosen, setChosen] = useKeptSet('warehouse.inventory.salons');
  const [typed, setTyped] = useKeptText('warehouse.inventory.search');
  const search = useSettled(typed);
  const salonIds = useMemo(() => [...chosen].sort(), [chosen]);
  const pages = useSupplierProducts(salonIds, search, online);
  const rows = useMemo(() => pages.data?.pages.flatMap((p) => p.getSupplierProducts.edges.map((e) => e.node)) ?? [], [pages.data]);
  const sentinel = useLoadMore<HTMLTableRowElement>(pages, online, rows.length);
  const salonItems = (salons.data?.getSupplierSalons ?? []).map((s) => ({ id: s.id, label: s.name }));

  return (
    <div className="stack">
      <SearchToolbar label={t('warehouse.search')} value={typed} onChange={setTyped}>
        <MultiSelectFilter
          label={t('warehouse.salons')}
          placeholder={t('warehouse.allSalons')}
          items={salonItems}
          value={chosen}
          onChange={setChosen}
        />
      </SearchToolbar>
      <OfflineNote online={online} updatedAt={pages.dataUpdatedAt} />
      <PagedListState
        pages={pages}
        online={online}
        shown={rows.length}
        empty={t('inventory.empty')}
        noMatches={t('inventory.noMatches')}
        filtered={search !== '' || salonIds.length > 0}
      />
      {rows.length > 0 ? (
        <table className="table" aria-label={t('warehouse.tab.inventory')} aria-busy={pages.isPlaceholderData || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('warehouse.col.name')}</th>
              <th scope="col">{t('warehouse.col.salon')}</th>
              <th scope="col">{t('warehouse.col.address')}</th>
              <th scope="col">{t('warehouse.col.manufacturer')}</th>
              <th scope="col">{t('warehouse.col.code')}</th>
              <th scope="col" className="num">
                {t('warehouse.col.quantity')}
              </th>
              <th scope="col" className="num">
                {t('warehouse.col.price')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id} data-testid="warehouse-product">
                <td>{p.name}</td>
                <td>{p.salon.name}</td>
                <td>{p.salon.address}</td>
                <td>{p.manufacturer.name}</td>
                <td>{p.code}</td>
                <td className="num">{p.quantity}</td>
                <td className="num">{formatEuros(p.price, locale)}</td>
              </tr>
            ))}
            <LoadMoreRow sentinel={sentinel} colSpan={7} hasMore={pages.hasNextPage} />
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
