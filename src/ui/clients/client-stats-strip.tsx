import type { ClientStats } from '../../domain/rules/client-stats';
import { formatEuros } from '../../domain/rules/money';
import { useIntl, useT } from '../../i18n';
import { dayText } from '../../domain/rules/time';

/**
 * A client's statistics (part 1 §3 Stats) above the appointments tab: total, successful (paid) and failed
 * (started, not paid) appointments, no-shows and late cancellations (decision 079), and the last one's date and
 * invoice total.
 */
export function ClientStatsStrip({ stats }: { stats: ClientStats }) {
  const t = useT();
  const intl = useIntl();
  const last = stats.lastAppointment;
  return (
    <dl className="counters client-stats" aria-label={t('client.stats')}>
      <div className="counter">
        <dt>{t('client.stats.total')}</dt>
        <dd data-testid="stats-total">{stats.totalAppointments}</dd>
      </div>
      <div className="counter">
        <dt>{t('client.stats.success')}</dt>
        <dd data-testid="stats-success">{stats.successAppointments}</dd>
      </div>
      <div className="counter">
        <dt>{t('client.stats.failed')}</dt>
        <dd data-testid="stats-failed">{stats.failedAppointments}</dd>
      </div>
      <div className="counter">
        <dt>{t('report.missed.noShows')}</dt>
        <dd data-testid="stats-no-shows">{stats.noShows}</dd>
      </div>
      <div className="counter">
        <dt>{t('report.missed.lateCancels')}</dt>
        <dd data-testid="stats-late-cancels">{stats.lateCancels}</dd>
      </div>
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
