import { useMemo, useState } from 'react';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';
import { useT } from '../../i18n';
import { Button } from '../button';
import { LoadMoreRow, PagedListState, RowActions, SearchToolbar } from '../list-page/list-parts';
import { OfflineNote } from '../offline-note';
import { useLoadMore } from '../use-load-more';
import { useOnline } from '../use-online';
import { useSettled } from '../use-settled';
import { DeleteSupplierDialog } from './delete-supplier-dialog';
import { SupplierDialog } from './supplier-dialog';
import { useSupplierPages, type Supplier } from './use-suppliers';
import { useKeptText } from '../area-state';

type Open = { kind: 'new' } | { kind: 'edit'; supplier: Supplier } | { kind: 'delete'; supplier: Supplier } | null;

const fullName = (s: Supplier) => `${s.firstName} ${s.lastName}`.trim();
const initials = (s: Supplier) => `${s.firstName.charAt(0)}${s.lastName.charAt(0)}`.toUpperCase();

/**
 * The sysadmin's Suppliers (part 2 §2): search, Add Supplier, a table of Name (avatar and names), Phone, Email
 * and Actions, read from the server in pages of 20 as the last row scrolls into view. Online by nature
 * (DESIGN.md §5): offline it shows the pages read last, saying when, and the writes say they need the network.
 */
export function SuppliersPage() {
  const t = useT();
  const online = useOnline();
  const [typed, setTyped] = useKeptText('suppliersList.search');
  const search = useSettled(typed);
  const [open, setOpen] = useState<Open>(null);
  const pages = useSupplierPages(search, online);
  const rows = useMemo(() => pages.data?.pages.flatMap((p) => p.getSuppliers.edges.map((e) => e.node)) ?? [], [pages.data]);
  const sentinel = useLoadMore<HTMLTableRowElement>(pages, online, rows.length);

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.suppliers')}</h1>
      </div>
      <SearchToolbar label={t('supplier.search')} value={typed} onChange={setTyped}>
        <Button variant="primary" onPress={() => setOpen({ kind: 'new' })}>
          {t('supplier.add')}
        </Button>
      </SearchToolbar>
      <OfflineNote online={online} updatedAt={pages.dataUpdatedAt} />
      <PagedListState
        pages={pages}
        online={online}
        shown={rows.length}
        empty={t('supplier.empty')}
        noMatches={t('supplier.noMatches')}
        filtered={search !== ''}
      />
      {rows.length > 0 ? (
        <table
          className="table"
          aria-label={t('screen.suppliers')}
          aria-busy={pages.isPlaceholderData || undefined}
          data-testid="suppliers-table"
        >
          <thead>
            <tr>
              <th scope="col">{t('supplier.name')}</th>
              <th scope="col">{t('supplier.phone')}</th>
              <th scope="col">{t('supplier.email')}</th>
              <th scope="col">{t('supplier.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id} data-testid="supplier-row">
                <td>
                  <span className="user-chip">
                    <span className="avatar" aria-hidden>
                      {initials(s)}
                    </span>
                    <button type="button" className="btn btn-link" onClick={() => setOpen({ kind: 'edit', supplier: s })}>
                      {fullName(s)}
                    </button>
                  </span>
                </td>
                <td>{s.phone ? formatPhoneAsTyped(s.phone) : ''}</td>
                <td>{s.email}</td>
                <RowActions
                  name={fullName(s)}
                  onEdit={() => setOpen({ kind: 'edit', supplier: s })}
                  onDelete={() => setOpen({ kind: 'delete', supplier: s })}
                />
              </tr>
            ))}
            <LoadMoreRow sentinel={sentinel} colSpan={4} hasMore={pages.hasNextPage} />
          </tbody>
        </table>
      ) : null}
      {open?.kind === 'new' || open?.kind === 'edit' ? (
        <SupplierDialog supplier={open.kind === 'edit' ? open.supplier : null} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'delete' ? <DeleteSupplierDialog supplier={open.supplier} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
