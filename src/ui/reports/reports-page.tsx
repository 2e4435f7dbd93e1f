import { getRouteApi } from '@tanstack/react-router';
import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { Button as AriaButton, Checkbox, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { chartDays, REPORT_KINDS, type ReportKind, type ReportRow, type SalesReportKind } from '../../domain/rules/report';
import { isOwnerOrSysadmin } from '../../domain/roles';
import type { EditInvoiceFormValues } from '../../domain/schemas/invoice';
import { dayText } from '../../domain/rules/time';
import { useT, withWholeCatalog } from '../../i18n';
import { readAreaState, writeAreaState } from '../area-state';
import { useSession } from '../session/use-session';
import { DateRangeButton } from '../date-range-button';
import { useSalonSettings, useSalonToday } from '../salon/use-salon';
import { searchDate, searchIds } from '../search-fields';
import { MultiSelectFilter } from '../multi-select-filter';
import { useMasters } from '../salon/use-salon-setup';
import { useSalonRows } from '../sync/use-salon-rows';
import { salonManufacturers } from '../../db/queries/inventory';
import { fullName } from '../salon/use-clients';
import { useReopenedForm } from '../list-page/use-reopened-form';
import { ClientRatingTable } from './client-rating-table';
import { CommissionReportTable } from './commission-report';
import { ReportActions } from './report-actions';
import type { EditInvoiceTarget } from './edit-invoice-dialog';
import { ReportGroups, type EditRow } from './report-groups';
import { ReportTiles } from './report-tiles';
import { ArchivedNote } from './archived-note';
import { CashUpPanel } from '../cash-ups/cash-up-panel';
import { MembershipSalesTable } from './membership-sales-table';
import { MissedVisitsReport } from './missed-visits';
import { showsMembershipSales } from '../../domain/rules/membership-sales';
import { reportFilterKey, usePreviousReport, useReport, useReportRows } from './use-report';
import { LoadBoundary } from '../load-failed';
import './reports.css';

const route = getRouteApi('/salon/reports');
// uPlot and the chart load only when a range of several days is shown.
const RevenueChart = lazy(() => import('./revenue-chart'));
// The owner's edit dialog loads when it first opens: the report paints without its forms.
const EditInvoiceDialog = lazy(() => withWholeCatalog(import('./edit-invoice-dialog')).then((m) => ({ default: m.EditInvoiceDialog })));

// The filters are kept for the browser session (part 1 §1: report filters), the address wins.
const KIND_KEY = 'reports.kind';
const RANGE_KEY = 'reports.range';
const APP_KEY = 'reports.appRecords';
const MASTERS_KEY = 'reports.masters';
const MAKERS_KEY = 'reports.manufacturers';
/** Whether the chart overlays the previous period (on unless turned off). */
const COMPARE_KEY = 'reports.compare';
const idsOf = (joined: string): string[] => (joined ? joined.split(',') : []);
/** The manufacturer filter is for product lines: shown where the kind has them. */
const hasProducts = (kind: ReportKind) => kind === 'all' || kind === 'products';

const isKind = (value: unknown): value is ReportKind => REPORT_KINDS.includes(value as ReportKind);

/** Runs `run` when the browser is next idle (at the latest in 2 s; in a task where there is no idle callback); returns the cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

function SalesReport({
  kind,
  from,
  to,
  app,
  masters,
  manufacturers,
  onEdit,
  onDate,
}: {
  kind: SalesReportKind;
  from: string;
  to: string;
  app: boolean;
  masters: readonly string[];
  manufacturers: readonly string[];
  onEdit?: EditRow;
  /** Shows one day (a refused cash-up reopens on its day). */
  onDate: (date: string) => void;
}) {
  const t = useT();
  const showArchive = Boolean(useSession()?.showArchive);
  const byType = Boolean(useSalonSettings()?.reportByType);
  const filter = { kind, from, to, showArchive, showAppRecords: app, masters, manufacturers };
  const view = useReport(filter);
  const previous = usePreviousReport(filter);
  // The rows are read apart from the figures (issue 65 item 3): once the report painted and the page is idle, or at
  // once when a group opens, a print or an export asks; asked for this filter only.
  const filterKey = reportFilterKey(filter);
  const [rowsFor, setRowsFor] = useState<string | null>(null);
  const rows = useReportRows(filter, rowsFor === filterKey);
  const needRows = useCallback(() => setRowsFor(filterKey), [filterKey]);
  const painted = view?.filterKey === filterKey;
  useEffect(() => (painted && rowsFor !== filterKey ? whenIdle(needRows) : undefined), [painted, rowsFor, filterKey, needRows]);
  const [compare, setCompare] = useState(() => readAreaState(COMPARE_KEY) !== '0');
  const days = useMemo(() => (view && from < to ? chartDays(view.report.dayTotals, from, to) : null), [view, from, to]);
  const previousDays = useMemo(
    () => (previous && compare && from < to ? chartDays(previous.report.dayTotals, previous.from, previous.to) : undefined),
    [previous, compare, from, to],
  );
  if (view === undefined) return <p className="muted">{t('app.loading')}</p>;
  const memberships = showsMembershipSales(kind);
  return (
    <>
      <ReportTiles
        tiles={view.report.tiles}
        memberships={memberships ? view.report.memberships : undefined}
        previous={previous ? { tiles: previous.report.tiles, memberships: previous.report.memberships } : undefined}
      />
      <ArchivedNote archived={view.report.archived} />
      {from === to ? <CashUpPanel date={from} onDate={onDate} /> : null}
      <ReportActions view={view} rows={rows} onNeedRows={needRows} from={from} to={to} />
      {days ? (
        <LoadBoundary>
          <RevenueChart
            days={days}
            previous={previousDays}
            label={t('report.chart')}
            previousLabel={t('report.compare.chartPrevious')}
            compare={
              <Checkbox
                className="choice"
                isSelected={compare}
                onChange={(on) => {
                  setCompare(on);
                  writeAreaState(COMPARE_KEY, on ? '1' : '0');
                }}
              >
                <span className="choice-box" aria-hidden />
                {t('report.compare.chart')}
              </Checkbox>
            }
          />
        </LoadBoundary>
      ) : null}
      {view.report.groups.length === 0 ? (
        <p className="empty">{t('report.empty')}</p>
      ) : (
        <ReportGroups
          view={view}
          rows={rows}
          onNeedRows={needRows}
          bySeller={kind === 'grouped_by_services'}
          byType={byType}
          onEdit={onEdit}
        />
      )}
      <MembershipSalesTable sales={view.report.memberships} view={view} />
    </>
  );
}

