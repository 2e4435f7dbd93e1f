import { memo, type CSSProperties, type HTMLAttributes } from 'react';
import { nameIn } from '../../domain/rules/names';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import { minutesOfDay } from '../../domain/rules/time';
import { cardDetails, isBirthdayOn, type Lane } from '../../domain/rules/timetable';
import type { AppointmentRow, ClientRow, InvoiceRow, ServiceRow } from '../../domain/entities';
import { useLanguage, useT } from '../../i18n';
import { PaymentIcon } from '../payment-icon';
import { Icon } from '../icons';
import { cardColorClass } from './card-colors';
import { formatHour } from '../format-hour';
import { useLiftedCard } from './lifted-card';
import type { DayData, Provider } from './use-timetable-day';
import type { CardHover } from './use-hover-card';

/**
 * The drag's ARIA on every card once the drag parts are loaded (draggable-card.tsx): a button that picks up
 * ('draggable' in the user's language), focusable, described by the drag's instructions. One object for all cards.
 */
export type DragAria = Pick<HTMLAttributes<HTMLElement>, 'role' | 'tabIndex' | 'aria-roledescription' | 'aria-describedby'>;

/** What the drag adds to a card. */
export interface CardDrag {
  dragAria?: DragAria | null;
  /** The moving copy in the drag overlay: fills the overlay's box, hidden from assistive technology. */
  overlay?: boolean;
  /** Where the copy would land ('Marta Kalniņa, 10:30'). */
  dropHint?: string | null;
}

export interface CardProps extends CardDrag {
  appointment: AppointmentRow;
  /** What the card shows besides the appointment, looked up in the day's data (cardLookups). */
  client: ClientRow | undefined;
  service: ServiceRow | undefined;
  invoice: InvoiceRow | undefined;
  /** The other provider's name: the cabinet on a master's column, the master on a cabinet's. */
  other: string | null;
  /** The column's master or cabinet, for the card's accessible name. */
  provider?: string;
  date: string;
  format: ScheduleSettings['format'];
  box: { top: number; height: number };
  lane: Lane;
  isPending: boolean;
  /** A booking the server refused, shown as a ghost until its conflict is opened again or dismissed (issue 63). */
  isRefused?: boolean;
  onOpen?: (a: AppointmentRow) => void;
  /** The hover popup; a right click or the context-menu key opens it as the card's menu (use-hover-card.ts). */
  onHover?: CardHover;
}

/**
 * Equal props: the same values, with the box and lane compared by value (a column computes them afresh), so a
 * column's render, a drag over it or a hover elsewhere repaints no card that did not change.
 */
export function sameCardProps<P extends object>(a: P, b: P): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof P>;
  for (const key of keys) {
    const x = a[key] as unknown;
    const y = b[key] as unknown;
    if (x === y) continue;
    if ((key === 'box' || key === 'lane') && x && y && typeof x === 'object' && typeof y === 'object') {
      const xs = x as Record<string, unknown>;
      const ys = y as Record<string, unknown>;
      if (Object.keys(xs).every((k) => xs[k] === ys[k])) continue;
    }
    return false;
  }
  return true;
}

/**
 * A card's rows from the day's data. The rows keep their identity while unchanged (share-rows.ts), so a
 * card whose rows did not change keeps its memo when the day is read again.
 */
export function cardLookups(
  a: AppointmentRow,
  data: DayData,
  provider: Provider,
): Pick<CardProps, 'client' | 'service' | 'invoice' | 'other'> {
  const otherId = provider.kind === 'master' ? a.cabinetId : a.masterId;
  return {
    client: a.clientId ? data.clients.get(a.clientId) : undefined,
    service: data.services.get(a.serviceId),
    invoice: data.invoices.get(a.id),
    other: otherId ? (data.names.get(otherId) ?? null) : null,
  };
}

/**
 * What a card says: client (or walk-in), service, times; its accessible name says them with `where` (the column's
 * master or cabinet and the other one: a screen reader moving card to card hears whose it is; issue 63).
 */
export function cardTexts(
  a: AppointmentRow,
  rows: { client: ClientRow | undefined; service: ServiceRow | undefined },
  format: ScheduleSettings['format'],
  language: string,
  walkIn: string,
  where: readonly (string | null)[] = [],
) {
  const { client } = rows;
  const clientName = client ? `${client.firstName} ${client.lastName}`.trim() : walkIn;
  const serviceName = nameIn(rows.service?.nameVariants, language);
  const times = `${formatHour(minutesOfDay(a.startAt), format)}–${formatHour(minutesOfDay(a.endAt), format)}`;
  const label = [clientName, serviceName, ...where, times].filter(Boolean).join(', ');
  return { client, clientName, serviceName, times, label };
}

/** A line after the card's first: its own line box of the card's text, cut with an ellipsis there. */
function CardLine({ text, muted }: { text: string; muted?: boolean }) {
  return (
    <>
      <br />
      <span className={muted ? 'muted' : undefined}>{text}</span>
    </>
  );
}

