import { useEffect, useState } from 'react';
import { toCsv } from '../../domain/rules/csv';
import type { ReportRow } from '../../domain/rules/report';
import { centsToDecimal } from '../../domain/rules/money';
import { dayText } from '../../domain/rules/time';
import { useT } from '../../i18n';
import { Button } from '../button';
import { downloadFile } from '../download-file';
import { useSyncDb } from '../sync/use-sync-state';
import { clientNamesOf, sellerKey, type ReportView } from './use-report';

/**
 * The shown rows as CSV, in the user's language: one line per invoice line, its group first (issue 17 item 7), then
 * the memberships sold.
 */
function reportCsv(
  view: ReportView,
  rowsOf: Map<string, ReportRow[]>,
  clientNames: Map<string, string>,
  t: ReturnType<typeof useT>,
): string {
  const removed = t('report.removed');
  const header = [
    t('report.col.date'),
    t('report.col.group'),
    t('report.col.client'),
    t('report.col.entity'),
    t('report.col.seller'),
    t('report.col.quantity'),
    t('report.col.price'),
    t('report.col.discount'),
    t('report.col.total'),
    t('report.col.payment'),
  ];
  const rows = view.report.groups.flatMap((g) =>
    (rowsOf.get(g.key) ?? []).map((r) => [
      dayText(r.date),
      g.kind === 'NONE' ? t('report.noSeller') : view.groupNames.get(g.key) || removed,
      r.clientId ? (clientNames.get(r.clientId) ?? removed) : '',
      view.entityNames.get(r.entityId) ?? removed,
      r.sellerId ? (view.sellerNames.get(sellerKey(r.sellerType, r.sellerId)) ?? removed) : '',
      r.quantity,
      centsToDecimal(r.price),
      centsToDecimal(r.discount),
      centsToDecimal(r.total),
      t(`payment.${r.paymentType}`),
    ]),
  );
  // Memberships sold (decision 071): one line each, under a group of their own.
  const memberships = view.report.memberships.rows.map((r) => [
    dayText(r.date),
    t('report.tile.memberships'),
    clientNames.get(r.clientId) ?? removed,
    t('report.membership', { serialNumber: r.serialNumber, service: view.entityNames.get(r.serviceId) ?? removed }),
    r.sellerId ? (view.sellerNames.get(sellerKey('ADMINISTRATOR', r.sellerId)) ?? removed) : '',
    r.quantity,
    centsToDecimal(r.price),
    centsToDecimal(0),
    centsToDecimal(r.price),
    t(`payment.${r.paymentType}`),
  ]);
  return toCsv(header, [...rows, ...memberships]);
}

/**
 * Export CSV and Print (issue 17 item 7): both work offline, from what the page shows. Both need the rows
 * (`useReportRows`): pressed before they are read, each asks for them and runs once they are there.
 */
export function ReportActions({
  view,
  rows,
  onNeedRows,
  from,
  to,
}: {
  view: ReportView;
  rows: Map<string, ReportRow[]> | undefined;
  onNeedRows: () => void;
  from: string;
  to: string;
}) {
  const t = useT();
  const db = useSyncDb();
  const [pending, setPending] = useState<'csv' | 'print' | null>(null);
  useEffect(() => {
    if (!pending || !rows) return;
    setPending(null);
    if (pending === 'print') {
      window.print();
      return;
    }
    void (async () => {
      const clientNames = db ? await clientNamesOf(db, view.report, rows) : new Map<string, string>();
      downloadFile(`report-${from}-${to}.csv`, new Blob([reportCsv(view, rows, clientNames, t)], { type: 'text/csv;charset=utf-8' }));
    })();
  }, [pending, rows, db, view, from, to, t]);
  const ask = (action: 'csv' | 'print') => {
    onNeedRows();
    setPending(action);
  };
  return (
    <div className="report-actions">
      <Button
        variant="secondary"
        onPress={() => ask('csv')}
        isDisabled={view.report.groups.length === 0 && view.report.memberships.rows.length === 0}
      >
        {t('report.exportCsv')}
      </Button>
      <Button variant="ghost" onPress={() => ask('print')}>
        {t('report.print')}
      </Button>
    </div>
  );
}
