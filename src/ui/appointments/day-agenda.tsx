import { useMemo, useRef, type PointerEvent } from 'react';
import { agendaOf, swipeDays } from '../../domain/rules/day-agenda';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import type { AppointmentRow } from '../../domain/entities';
import { useLanguage, useT } from '../../i18n';
import { PaymentIcon } from '../payment-icon';
import { cardTexts } from '../timetable/appointment-card';
import type { DayData } from '../timetable/use-timetable-day';

interface DayAgendaProps {
  data: DayData;
  format: ScheduleSettings['format'];
  /** Only these masters' appointments (a master's 'Only me'); null for all. */
  masterIds: readonly string[] | null;
  pending: ReadonlySet<string>;
  onOpen: (appointment: AppointmentRow) => void;
  /** A sideways swipe: the days to move by. */
  onSwipe: (days: -1 | 1) => void;
}

/**
 * The day as a list (issue 63): the master's day on a phone, and the front desk's printable day. One row per
 * appointment, by start: times, client, service, master and cabinet, notes, and whether it is paid. A tap opens
 * Edit Appointment; a sideways swipe turns the day. From the same day data as the grid, so offline as online.
 */
export function DayAgenda({ data, format, masterIds, pending, onOpen, onSwipe }: DayAgendaProps) {
  const t = useT();
  const { language } = useLanguage();
  const rows = useMemo(() => agendaOf(data.appointments, data.names, masterIds, language), [data, masterIds, language]);
  const start = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    start.current = e.pointerType === 'mouse' ? null : { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const days = swipeDays(e.clientX - from.x, e.clientY - from.y);
    if (days !== 0) onSwipe(days);
  };
  return (
    <div className="agenda" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (start.current = null)}>
      {rows.length === 0 ? (
        <p className="empty-state empty" data-testid="agenda-empty">
          {t(masterIds ? 'timetable.agenda.emptyMine' : 'timetable.agenda.empty')}
        </p>
      ) : (
        <ol className="agenda-list" aria-label={t('timetable.agenda.label')}>
          {rows.map((a) => {
            const client = a.clientId ? data.clients.get(a.clientId) : undefined;
            const service = data.services.get(a.serviceId);
            const invoice = data.invoices.get(a.id);
            const refused = pending.has(`refused:${a.id}`);
            const texts = cardTexts(a, { client, service }, format, language, t('timetable.walkIn'));
            const where = [masterIds ? null : a.masterId, a.cabinetId].flatMap((id) => (id ? [data.names.get(id) ?? ''] : []));
            return (
              <li key={a.id}>
                <button
                  type="button"
                  className={`agenda-item${a.archived ? ' agenda-item-archived' : ''}${refused ? ' agenda-item-refused' : ''}`}
                  style={service ? { borderLeftColor: service.color } : undefined}
                  data-testid={refused ? 'agenda-item-refused' : 'agenda-item'}
                  data-appointment-id={refused ? undefined : a.id}
                  onClick={() => onOpen(a)}
                >
                  <span className="agenda-time">{texts.times}</span>
                  <span className="agenda-body">
                    <span className="agenda-client">{texts.clientName}</span>
                    <span>{[texts.serviceName, ...where].filter(Boolean).join(' · ')}</span>
                    {a.notes ? <span className="agenda-notes">{a.notes}</span> : null}
                  </span>
                  <span className="agenda-state">
                    {refused ? <span className="tt-card-badge tt-card-badge-refused">{t('timetable.refused')}</span> : null}
                    {a.outcome ? (
                      <span className="tt-card-badge" data-testid="agenda-outcome">
                        {t(`timetable.outcome.${a.outcome}`)}
                      </span>
                    ) : invoice?.paid ? (
                      <>
                        <PaymentIcon type={invoice.items[0]?.paymentType ?? 'CASH'} />
                        {t('timetable.agenda.paid')}
                      </>
                    ) : (
                      t('timetable.agenda.unpaid')
                    )}
                    {pending.has(`appointments:${a.id}`) || (invoice && pending.has(`invoices:${invoice.id}`)) ? (
                      <span className="tt-card-badge">{t('status.pendingBadge')}</span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <p className="visually-hidden" aria-live="polite">
        {t('timetable.agenda.count', { count: rows.length })}
      </p>
    </div>
  );
}
