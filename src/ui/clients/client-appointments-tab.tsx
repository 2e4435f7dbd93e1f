import { useState } from 'react';
import { formatEuros } from '../../domain/rules/money';
import { useIntl, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { ClientStatsStrip } from './client-stats-strip';
import { PaymentIcon } from '../payment-icon';
import { useClientHistory } from './use-client-history';
import { dayText, dayTimeText } from '../../domain/rules/time';
import { useSalonNow } from '../salon/use-salon';
import { clientAppointmentsView, HISTORY_PAGE } from '../../domain/rules/client-history';

/**
 * The client dialog's appointments tab (part 1 §2): the client's statistics (§3); Date, Master, Service, Price and the payment icon,
 * future ones in bold (the 10 nearest, §9), past ones a page of 20 at a time; then the products the client bought, a page at a time.
 */
export function ClientAppointmentsTab({ clientId }: { clientId: string }) {
  const t = useT();
  const intl = useIntl();
  const showArchive = Boolean(useSession()?.showArchive);
  const history = useClientHistory(clientId);
  const [shown, setShown] = useState(HISTORY_PAGE);
  const [pastShown, setPastShown] = useState(HISTORY_PAGE);
  const nowWall = useSalonNow();
  if (!history) return <p className="muted">{t('app.loading')}</p>;
  // A late cancellation is archived, and kept in sight here: it is the client's history (decision 079).
  const appointments = history.appointments.filter((a) => showArchive || !a.archived || a.outcome);
  const view = clientAppointmentsView(appointments, nowWall, pastShown);
  const money = (price: string | null) => (price === null ? '—' : formatEuros(price, intl.locale));
  return (
    <div className="stack">
      <ClientStatsStrip stats={history.stats} />
      {appointments.length === 0 ? (
        <p className="empty">{t('client.appointments.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table" aria-label={t('client.tab.appointments')}>
            <thead>
              <tr>
                <th>{t('client.appointments.date')}</th>
                <th>{t('client.appointments.master')}</th>
                <th>{t('client.appointments.service')}</th>
                <th>{t('client.appointments.price')}</th>
                <th>
                  <span className="visually-hidden">{t('client.appointments.payment')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.laterHidden > 0 ? (
                <tr>
                  <td colSpan={5} className="muted">
                    {t('client.appointments.laterHidden', { count: view.laterHidden })}
                  </td>
                </tr>
              ) : null}
              {[...view.future, ...view.past].map((a) => (
                <tr key={a.id} className={a.startAt > nowWall ? 'row-future' : undefined} data-future={a.startAt > nowWall || undefined}>
                  <td>{dayTimeText(a.startAt)}</td>
                  <td>{a.master || '—'}</td>
                  <td>{a.service || '—'}</td>
                  <td>{money(a.price)}</td>
                  <td>
                    {a.paid ? <PaymentIcon type={a.paymentType} /> : null}
                    {a.outcome ? <span className="tt-card-badge badge-inline">{t(`timetable.outcome.${a.outcome}`)}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {view.pastHidden > 0 ? (
        <Button variant="secondary" onPress={() => setPastShown((n) => n + HISTORY_PAGE)}>
          {t('common.showMore')}
        </Button>
      ) : null}
      <h3 className="section-title">{t('client.boughtItems')}</h3>
      {history.boughtItems.length === 0 ? (
        <p className="empty">{t('client.boughtItems.empty')}</p>
      ) : (
        <>
          <table className="table" aria-label={t('client.boughtItems')}>
            <thead>
              <tr>
                <th>{t('client.appointments.date')}</th>
                <th>{t('client.boughtItems.product')}</th>
                <th>{t('client.boughtItems.quantity')}</th>
                <th>{t('client.appointments.price')}</th>
                <th>
                  <span className="visually-hidden">{t('client.appointments.payment')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.boughtItems.slice(0, shown).map((item) => (
                <tr key={item.id}>
                  <td>{dayText(item.boughtAt)}</td>
                  <td>{item.product || '—'}</td>
                  <td>{item.quantity}</td>
                  <td>{money(item.price)}</td>
                  <td>
                    <PaymentIcon type={item.paymentType} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {history.boughtItems.length > shown ? (
            <Button variant="secondary" onPress={() => setShown((n) => n + HISTORY_PAGE)}>
              {t('common.showMore')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
