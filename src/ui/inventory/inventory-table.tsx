import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, type CSSProperties } from 'react';
import type { InventoryItem } from '../../domain/rules/inventory';
import { formatEuros } from '../../domain/rules/money';
import type { ProductRow } from '../../domain/entities';
import { useLanguage, useT } from '../../i18n';
import { PendingBadge, RowActions } from '../list-page/list-parts';

/** A row's height before it is measured (text cells plus the Edit and Delete buttons). */
const ROW_HEIGHT = 61;
// The table's own overflow is visible so the header sticks to the scroller, not to the table.
const HEAD: CSSProperties = { position: 'sticky', top: 0, zIndex: 1 };
const CELL: CSSProperties = { verticalAlign: 'middle' };
const NUMBER: CSSProperties = { ...CELL, textAlign: 'right', whiteSpace: 'nowrap' };

/**
 * The Inventory table (part 2 §2: Name, Manufacturer, Product Code, Quantity, Price, Actions). A salon may hold
 * thousands of products: only the rows in view are in the page (spacer rows above and below keep the table's
 * own semantics and the scroll height), and each row is memoised so scrolling renders only the new ones.
 */
export function InventoryTable({
  rows,
  resetKey,
  pending,
  mayEdit,
  onEdit,
  onDelete,
}: {
  rows: InventoryItem<ProductRow>[];
  /** A new search or filter: the list starts from its top again (a pull or an edit keeps the position). */
  resetKey: string;
  pending: ReadonlySet<string>;
  mayEdit: boolean;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => (rows[index] as InventoryItem<ProductRow>).product.id,
    overscan: 10,
  });
  useEffect(() => virtualizer.scrollToOffset(0), [resetKey, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columns = mayEdit ? 6 : 5;
  return (
    <div ref={scroller} data-testid="inventory-scroller" style={{ flex: 1, minHeight: 240, overflow: 'auto' }}>
      <table className="table" aria-label={t('screen.inventory')} aria-rowcount={rows.length + 1} style={{ overflow: 'visible' }}>
        <thead>
          <tr>
            <th scope="col" style={HEAD}>
              {t('inventory.column.name')}
            </th>
            <th scope="col" style={HEAD}>
              {t('inventory.column.manufacturer')}
            </th>
            <th scope="col" style={HEAD}>
              {t('inventory.column.code')}
            </th>
            <th scope="col" style={{ ...HEAD, ...NUMBER }}>
              {t('inventory.column.quantity')}
            </th>
            <th scope="col" style={{ ...HEAD, ...NUMBER }}>
              {t('inventory.column.price')}
            </th>
            {mayEdit ? (
              <th scope="col" style={HEAD}>
                {t('inventory.column.actions')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {top > 0 ? (
            <tr aria-hidden style={{ height: top }}>
              <td colSpan={columns} style={{ padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index] as InventoryItem<ProductRow>;
            return (
              <Row
                key={row.product.id}
                product={row.product}
                manufacturerName={row.manufacturerName}
                index={item.index}
                measure={virtualizer.measureElement}
                isPending={pending.has(`products:${row.product.id}`)}
                onEdit={mayEdit ? onEdit : undefined}
                onDelete={mayEdit ? onDelete : undefined}
              />
            );
          })}
          {bottom > 0 ? (
            <tr aria-hidden style={{ height: bottom }}>
              <td colSpan={columns} style={{ padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

const Row = memo(function Row({
  product: p,
  manufacturerName,
  index,
  measure,
  isPending,
  onEdit,
  onDelete,
}: {
  product: ProductRow;
  manufacturerName: string;
  index: number;
  /** Measures the row once painted (a long name may wrap onto a second line). */
  measure: (row: HTMLTableRowElement | null) => void;
  isPending: boolean;
  onEdit?: (id: string) => void;
  onDelete?: (id: string) => void;
}) {
  const { language } = useLanguage();
  return (
    <tr ref={measure} data-index={index} aria-rowindex={index + 2} data-testid="product-row">
      <td style={CELL}>
        {p.name}
        <PendingBadge pending={isPending} />
      </td>
      <td style={CELL}>{manufacturerName}</td>
      <td style={CELL}>{p.code}</td>
      <td style={NUMBER}>{p.quantity}</td>
      <td style={NUMBER}>{formatEuros(p.price, language)}</td>
      {onEdit && onDelete ? <RowActions name={p.name} onEdit={() => onEdit(p.id)} onDelete={() => onDelete(p.id)} /> : null}
    </tr>
  );
});
