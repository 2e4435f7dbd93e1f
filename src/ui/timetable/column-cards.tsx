import { memo, useMemo } from 'react';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import { boxInView, cardBox, columnInView, layoutLanes, type GridView } from '../../domain/rules/timetable';
import type { AppointmentRow } from '../../domain/entities';
import { AppointmentCard, cardLookups, type DragAria } from './appointment-card';
import type { GridColumn } from './grid-column';
import type { DayData } from './use-timetable-day';
import type { CardHover } from './use-hover-card';

/** The grid's callbacks, stable functions calling the latest props (time-grid.tsx useStableHandlers). */
export interface GridHandlers {
  onSlot: (column: GridColumn, minutes: number) => void;
  onCard: (a: AppointmentRow) => void;
  onHover: CardHover;
}

export interface ColumnCardsProps {
  column: GridColumn;
  /** Only the cards in this part of the grid (a new day's first render, time-grid.tsx); null: all. */
  cardsView: GridView | null;
  data: DayData;
  firstHour: number;
  hourHeight: number;
  format: ScheduleSettings['format'];
  pending: Set<string>;
  hasCards: boolean;
  handlers: GridHandlers;
  /** With the drag parts loaded: the drag's ARIA of every card (draggable-card.tsx); null: cards do not move. */
  dragAria: DragAria | null;
}

/**
 * A column's cards, placed by time with overlapping ones side by side. They stay the same elements when the drag
 * parts arrive: a drag is picked up by listeners on the grid's body (draggable-card.tsx).
 */
export const ColumnCards = memo(function ColumnCards({
  column,
  cardsView,
  data,
  firstHour,
  hourHeight,
  format,
  pending,
  hasCards,
  handlers,
  dragAria,
}: ColumnCardsProps) {
  const { provider, date, appointments } = column;
  // Geometry once per change of the column's rows, not on every render.
  const places = useMemo(() => {
    const lanes = layoutLanes(appointments);
    return new Map(
      appointments.map((a) => [
        a.id,
        { box: cardBox(a.startAt, a.endAt, firstHour, hourHeight), lane: lanes.get(a.id) ?? { lane: 0, lanes: 1 } },
      ]),
    );
  }, [appointments, firstHour, hourHeight]);
  return appointments.map((a) => {
    const place = places.get(a.id) ?? { box: cardBox(a.startAt, a.endAt, firstHour, hourHeight), lane: { lane: 0, lanes: 1 } };
    if (cardsView && !boxInView(cardsView, place.box)) return null;
    const lookups = cardLookups(a, data, provider);
    const card = {
      appointment: a,
      ...lookups,
      provider: provider.name,
      date,
      format,
      box: place.box,
      lane: place.lane,
      isPending: cardPending(pending, a.id, lookups.invoice?.id),
      onOpen: hasCards ? handlers.onCard : undefined,
      onHover: handlers.onHover,
      dragAria,
      ...(pending.has(`refused:${a.id}`) ? { isRefused: true, dragAria: null } : {}),
    };
    return <AppointmentCard key={a.id} {...card} />;
  });
}, sameColumnCards);

/** Shows nothing: the cards of a column out of a new day's first view. */
const NOWHERE: GridView = { left: 0, right: 0, top: 0, bottom: 0 };

/** The part of the column at `index` whose cards to show: all (null), those in `view`, or none out of it. */
export const cardsViewOf = (view: GridView | null, index: number, colWidth: number): GridView | null =>
  view === null ? null : columnInView(view, index, colWidth) ? view : NOWHERE;

/** A card waits for the server while its appointment's or its invoice's change is queued. */
const cardPending = (pending: Set<string>, appointmentId: string, invoiceId: string | undefined) =>
  pending.has(`appointments:${appointmentId}`) || (invoiceId !== undefined && pending.has(`invoices:${invoiceId}`));

function sameColumnCards(a: ColumnCardsProps, b: ColumnCardsProps): boolean {
  const keys = Object.keys(a) as (keyof ColumnCardsProps)[];
  return !keys.some((k) => k !== 'data' && k !== 'pending' && a[k] !== b[k]) && sameCards(a, b);
}

/** Ids of rows pending in one set and not the other ('appointments:id' gives 'id'; ids are unique across tables). */
function changedIds(a: Set<string>, b: Set<string>): Set<string> {
  const ids = new Set<string>();
  for (const key of a) if (!b.has(key)) ids.add(key.slice(key.indexOf(':') + 1));
  for (const key of b) if (!a.has(key)) ids.add(key.slice(key.indexOf(':') + 1));
  return ids;
}

/** The day's lookups a card reads (cardLookups) kept their identity: share-rows.ts keeps unchanged maps. */
const sameLookups = (a: ColumnCardsProps['data'], b: ColumnCardsProps['data']) =>
  a === b || (a.clients === b.clients && a.services === b.services && a.invoices === b.invoices && a.names === b.names);

/**
 * A re-read of the day (new `data`) or of the outbox (new `pending`) that leaves a column's cards' rows and
 * pending marks as they were: nothing of the column's cards to repaint. Runs for every column on each echo and
 * re-read, so it looks only at what changed: the ids whose pending mark changed, and the lookups only when a
 * map of them is new.
 */
export function sameCards(
  a: Pick<ColumnCardsProps, 'column' | 'data' | 'pending'>,
  b: Pick<ColumnCardsProps, 'column' | 'data' | 'pending'>,
): boolean {
  const { provider, appointments } = b.column;
  const changed = a.pending === b.pending ? null : changedIds(a.pending, b.pending);
  const lookupsKept = sameLookups(a.data, b.data);
  return appointments.every((x) => {
    if (changed && changed.size > 0) {
      const invoiceId = b.data.invoices.get(x.id)?.id;
      const touched = changed.has(x.id) || (invoiceId !== undefined && changed.has(invoiceId));
      if (touched && cardPending(a.pending, x.id, invoiceId) !== cardPending(b.pending, x.id, invoiceId)) return false;
      if (touched && a.pending.has(`refused:${x.id}`) !== b.pending.has(`refused:${x.id}`)) return false;
    }
    if (lookupsKept) return true;
    const before = cardLookups(x, a.data, provider);
    const after = cardLookups(x, b.data, provider);
    return (
      before.client === after.client && before.service === after.service && before.invoice === after.invoice && before.other === after.other
    );
  });
}
