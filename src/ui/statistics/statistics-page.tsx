import { lazy, useMemo } from 'react';
import { useKeptSet } from '../area-state';
import { Docs, request } from '../../api';
import { dayText } from '../../domain/rules/time';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';
import { useT } from '../../i18n';
import { MultiSelectFilter } from '../multi-select-filter';
import { OfflineNote } from '../offline-note';
import { useOnline } from '../use-online';
import { useServerQuery } from '../use-server-query';
import { LoadBoundary } from '../load-failed';

const SignupsChart = lazy(() => import('./signups-chart'));

const TILES = [
  ['salonSummary', 'statistics.salons'],
  ['masterSummary', 'statistics.masters'],
  ['selfEmployedSummary', 'statistics.selfEmployed'],
  ['localClientSummary', 'statistics.clients'],
  ['globalClientSummary', 'statistics.clientsInApp'],
] as const;

/**
 * The sysadmin's Statistics (part 2 §2): five tiles with a total and This month (decision 042), then the accounts
 * that signed up with a promo code, filtered by code. Read from the server (TanStack Query, persisted): offline it
 * shows the last answer and when it was read. Errors are not shown (part 2 §8).
 */
export function StatisticsPage() {
  const t = useT();
  const online = useOnline();
  // The promo-code filter is kept for the session (part 1 §1).
  const [codes, setCodes] = useKeptSet('statistics.promoCodes');
  const chosen = useMemo(() => [...codes].sort(), [codes]);
  const stats = useServerQuery({ queryKey: ['statistics'], queryFn: () => request(Docs.GetStatisticsDocument, {}), enabled: online });
  const promo = useServerQuery({
    queryKey: ['promoCodeUsers', chosen],
    queryFn: () => request(Docs.GetPromoCodeUsersDocument, { promoCodeFilter: chosen }),
    enabled: online,
  });
  const summary = stats.data?.getStatistics;
  const users = promo.data?.getPromoCodeUsers.promoCodeUsers ?? [];
  const options = useMemo(() => (promo.data?.getPromoCodeUsers.promoCodes ?? []).map((c) => ({ id: c, label: c })), [promo.data]);
  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.statistics')}</h1>
      </div>
      <OfflineNote online={online} updatedAt={stats.dataUpdatedAt} />
      <div className="tiles" data-testid="statistics-tiles">
        {TILES.map(([key, label]) => (
          <section key={key} className="tile" aria-label={t(label)} data-testid={`tile-${key}`}>
            <h2>{t(label)}</h2>
            <p className="tile-value">{summary ? summary[key].total : '—'}</p>
            <p className="muted">{t('statistics.thisMonth', { count: summary ? summary[key].thisMonth : 0 })}</p>
          </section>
        ))}
      </div>
      {summary ? (
        <LoadBoundary>
          <SignupsChart months={summary.monthly} />
        </LoadBoundary>
      ) : null}
      <h2 className="section-title">{t('statistics.promoCodes')}</h2>
      <div className="toolbar">
        <MultiSelectFilter
          label={t('statistics.promoCodes')}
          placeholder={t('statistics.allPromoCodes')}
          items={options}
          value={codes}
          onChange={setCodes}
        />
        <span className="muted" data-testid="promo-total">
          {t('statistics.totalRecords', { count: users.length })}
        </span>
      </div>
      {promo.data && users.length === 0 ? (
        <p className="empty">{t('statistics.promoEmpty')}</p>
      ) : (
        <table className="table" aria-label={t('statistics.promoCodes')}>
          <thead>
            <tr>
              <th>{t('statistics.firstName')}</th>
              <th>{t('statistics.lastName')}</th>
              <th>{t('statistics.phone')}</th>
              <th>{t('statistics.registrationDate')}</th>
              <th>{t('statistics.promoCode')}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id}>
                <td>{u.firstName}</td>
                <td>{u.lastName}</td>
                <td>{u.phone ? formatPhoneAsTyped(u.phone) : ''}</td>
                <td>{dayText(new Date(u.createdAt))}</td>
                <td>{u.promoCode}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
