import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, useState } from 'react';
import { CLIENT_LIST_PAGE, nextShown } from '../../domain/rules/client-history';
import type { ClientRow } from '../../domain/entities';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';
import { useT } from '../../i18n';
import { clientDialogs } from './client-dialogs';
import { fullName } from '../salon/use-clients';
import { usePendingRows } from '../sync/use-pending';
import { PHONE_WIDTH, useMediaQuery } from '../use-media-query';

/** A row's height: one line, or on a phone two (the name over the phone number). */
const ROW_HEIGHT = 52;
const PHONE_ROW_HEIGHT = 68;

/**
 * The clients list (part 1 §2: Name, Phone, Edit, Delete), an infinite scroll of 20 rows a page (§7 getClients
 * 'first 20'): the next 20 join when the last shown row comes into view. Only the rows in view are in the page,
 * so 20 000 clients scroll as smoothly as 20. Rows changed by commands not yet confirmed are marked pending.
 * A new search starts again at 20 (the page keys the table by it).
 */
export function ClientsTable({ rows }: { rows: ClientRow[] }) {
  const t = useT();
  const pending = usePendingRows();
  const scroller = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(CLIENT_LIST_PAGE);
  const count = Math.min(rows.length, shown);
  const rowHeight = useMediaQuery(PHONE_WIDTH) ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  // The last row really in view (the range, computed with the items, leaves the overscan out).
  const lastInView = virtualizer.range?.endIndex ?? 0;
  useEffect(() => setShown((n) => nextShown(n, lastInView, rows.length, CLIENT_LIST_PAGE)), [lastInView, rows.length]);
  return (
    <div className="vtable clients-vtable" role="table" aria-label={t('screen.clients')} aria-rowcount={rows.length + 1}>
      <div className="vtable-head" role="rowgroup">
        <div className="vtable-row" role="row" aria-rowindex={1}>
          <span role="columnheader">{t('clients.name')}</span>
          <span role="columnheader">{t('clients.phone')}</span>
          <span role="columnheader">{t('clients.actions')}</span>
        </div>
      </div>
      <div ref={scroller} className="vtable-body" role="rowgroup" data-testid="clients-scroller">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const c = rows[item.index] as ClientRow;
            return (
              <Row
                key={c.id}
                client={c}
                index={item.index}
                top={item.start}
                height={rowHeight}
                isPending={pending.has(`clients:${c.id}`)}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

/**
 * One row; memoised so scrolling only renders the rows coming into view. Plain buttons: a row is rebuilt
 * on every scroll step, and these need no more than a click and the keyboard.
 */
const Row = memo(function Row({
  client: c,
  index,
  top,
  height,
  isPending,
}: {
  client: ClientRow;
  index: number;
  top: number;
  height: number;
  isPending: boolean;
}) {
  const t = useT();
  const name = fullName(c);
  return (
    <div
      className="vtable-row"
      role="row"
      aria-rowindex={index + 2}
      data-testid="client-row"
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height, transform: `translateY(${top}px)` }}
    >
      <span role="cell">
        <button type="button" className="btn btn-link" onClick={() => clientDialogs.open({ kind: 'view', clientId: c.id })}>
          {name}
        </button>
        {c.blockedAt ? <span className="badge badge-danger">{t('clients.blockedBadge')}</span> : null}
        {isPending ? <span className="badge badge-pending">{t('status.pendingBadge')}</span> : null}
      </span>
      <span role="cell" className="client-phone">
        {c.phone ? formatPhoneAsTyped(c.phone) : ''}
      </span>
      <span role="cell" className="row-actions">
        <button
          type="button"
          className="btn btn-ghost client-edit"
          aria-label={`${t('common.edit')}: ${name}`}
          onClick={() => clientDialogs.open({ kind: 'view', clientId: c.id, tab: 'personalInformation' })}
        >
          {t('common.edit')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          aria-label={`${t('common.delete')}: ${name}`}
          onClick={() => clientDialogs.open({ kind: 'delete', clientId: c.id })}
        >
          {t('common.delete')}
        </button>
      </span>
    </div>
  );
});
