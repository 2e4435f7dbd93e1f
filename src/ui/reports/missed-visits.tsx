import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { appointmentsOfDays } from '../../db/queries/appointments';
import { clientsOf } from '../../db/queries/reports';
import { salonServices } from '../../db/queries/services';
import { salonMasters } from '../../db/queries/staff';
import type { AppointmentOutcome } from '../../domain/entities';
import { nameIn } from '../../domain/rules/names';
import { attendance } from '../../domain/rules/outcomes';
import { dayTimeText } from '../../domain/rules/time';
import { useIntl, useLanguage, useT } from '../../i18n';
import { fullName } from '../salon/use-clients';
import { useSalonNow } from '../salon/use-salon';
import { useSession } from '../session/use-session';
import { useSyncDb } from '../sync/use-sync-state';
import { CountTile } from './report-tiles';

type Shown = 'all' | AppointmentOutcome;
const SHOWN: readonly Shown[] = ['all', 'NO_SHOW', 'LATE_CANCEL'];

/** The range's clients' appointments and the names the table shows, from the mirror: undefined while reading. */
function useMissedVisits(from: string, to: string, now: string) {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  const { language } = useLanguage();
  return useLiveQuery(async () => {
    if (!db || !salonId) return undefined;
    const appointments = await appointmentsOfDays(db, salonId, from, to);
    const missed = appointments.filter((a) => a.outcome);
    const [clients, masters, services] = await Promise.all([
      clientsOf(db, [...new Set(missed.flatMap((a) => (a.clientId ? [a.clientId] : [])))]),
      salonMasters(db, salonId),
      salonServices(db, salonId),
    ]);
    const names = new Map<string, string>([
      ...clients.map((c) => [c.id, fullName(c)] as const),
      ...masters.map((m) => [m.id, fullName(m)] as const),
      ...services.map((s) => [s.id, nameIn(s.nameVariants, language)] as const),
    ]);
    return { figures: attendance(appointments, from, to, now), missed, names };
  }, [db, salonId, from, to, now, language]);
}

/**
 * No-shows and late cancellations (issue 57 item 5, decision 079): the range's visits due so far, no-shows with their rate, late
 * cancellations, and the list of them, filtered by outcome. From the mirror, offline too.
 */
export function MissedVisitsReport({ from, to }: { from: string; to: string }) {
  const t = useT();
  const { locale } = useIntl();
  const [shown, setShown] = useState<Shown>('all');
  const data = useMissedVisits(from, to, useSalonNow());
  if (!data) return <p className="muted">{t('app.loading')}</p>;
  const { figures, missed, names } = data;
  const rows = missed.filter((a) => shown === 'all' || a.outcome === shown);
  const rate =
    figures.noShowRate === null
      ? '—'
      : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(figures.noShowRate);
  return (
    <div className="stack">
      <div className="tiles" data-testid="missed-tiles">
        <CountTile id="tile-visits" label={t('report.missed.visits')} count={figures.visits} />
        <CountTile id="tile-no-shows" label={t('report.missed.noShows')} count={figures.noShows} />
        <section className="tile" aria-labelledby="tile-no-show-rate">
          <h2 id="tile-no-show-rate">{t('report.missed.rate')}</h2>
          <p className="tile-value" data-testid="tile-value">
            {rate}
          </p>
        </section>
        <CountTile id="tile-late-cancels" label={t('report.missed.lateCancels')} count={figures.lateCancels} />
      </div>
      <RadioGroup className="field" orientation="horizontal" value={shown} onChange={(v) => setShown(v as Shown)}>
        <Label className="field-label">{t('report.missed.show')}</Label>
        <div className="choice-row">
          {SHOWN.map((s) => (
            <Radio key={s} value={s} className="choice">
              <span className="choice-mark" aria-hidden />
              {t(`report.missed.shown.${s}`)}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      {rows.length === 0 ? (
        <p className="empty">{t('report.missed.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table" aria-label={t('report.kind.missed_visits')}>
            <thead>
              <tr>
                <th scope="col">{t('client.appointments.date')}</th>
                <th scope="col">{t('report.rating.client')}</th>
                <th scope="col">{t('client.appointments.master')}</th>
                <th scope="col">{t('client.appointments.service')}</th>
                <th scope="col">{t('report.missed.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id} data-testid="missed-row">
                  <td className="cell-time">{dayTimeText(a.startAt)}</td>
                  <td>{(a.clientId && names.get(a.clientId)) || '—'}</td>
                  <td>{(a.masterId && names.get(a.masterId)) || '—'}</td>
                  <td>{names.get(a.serviceId) || '—'}</td>
                  <td>{a.outcome ? t(`timetable.outcome.${a.outcome}`) : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