/**
 * Report (part 2 §2): the report type, "Show records from application" and a date range (both hidden for the
 * client rating), the summary tiles and the groups, all computed from the mirror (src/domain/rules/report.ts),
 * so the report opens offline and follows every paid invoice at once. The filters live in the address.
 */
export function ReportsPage() {
  const t = useT();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const today = useSalonToday();
  const keptRange = readAreaState(RANGE_KEY)?.split(',') ?? [];
  const kept = readAreaState(KIND_KEY);
  const kind: ReportKind = search.kind ?? (isKind(kept) ? kept : 'all');
  const from = search.from ?? searchDate(keptRange[0]) ?? today;
  const to = search.to ?? searchDate(keptRange[1]) ?? from;
  const app = search.app ?? readAreaState(APP_KEY) === '1';
  const masters = search.masters ?? searchIds(readAreaState(MASTERS_KEY)) ?? '';
  const makers = search.makers ?? searchIds(readAreaState(MAKERS_KEY)) ?? '';
  const masterRows = useMasters();
  const manufacturerRows = useSalonRows(salonManufacturers);
  const masterItems = useMemo(() => (masterRows ?? []).map((m) => ({ id: m.id, label: fullName(m) })), [masterRows]);
  const makerItems = useMemo(() => (manufacturerRows ?? []).map((m) => ({ id: m.id, label: m.name })), [manufacturerRows]);
  const chosenMasters = useMemo(() => new Set(idsOf(masters)), [masters]);
  const chosenMakers = useMemo(() => new Set(idsOf(makers)), [makers]);
  const range = { from, to: to < from ? from : to };
  const session = useSession();
  // The edit column and its dialog are the owner's (part 2 §2, §6); the server refuses anyone else too.
  const owner = session ? isOwnerOrSysadmin(session) : false;
  const [editing, setEditing] = useState<EditInvoiceTarget | null>(null);
  const onEdit = useCallback((row: ReportRow) => setEditing({ invoiceId: row.invoiceId, itemId: row.itemId }), []);
  // A refused edit made offline comes back here from the conflicts list with its values (DESIGN.md §5.4).
  useReopenedForm<EditInvoiceFormValues & { itemId: string }>('report', 'invoiceId', ({ id, values, refusal, conflictId }) => {
    if (!id || !values) return;
    const { itemId, ...typed } = values;
    setEditing({ invoiceId: id, itemId, values: typed, refusal, conflictId });
  });

  const go = useCallback(
    (patch: { kind?: ReportKind; from?: string; to?: string; app?: boolean; masters?: string; makers?: string }) =>
      void navigate({ search: (s) => ({ ...s, ...patch }), replace: true }),
    [navigate],
  );
  useEffect(() => {
    writeAreaState(KIND_KEY, kind);
    writeAreaState(RANGE_KEY, `${range.from},${range.to}`);
    writeAreaState(APP_KEY, app ? '1' : '0');
    writeAreaState(MASTERS_KEY, masters);
    writeAreaState(MAKERS_KEY, makers);
  }, [kind, range.from, range.to, app, masters, makers]);
  // None chosen is '' in the address, so the kept choice does not come back in its place.
  const joined = (set: Set<string>) => [...set].sort().join(',');

  return (
    <section className="page reports-page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.reports')}</h1>
      </div>
      <p className="report-print-caption">
        {kind === 'client_rating'
          ? t('report.kind.client_rating')
          : `${t(`report.kind.${kind}`)} · ${dayText(range.from)} – ${dayText(range.to)}`}
      </p>
      <div className="toolbar report-filters">
        <Select className="report-kind" selectedKey={kind} onSelectionChange={(key) => isKind(key) && go({ kind: key })}>
          <Label className="field-label">{t('report.kind')}</Label>
          <AriaButton className="field-input select-button" data-testid="report-kind">
            <SelectValue />
            <span aria-hidden>▾</span>
          </AriaButton>
          <Popover className="select-popover">
            <ListBox className="select-list">
              {REPORT_KINDS.map((k) => (
                <ListBoxItem key={k} id={k} className="select-option">
                  {t(`report.kind.${k}`)}
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
        {kind !== 'client_rating' ? (
          <>
            {kind !== 'missed_visits' ? (
              <Checkbox className="choice" isSelected={app} onChange={(on) => go({ app: on })}>
                <span className="choice-box" aria-hidden />
                {t('report.appRecords')}
              </Checkbox>
            ) : null}
            <DateRangeButton label={t('report.range')} value={range} onChange={(r) => go({ from: r.from, to: r.to })} past />
            {kind !== 'missed_visits' ? (
              <MultiSelectFilter
                label={t('report.masters')}
                placeholder={t('report.masters')}
                items={masterItems}
                value={chosenMasters}
                onChange={(set) => go({ masters: joined(set) })}
              />
            ) : null}
            {hasProducts(kind) ? (
              <MultiSelectFilter
                label={t('report.manufacturers')}
                placeholder={t('report.manufacturers')}
                items={makerItems}
                value={chosenMakers}
                onChange={(set) => go({ makers: joined(set) })}
              />
            ) : null}
          </>
        ) : null}
      </div>
      {kind === 'client_rating' ? (
        <ClientRatingTable />
      ) : kind === 'missed_visits' ? (
        <MissedVisitsReport from={range.from} to={range.to} />
      ) : kind === 'commissions' ? (
        <CommissionReportTable
          from={range.from}
          to={range.to}
          app={app}
          masters={idsOf(masters)}
          showArchive={Boolean(session?.showArchive)}
        />
      ) : (
        <SalesReport
          kind={kind}
          from={range.from}
          to={range.to}
          app={app}
          masters={idsOf(masters)}
          manufacturers={hasProducts(kind) ? idsOf(makers) : []}
          onEdit={owner ? onEdit : undefined}
          onDate={(day) => go({ from: day, to: day })}
        />
      )}
      {editing && owner ? (
        <LoadBoundary onFailed={() => setEditing(null)}>
          <EditInvoiceDialog target={editing} onClose={() => setEditing(null)} />
        </LoadBoundary>
      ) : null}
    </section>
  );
}