/**
 * One appointment on the timetable (part 1 §2): the service's colour; client, then service, the other
 * provider and the times as the card's height allows (49/59/80 px); birthday, client-made, paid and
 * pending markers. Archived cards (shown only with Show Archive) are faded. With the drag parts loaded a card
 * picks up (the drag's listeners are on the grid's body, draggable-card.tsx); while it is dragged it stays faded
 * in its place and its copy in the drag overlay shows where it would land.
 */
export const AppointmentCard = memo(function AppointmentCard({
  appointment: a,
  client: clientRow,
  service,
  invoice,
  other,
  provider,
  date,
  format,
  box,
  lane,
  isPending,
  isRefused,
  onOpen,
  onHover,
  dragAria,
  overlay,
  dropHint,
}: CardProps) {
  const t = useT();
  // Dragged, the card stays in its place, faded; its copy (overlay) moves.
  const lifted = useLiftedCard(a.id) && !overlay;
  const pressed = dragAria && lifted ? true : undefined;
  const { language } = useLanguage();
  const shown = cardDetails(box.height);
  const {
    client,
    clientName,
    serviceName,
    times,
    label: texts,
  } = cardTexts(a, { client: clientRow, service }, format, language, t('timetable.walkIn'), [provider ?? null, other]);
  const label = a.outcome ? `${texts}, ${t(`timetable.outcome.${a.outcome}`)}` : texts;
  // Only what differs per card is inline: a card alone in its column's time takes the stylesheet's width.
  const style: CSSProperties = overlay
    ? { top: 0, left: 0, width: '100%', height: box.height }
    : {
        marginTop: box.top,
        height: box.height,
        ...(lane.lanes > 1
          ? { marginLeft: `calc(${(lane.lane / lane.lanes) * 100}% + 2px)`, width: `calc(${100 / lane.lanes}% - 4px)` }
          : {}),
      };
  const colorClass = service ? cardColorClass(service.color) : '';
  const classes = `tt-card${colorClass ? ` ${colorClass}` : ''}${a.archived ? ' tt-card-archived' : a.outcome ? ' tt-card-missed' : ''}${isPending ? ' tt-card-pending' : ''}${isRefused ? ' tt-card-refused' : ''}${lifted ? ' tt-card-lifted' : ''}${overlay ? ' tt-card-dragging' : ''}`;
  const body = (
    <>
      <span className="tt-card-text">
        <span className="tt-card-client">
          {client && isBirthdayOn(client.birthday, date) ? <Icon name="cake" label={t('timetable.birthday')} size={14} /> : null}
          {a.authorRole === 'CLIENT' ? <Icon name="user" label={t('timetable.byClient')} size={14} /> : null}
          {invoice?.paid ? <PaymentIcon type={invoice.items[0]?.paymentType ?? 'CASH'} /> : null}
          {clientName}
          {a.outcome ? <span className="tt-card-badge badge-inline">{t(`timetable.outcome.${a.outcome}`)}</span> : null}
        </span>
        {shown.service ? <CardLine text={serviceName} /> : null}
        {shown.provider && other ? <CardLine text={other} muted /> : null}
        {shown.times ? <CardLine text={times} muted /> : null}
      </span>
      {isPending ? <span className="tt-card-badge">{t('status.pendingBadge')}</span> : null}
      {isRefused ? <span className="tt-card-badge tt-card-badge-refused">{t('timetable.refused')}</span> : null}
      {dropHint ? (
        <span className="tt-card-drop-hint" aria-hidden>
          {dropHint}
        </span>
      ) : null}
    </>
  );
  if (overlay) {
    return (
      <div className={classes} style={style} aria-hidden data-testid="tt-card-dragged">
        {body}
      </div>
    );
  }
  if (!onOpen) {
    return (
      <div
        className={classes}
        style={style}
        data-testid="tt-card"
        data-appointment-id={a.id}
        aria-label={label}
        role="note"
        {...dragAria}
        aria-pressed={pressed}
      >
        {body}
      </div>
    );
  }
  // A ghost is not an appointment: no drag finds it (draggable-card.tsx looks for data-appointment-id).
  const identity = isRefused
    ? { 'data-testid': 'tt-card-refused', 'data-refused-id': a.id, 'aria-label': `${t('timetable.refused')}: ${label}` }
    : { 'data-testid': 'tt-card', 'data-appointment-id': a.id, 'aria-label': label };
  return (
    <button
      type="button"
      className={classes}
      style={style}
      {...identity}
      onClick={() => onOpen(a)}
      onMouseEnter={(e) => onHover?.(a, e.currentTarget.getBoundingClientRect())}
      onMouseLeave={() => onHover?.(a, null)}
      onFocus={(e) => onHover?.(a, e.currentTarget.getBoundingClientRect())}
      onBlur={() => onHover?.(a, null)}
      onContextMenu={(e) => {
        if (!onHover || isRefused) return;
        e.preventDefault();
        onHover(a, e.currentTarget.getBoundingClientRect(), e.currentTarget);
      }}
      {...dragAria}
      aria-pressed={pressed}
    >
      {body}
    </button>
  );
}, sameCardProps);
