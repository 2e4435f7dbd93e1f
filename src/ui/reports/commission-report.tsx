import { useMemo } from 'react';
import { basisToDecimal, commissionReport, type CommissionReport, type CommissionRow } from '../../domain/rules/commissions';
import { toCsv } from '../../domain/rules/csv';
import { centsToDecimal, formatEuros } from '../../domain/rules/money';
import type { MasterRow } from '../../domain/entities';
import { useIntl, useT } from '../../i18n';
import { Button } from '../button';
import { downloadFile } from '../download-file';
import { fullName } from '../salon/use-clients';
import { useMasters } from '../salon/use-salon-setup';
import { useReport, useReportRows } from './use-report';

const rate = (basis: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basis / 10_000);

/** Her group rates as one line: 'Hair 25 %, Nails 12 %' (CSV: '25.00' decimals). */
const groupRatesText = (r: CommissionRow, groupNames: ReadonlyMap<string, string>, percent: (basis: number) => string) =>
  r.groupRates.map((g) => `${groupNames.get(g.groupId) ?? '—'} ${percent(g.rate)}`).join(', ');

/** The table as CSV in the user's language: amounts and rates as plain decimals, a line per master, then the totals. */
function commissionCsv(
  report: CommissionReport,
  names: Map<string, string>,
  groupNames: ReadonlyMap<string, string>,
  t: ReturnType<typeof useT>,
): string {
  const header = [
    t('report.commission.master'),
    t('report.commission.services'),
    t('report.commission.serviceRate'),
    t('report.commission.groupRates'),
    t('report.commission.products'),
    t('report.commission.productRate'),
    t('report.commission.base'),
    t('report.commission.commission'),
    t('report.commission.tips'),
    t('report.commission.pay'),
  ];
  const line = (r: CommissionRow) => [
    names.get(r.masterId) ?? t('report.removed'),
    centsToDecimal(r.services),
    basisToDecimal(r.serviceRate) ?? '',
    groupRatesText(r, groupNames, (basis) => basisToDecimal(basis) ?? ''),
    centsToDecimal(r.products),
    basisToDecimal(r.productRate) ?? '',
    centsToDecimal(r.base),
    centsToDecimal(r.commission),
    centsToDecimal(r.tips),
    centsToDecimal(r.pay),
  ];
  const { totals } = report;
  const sum = [
    t('report.commission.total'),
    centsToDecimal(totals.services),
    '',
    '',
    centsToDecimal(totals.products),
    '',
    centsToDecimal(totals.base),
    centsToDecimal(totals.commission),
    centsToDecimal(totals.tips),
    centsToDecimal(totals.pay),
  ];
  return toCsv(header, [...report.rows.map(line), sum]);
}

/**
 * Commissions (issue 59 item 4): per master who sold or was tipped in the range, her services and products (the
 * Report's lines, same days, filters and archive rules), her rates from Staff (with her service groups' own), the
 * base they apply to, the commission, her tips and what that comes to; from the mirror, so offline too; CSV and print
 * like the Report.
 */
export function CommissionReportTable({
  from,
  to,
  app,
  masters,
  showArchive,
}: {
  from: string;
  to: string;
  app: boolean;
  masters: readonly string[];
  showArchive: boolean;
}) {
  const t = useT();
  const { locale } = useIntl();
  const filter = { kind: 'all' as const, from, to, showArchive, showAppRecords: app, masters };
  const view = useReport(filter);
  // Commissions are per line: the groups with their rows (the view's groups hold the figures only, decision 098).
  const rows = useReportRows(filter, true);
  const staff = useMasters();
  const rates = useMemo<MasterRow[]>(() => staff ?? [], [staff]);
  const report = useMemo(() => {
    if (!view || !rows) return undefined;
    const groups = view.report.groups.map((g) => ({ ...g, rows: rows.get(g.key) ?? [] }));
    return commissionReport(groups, rates, view.report.tiles.tips.byMaster, view.groupOfService);
  }, [view, rows, rates]);
  if (!view || !report) return <p className="muted">{t('app.loading')}</p>;
  const groupNames = new Map(
    [...view.groupNames].flatMap(([key, name]) => (key.startsWith('SERVICE_GROUP:') ? [[key.slice(14), name] as const] : [])),
  );
  const percent = (basis: number) => rate(basis, locale);
  const names = new Map([...view.groupNames].flatMap(([key, name]) => (key.startsWith('MASTER:') ? [[key.slice(7), name] as const] : [])));
  for (const m of rates) if (!names.has(m.id)) names.set(m.id, fullName(m));
  const money = (cents: number) => formatEuros(cents, locale);
  const download = () =>
    downloadFile(
      `commissions-${from}-${to}.csv`,
      new Blob([commissionCsv(report, names, groupNames, t)], { type: 'text/csv;charset=utf-8' }),
    );
  return (
    <>
      <div className="report-actions">
        <Button variant="secondary" onPress={download} isDisabled={report.rows.length === 0}>
          {t('report.exportCsv')}
        </Button>
        <Button variant="ghost" onPress={() => window.print()}>
          {t('report.print')}
        </Button>
      </div>
      {report.rows.length === 0 ? (
        <p className="empty">{t('report.commission.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table commission-table" aria-label={t('report.kind.commissions')}>
            <thead>
              <tr>
                <th scope="col">{t('report.commission.master')}</th>
                <th scope="col" className="num">
                  {t('report.commission.services')}
                </th>
                <th scope="col" className="num">
                  {t('report.commission.serviceRate')}
                </th>
                <th scope="col" className="num">
                  {t('report.commission.products')}
                </th>
                <th scope="col" className="num">
                  {t('report.commission.productRate')}
                </th>
                <th scope="col" className="num">
                  {t('report.commission.base')}
                </th>
                <th scope="col" className="num">
                  {t('report.commission.commission')}
                </th>
                <th scope="col" className="num">
                  {t('report.commission.tips')}
                </th>
                <th scope="col" className="num">
                  {t('report.commission.pay')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.masterId}>
                  <th scope="row">{names.get(r.masterId) || t('report.removed')}</th>
                  <td className="num">{money(r.services)}</td>
                  <td className="num">
                    {r.serviceRate ? percent(r.serviceRate) : '—'}
                    {r.groupRates.length > 0 ? (
                      <span className="cell-note" title={t('report.commission.groupRates')}>
                        {groupRatesText(r, groupNames, percent)}
                      </span>
                    ) : null}
                  </td>
                  <td className="num">{money(r.products)}</td>
                  <td className="num">{r.productRate ? rate(r.productRate, locale) : '—'}</td>
                  <td className="num">{money(r.base)}</td>
                  <td className="num">
                    <strong>{money(r.commission)}</strong>
                  </td>
                  <td className="num">{money(r.tips)}</td>
                  <td className="num">{money(r.pay)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('report.commission.total')}</th>
                <td className="num">{money(report.totals.services)}</td>
                <td />
                <td className="num">{money(report.totals.products)}</td>
                <td />
                <td className="num">{money(report.totals.base)}</td>
                <td className="num" data-testid="commission-total">
                  <strong>{money(report.totals.commission)}</strong>
                </td>
                <td className="num" data-testid="commission-tips">
                  {money(report.totals.tips)}
                </td>
                <td className="num" data-testid="commission-pay">
                  <strong>{money(report.totals.pay)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </>
  );
}
