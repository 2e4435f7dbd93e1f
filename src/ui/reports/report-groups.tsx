import { useEffect, useState } from 'react';
import { formatEuros } from '../../domain/rules/money';
import type { ReportGroup, ReportRow } from '../../domain/rules/report';
import { dayText } from '../../domain/rules/time';
import { useIntl, useT } from '../../i18n';
import { Button } from '../button';
import { RevenueParts } from './report-tiles';
import { sellerKey, useClientNames, type ReportView } from './use-report';

/** True while the browser prints, so a printed report has every group's rows (collapsed ones too). */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const on = () => setPrinting(true);
    const off = () => setPrinting(false);
    window.addEventListener('beforeprint', on);
    window.addEventListener('afterprint', off);
    return () => {
      window.removeEventListener('beforeprint', on);
      window.removeEventListener('afterprint', off);
    };
  }, []);
  return printing;
}

/** Hours of a group's appointments, one decimal at most: 90 minutes read 1.5. */
const hourFormats = new Map<string, Intl.NumberFormat>();
const hoursOf = (minutes: number, locale: string) => {
  let format = hourFormats.get(locale);
  if (!format) hourFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })));
  return format.format(minutes / 60);
};

/** Opens the owner's Edit invoice dialog for a row; absent for everyone else (part 2 §2 "an edit column for owners"). */
export type EditRow = (row: ReportRow) => void;

function GroupRows({
  rows,
  view,
  bySeller,
  onEdit,
}: {
  rows: readonly ReportRow[];
  view: ReportView;
  bySeller: boolean;
  onEdit?: EditRow;
}) {
  const t = useT();
  const { locale } = useIntl();
  const removed = t('report.removed');
  const clients = useClientNames([...new Set(rows.flatMap((r) => (r.clientId ? [r.clientId] : [])))]);
  const second = (r: ReportRow) =>
    bySeller
      ? (view.sellerNames.get(sellerKey(r.sellerType, r.sellerId)) ?? (r.sellerId ? removed : t('report.noSeller')))
      : (view.entityNames.get(r.entityId) ?? removed);
  return (
    <table className="table report-rows">
      <thead>
        <tr>
          <th scope="col">{t('report.col.date')}</th>
          <th scope="col">{t('report.col.client')}</th>
          <th scope="col">{t(bySeller ? 'report.col.seller' : 'report.col.entity')}</th>
          <th scope="col" className="num">
            {t('report.col.quantity')}
          </th>
          <th scope="col" className="num">
            {t('report.col.price')}
          </th>
          <th scope="col" className="num">
            {t('report.col.discount')}
          </th>
          <th scope="col" className="num">
            {t('report.col.total')}
          </th>
          {onEdit ? (
            <th scope="col" className="edit-cell">
              <span className="visually-hidden">{t('report.col.edit')}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.itemId} className={r.archived ? 'row-archived' : undefined}>
            <td>{dayText(r.date)}</td>
            <td>{r.clientId ? (clients ? (clients.get(r.clientId) ?? removed) : '…') : '—'}</td>
            <td>{second(r)}</td>
            <td className="num">{r.quantity}</td>
            <td className="num">{formatEuros(r.price, locale)}</td>
            <td className="num">{r.discount ? formatEuros(-r.discount, locale) : '—'}</td>
            <td className="num">{formatEuros(r.total, locale)}</td>
            {onEdit ? (
              <td className="edit-cell">
                <Button
                  variant="ghost"
                  aria-label={t('report.edit.row', { entity: view.entityNames.get(r.entityId) ?? removed })}
                  onPress={() => onEdit(r)}
                >
                  {t('common.edit')}
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One group of the report (part 2 §2): a header with the seller's (or service group's) name, hours, services,
 * products and total, split by payment type when the salon reports by type (decision 038); collapsed by
 * default, its rows open under it.
 */
function Group({
  group,
  rows,
  onNeedRows,
  view,
  bySeller,
  byType,
  printing,
  onEdit,
}: {
  group: ReportGroup;
  /** The group's rows, undefined while they are read. */
  rows: readonly ReportRow[] | undefined;
  onNeedRows: () => void;
  view: ReportView;
  bySeller: boolean;
  byType: boolean;
  printing: boolean;
  onEdit?: EditRow;
}) {
  const t = useT();
  const { locale } = useIntl();
  const [open, setOpen] = useState(false);
  const name = group.kind === 'NONE' ? t('report.noSeller') : view.groupNames.get(group.key) || t('report.removed');
  const rowsId = `report-rows-${group.key}`;
  return (
    <section className="report-group" data-testid="report-group">
      <button
        type="button"
        className="report-group-header"
        aria-expanded={open}
        aria-controls={rowsId}
        onClick={() => {
          if (!open) onNeedRows();
          setOpen(!open);
        }}
      >
        <span className="report-group-toggle" aria-hidden>
          {open ? '−' : '+'}
        </span>
        <span className="report-group-name">{name}</span>
        <span>{t('report.group.hours', { hours: hoursOf(group.minutes, locale) })}</span>
        <span>{t('report.group.services', { count: group.services })}</span>
        {bySeller ? null : <span>{t('report.group.products', { count: group.products })}</span>}
        <span className="report-group-total" data-testid="group-total">
          {formatEuros(group.revenue.total, locale)}
        </span>
      </button>
      {byType ? <RevenueParts revenue={group.revenue} /> : null}
      {open || printing ? (
        <div id={rowsId} className="table-scroll" role="region" aria-label={t('report.group.toggle', { name })}>
          {rows ? (
            <GroupRows rows={rows} view={view} bySeller={bySeller} onEdit={printing ? undefined : onEdit} />
          ) : (
            <p className="muted">{t('app.loading')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}

/** The seller-based report, or the grouped-by-services view whose rows name their seller. */
export function ReportGroups({
  view,
  rows,
  onNeedRows,
  bySeller,
  byType,
  onEdit,
}: {
  view: ReportView;
  /** Every group's rows by key (`useReportRows`), undefined until read. */
  rows: Map<string, ReportRow[]> | undefined;
  onNeedRows: () => void;
  bySeller: boolean;
  byType: boolean;
  onEdit?: EditRow;
}) {
  const printing = usePrinting();
  useEffect(() => {
    if (printing) onNeedRows();
  }, [printing, onNeedRows]);
  return (
    <div className="report-groups">
      {view.report.groups.map((g) => (
        <Group
          key={g.key}
          group={g}
          rows={rows ? (rows.get(g.key) ?? []) : undefined}
          onNeedRows={onNeedRows}
          view={view}
          bySeller={bySeller}
          byType={byType}
          printing={printing}
          onEdit={onEdit}
        />
      ))}
    </div>
  );
}
