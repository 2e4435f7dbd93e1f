import type { ClientStats } from '../../domain/rules/client-stats';
import { formatEuros } from '../../domain/rules/money';
import { useIntl, useT } from '../../i18n';
import { dayText } from '../../domain/rules/time';

/**
 * A client's statistics (part 1 §3 Stats) above the appointments tab: total, successful (paid) and failed
 * (started, not paid) appointments, no-shows and late cancellations (decision 079), and the last one's date and
 * invoice total.
 */
/** The strip's counts: the figure, its label and the id tests find it by. */
const COUNTS = [
  ['totalAppointments', 'client.stats.total', 'stats-total'],
  ['successAppointments', 'client.stats.success', 'stats-success'],
  ['failedAppointments', 'client.stats.failed', 'stats-failed'],
  ['noShows', 'report.missed.noShows', 'stats-no-shows'],
  ['lateCancels', 'report.missed.lateCancels', 'stats-late-cancels'],
] as const;

export function ClientStatsStrip({ stats }: { stats: ClientStats }) {
  const t = useT();
  const intl = useIntl();
  const last = stats.lastAppointment;
  return (
    <dl className="counters client-stats" aria-label={t('client.stats')}>
      {COUNTS.map(([key, label, testId]) => (
        <div className="counter" key={key}>
          <dt>{t(label)}</dt>
          <dd data-testid={testId}>{stats[key]}</dd>
        </div>
      ))}
      <div className="counter">
        <dt>{t('client.stats.last')}</dt>
        <dd className="counter-text" data-testid="stats-last">
          {last ? dayText(last.startAt) : '—'}
          {last?.invoiceTotal ? <small> · {formatEuros(last.invoiceTotal, intl.locale)}</small> : null}
        </dd>
      </div>
    </dl>
  );
}
