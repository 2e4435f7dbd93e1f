import { memo } from 'react';
import { nameIn } from '../../domain/rules/names';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import { minutesOfDay } from '../../domain/rules/time';
import { cardDetails, isBirthdayOn, type Lane } from '../../domain/rules/timetable';
import type { AppointmentRow } from '../../domain/sync/entities';
import { useLanguage, useT } from '../../i18n';
import { PaymentIcon } from '../clients/payment-icon';
import { Icon } from '../icons';
import { formatHour } from './timetable-grid';
import type { DayData, Provider } from './use-timetable-day';

/**
 * One appointment on the timetable (part 1 §2): the service's colour; client, then service, the other
 * provider and the times as the card's height allows (49/59/80 px); birthday, client-made, paid and
 * pending markers. Archived cards (shown only with Show Archive) are faded.
 */
export const AppointmentCard = memo(function AppointmentCard({
  appointment: a,
  data,
  date,
  provider,
  format,
  box,
  lane,
  isPending,
  onOpen,
  onHover,
}: {
  appointment: AppointmentRow;
  data: DayData;
  date: string;
  provider: Provider;
  format: ScheduleSettings['format'];
  box: { top: number; height: number };
  lane: Lane;
  isPending: boolean;
  onOpen?: (a: AppointmentRow) => void;
  onHover?: (a: AppointmentRow, rect: DOMRect | null) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const service = data.services.get(a.serviceId);
  const client = a.clientId ? data.clients.get(a.clientId) : undefined;
  const invoice = data.invoices.get(a.id);
  const shown = cardDetails(box.height);
  const clientName = client ? `${client.firstName} ${client.lastName}`.trim() : t('timetable.walkIn');
  const other = provider.kind === 'master' ? (a.cabinetId ? data.names.get(a.cabinetId) : null) : a.masterId ? data.names.get(a.masterId) : null;
  const color = service?.color ?? '#888888';
  const times = `${formatHour(minutesOfDay(a.startAt), format)}–${formatHour(minutesOfDay(a.endAt), format)}`;
  const serviceName = nameIn(service?.nameVariants, language);
  const label = [clientName, serviceName, times].filter(Boolean).join(', ');
  const style = {
    top: box.top,
    height: box.height,
    left: `calc(${(lane.lane / lane.lanes) * 100}% + 2px)`,
    width: `calc(${100 / lane.lanes}% - 4px)`,
    ['--card-color' as string]: color,
  };
  const classes = `tt-card${a.archived ? ' tt-card-archived' : ''}${isPending ? ' tt-card-pending' : ''}`;
  const body = (
    <>
      <span className="tt-card-line tt-card-client">
        {client && isBirthdayOn(client.birthday, date) ? <Icon name="cake" label={t('timetable.birthday')} size={14} /> : null}
        {a.authorRole === 'CLIENT' ? <Icon name="user" label={t('timetable.byClient')} size={14} /> : null}
        {invoice?.paid ? <PaymentIcon type={invoice.items[0]?.paymentType ?? 'CASH'} /> : null}
        <span className="tt-card-text">{clientName}</span>
      </span>
      {shown.service ? <span className="tt-card-line">{serviceName}</span> : null}
      {shown.provider && other ? <span className="tt-card-line muted">{other}</span> : null}
      {shown.times ? <span className="tt-card-line muted">{times}</span> : null}
      {isPending ? <span className="tt-card-badge">{t('status.pendingBadge')}</span> : null}
    </>
  );
  if (!onOpen) {
    return (
      <div className={classes} style={style} data-testid="tt-card" aria-label={label} role="note">
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      style={style}
      data-testid="tt-card"
      aria-label={label}
      onClick={() => onOpen(a)}
      onMouseEnter={(e) => onHover?.(a, e.currentTarget.getBoundingClientRect())}
      onMouseLeave={() => onHover?.(a, null)}
      onFocus={(e) => onHover?.(a, e.currentTarget.getBoundingClientRect())}
      onBlur={() => onHover?.(a, null)}
    >
      {body}
    </button>
  );
});
