import { memo, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import { minutesOfDay } from '../../domain/rules/time';
import {
  CELL_HEIGHT,
  HEADER_HEIGHT,
  hoursOf,
  slotsOfHour,
  TIME_COLUMN_WIDTH,
  viewAround,
  type GridView,
} from '../../domain/rules/timetable';
import type { AppointmentRow } from '../../domain/entities';
import { useT } from '../../i18n';
import type { DragAria } from './appointment-card';
import { makeCardColorClasses } from './card-colors';
import { cardsViewOf, ColumnCards, sameCards, type GridHandlers } from './column-cards';
import { formatHour } from '../format-hour';
import type { GridColumn, MoveOutcome } from './grid-column';
import type { DayData, Provider } from './use-timetable-day';
import { moveSlotFocus } from './slot-keys';
import './time-grid.css';
import type { CardHover } from './use-hover-card';

export type { GridColumn, MoveOutcome } from './grid-column';

/** Drag and drop of cards (part 1 §2): where a card was dropped. Every card picks up (decision 033). */
export interface GridDrag {
  /** A card dropped on `column`, `steps` salon steps lower (negative: higher) than it was. */
  onDrop: (a: AppointmentRow, column: GridColumn, steps: number) => Promise<MoveOutcome>;
}

export interface TimeGridProps {
  columns: GridColumn[];
  data: DayData;
  schedule: ScheduleSettings;
  colWidth: number;
  /** Top of the current-time line in px, or null (not today, or outside the hours). */
  nowTop: number | null;
  pending: Set<string>;
  onSlot?: (column: GridColumn, minutes: number) => void;
  onCard?: (a: AppointmentRow) => void;
  onHover?: CardHover;
  /** A column header as a button (a master's header opens his calendar); `headLabel` names it. */
  onHead?: (column: GridColumn) => void;
  headLabel?: (column: GridColumn) => string;
  drag?: GridDrag;
}

/**
 * The callbacks as stable functions calling the latest props: columns and cards keep their memo whatever
 * the page passes (a page re-rendering for its hover popup repaints no card).
 */
function useStableHandlers(props: TimeGridProps): GridHandlers {
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  return useMemo(
    () => ({
      onSlot: (column, minutes) => latest.current.onSlot?.(column, minutes),
      onCard: (a) => latest.current.onCard?.(a),
      onHover: (a, rect, from) => latest.current.onHover?.(a, rect, from),
    }),
    [],
  );
}

/**
 * A new day's first render shows only the cards in and around the scroll box's view; a background render right
 * after the first paint adds the rest (decision 049). Null: every card. A new day is other dates or another kind of
 * column (the first mount, the next day, masters to cabinets); a re-read, an echo, a booking, a drag or a master
 * given working time that day is not.
 */
function useFirstView(columns: GridColumn[], bodyRef: RefObject<HTMLDivElement | null>): GridView | null {
  const key = [...new Set(columns.map((c) => `${c.provider.kind}@${c.date}`))].join();
  const settled = useDeferredValue(key, '');
  const first = settled !== key;
  return useMemo(() => {
    if (!first) return null;
    // On a day change the scroll box is the one already shown, scrolled where the user left it; on the first
    // mount it is not there yet, and the view is the window's from the top left.
    const box = bodyRef.current?.closest<HTMLElement>('.tt-scroll');
    return viewAround(
      box
        ? { left: box.scrollLeft, top: box.scrollTop - HEADER_HEIGHT, width: box.clientWidth, height: box.clientHeight }
        : { left: 0, top: 0, width: window.innerWidth, height: window.innerHeight },
    );
    // The view is read once per new day: the key says when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first, key]);
}

type DragParts = typeof import('./drag-parts');
let dragParts: DragParts | null = null;

/** The drag parts, loaded the first time a grid that can drag renders; null until then (cards are plain). */
function useDragParts(wanted: boolean): DragParts | null {
  const [parts, setParts] = useState(dragParts);
  useEffect(() => {
    if (!wanted || parts) return;
    let live = true;
    void import('./drag-parts').then((m) => {
      dragParts = m;
      if (live) setParts(m);
    });
    return () => {
      live = false;
    };
  }, [wanted, parts]);
  return wanted ? parts : null;
}

/**
 * A time grid (part 1 §2, §9): a time column, hour rows split by the salon step (one step is one 40 px cell,
 * decision 021), one column per GridColumn with its working time shaded open, cards placed by time with
 * overlapping ones side by side, the current-time line, and with `drag` cards that move by drag and drop.
 */
export function TimeGrid(props: TimeGridProps) {
  const { data, schedule, colWidth, nowTop, pending, onHead, headLabel, drag } = props;
  const t = useT();
  const handlers = useStableHandlers(props);
  const columns = useSharedColumns(props.columns);
  const hours = hoursOf(schedule);
  const hourHeight = CELL_HEIGHT * (60 / schedule.step);
  const dnd = useDragParts(Boolean(drag));
  const bodyRef = useRef<HTMLDivElement>(null);
  const view = useFirstView(columns, bodyRef);
  // The salon's every service colour, not only the day's: a booking then adds no style rule (card-colors.ts).
  useMemo(() => makeCardColorClasses(data.services.values()), [data.services]);
  const firstHour = hours[0] ?? 0;
  // With the drag parts loaded every card takes the drag's ARIA; the body stays as it is (no remount).
  const [aria, setAria] = useState<DragAria | null>(null);
  const dragAria = drag && dnd ? aria : null;
  return (
    <div
      className="tt"
      style={{ ['--tt-col' as string]: `${colWidth}px`, ['--tt-time' as string]: `${TIME_COLUMN_WIDTH}px` }}
      data-testid="timetable"
    >
      <div className="tt-head">
        <div className="tt-corner" aria-hidden />
        {columns.map((c) =>
          onHead ? (
            <button
              key={c.id}
              type="button"
              className="tt-col-head tt-col-head-link"
              title={c.label}
              aria-label={headLabel?.(c)}
              data-testid="tt-col-head"
              onClick={() => onHead(c)}
            >
              <span className="tt-col-head-name">{c.label}</span>
            </button>
          ) : (
            <div key={c.id} className="tt-col-head" title={c.label} data-testid="tt-col-head">
              <span className="tt-col-head-name">{c.label}</span>
            </div>
          ),
        )}
      </div>
      <div className="tt-body" ref={bodyRef} style={{ ['--tt-height' as string]: `${hours.length * hourHeight}px` }}>
        <div className="tt-times" aria-hidden>
          {hours.map((h) => (
            <div key={h} className="tt-hour-label" style={{ height: hourHeight }}>
              {formatHour(h * 60, schedule.format)}
            </div>
          ))}
        </div>
        {columns.map((c, i) => (
          <Column
            key={c.id}
            column={c}
            cardsView={cardsViewOf(view, i, colWidth)}
            data={data}
            firstHour={firstHour}
            hourCount={hours.length}
            hourHeight={hourHeight}
            step={schedule.step}
            format={schedule.format}
            pending={pending}
            hasSlots={Boolean(props.onSlot)}
            hasCards={Boolean(props.onCard)}
            handlers={handlers}
            dragAria={dragAria}
          />
        ))}
        {nowTop !== null ? (
          <div className="tt-now" style={{ top: nowTop }} aria-label={t('timetable.now')} role="img" data-testid="now-line" />
        ) : null}
      </div>
      {drag && dnd ? (
        <dnd.DragLayer
          bodyRef={bodyRef}
          columns={columns}
          data={data}
          schedule={schedule}
          colWidth={colWidth}
          firstHour={firstHour}
          hourHeight={hourHeight}
          onAria={setAria}
          onStart={(a) => handlers.onHover(a, null)}
          onHold={handlers.onHover}
          onDrop={drag.onDrop}
        />
      ) : null}
    </div>
  );
}

/** A column's working time as minutes of its day (to midnight when it runs into the next day). */
function workingRanges(provider: Provider, date: string) {
  return provider.schedule.map((w) => ({
    from: minutesOfDay(w.startAt),
    to: w.endAt.slice(0, 10) > date ? 24 * 60 : minutesOfDay(w.endAt),
  }));
}

/**
 * The columns as last rendered where they did not change (same provider and the same appointment rows,
 * share-rows.ts): an unchanged column keeps its identity, so its memoized cards skip a re-read's render.
 */
function useSharedColumns(columns: GridColumn[]): GridColumn[] {
  const last = useRef(new Map<string, GridColumn>());
  return useMemo(() => {
    const shared = columns.map((c) => {
      const old = last.current.get(c.id);
      const same =
        old !== undefined &&
        old.label === c.label &&
        old.date === c.date &&
        old.provider === c.provider &&
        old.appointments.length === c.appointments.length &&
        old.appointments.every((a, i) => a === c.appointments[i]);
      return same ? old : c;
    });
    last.current = new Map(shared.map((c) => [c.id, c]));
    return shared;
  }, [columns]);
}

interface ColumnProps {
  column: GridColumn;
  /** The part of the column whose cards a new day's first render shows (cardsViewOf); null: all. */
  cardsView: GridView | null;
  data: DayData;
  firstHour: number;
  hourCount: number;
  hourHeight: number;
  step: number;
  format: ScheduleSettings['format'];
  pending: Set<string>;
  hasSlots: boolean;
  hasCards: boolean;
  handlers: GridHandlers;
  dragAria: DragAria | null;
}

const Column = memo(function Column({
  column,
  cardsView,
  data,
  firstHour,
  hourCount,
  hourHeight,
  step,
  format,
  pending,
  hasSlots,
  hasCards,
  handlers,
  dragAria,
}: ColumnProps) {
  const { provider, date } = column;
  const working = useMemo(() => workingRanges(provider, date), [provider, date]);
  return (
    <div className="tt-col" role="group" aria-label={column.label} data-testid="tt-column" data-column-id={column.id}>
      {working.map((w, i) => (
        <div
          key={i}
          className="tt-open"
          style={{ top: ((w.from - firstHour * 60) / 60) * hourHeight, height: ((w.to - w.from) / 60) * hourHeight }}
          aria-hidden
        />
      ))}
      {hasSlots ? (
        <Slots
          column={column}
          working={working}
          firstHour={firstHour}
          hourCount={hourCount}
          hourHeight={hourHeight}
          step={step}
          format={format}
          onSlot={handlers.onSlot}
        />
      ) : (
        Array.from({ length: hourCount }, (_, i) => <div key={i} className="tt-hour-line" style={{ top: i * hourHeight }} aria-hidden />)
      )}
      {/* The cards' box (display: contents): the cards, and the drag layer's drop zone. */}
      <div className="tt-cards" data-cards-for={column.id}>
        <ColumnCards
          column={column}
          cardsView={cardsView}
          data={data}
          firstHour={firstHour}
          hourHeight={hourHeight}
          format={format}
          pending={pending}
          hasCards={hasCards}
          handlers={handlers}
          dragAria={dragAria}
        />
      </div>
    </div>
  );
}, sameColumnProps);

/**
 * A column re-renders only when something it shows changed: a re-read of the day (new `data`) or the outbox
 * (new `pending`) that leaves its cards' rows and pending marks as they were repaints nothing here.
 */
function sameColumnProps(a: ColumnProps, b: ColumnProps): boolean {
  const keys = Object.keys(a) as (keyof ColumnProps)[];
  if (keys.some((k) => k !== 'data' && k !== 'pending' && a[k] !== b[k])) return false;
  return sameCards(a, b);
}

/**
 * A column's free-time click targets, one button per salon step (keyboard and screen readers reach every
 * slot). They do not depend on the appointments, so a re-read of the day repaints none of them; on a fresh
 * grid they come in a background render right after the cards' first paint.
 */
const Slots = memo(
  function Slots({
    column,
    working,
    firstHour,
    hourCount,
    hourHeight,
    step,
    format,
    onSlot,
  }: {
    column: GridColumn;
    working: { from: number; to: number }[];
    firstHour: number;
    hourCount: number;
    hourHeight: number;
    step: number;
    format: ScheduleSettings['format'];
    onSlot: GridHandlers['onSlot'];
  }) {
    const t = useT();
    const shown = useDeferredValue(true, false);
    if (!shown) return null;
    const height = (step / 60) * hourHeight;
    const slots: ReactNode[] = [];
    const starts = slotsOfHour(step);
    // The column's one Tab stop at first: its first open slot (slot-keys.ts moves it with the arrows).
    const firstMinutes = firstHour * 60;
    const opens = Math.min(...working.map((w) => w.from));
    const stop = opens >= firstMinutes && opens < (firstHour + hourCount) * 60 ? opens : firstMinutes;
    for (let h = firstHour; h < firstHour + hourCount; h++)
      for (const m of starts) {
        const minutes = h * 60 + m;
        const open = working.some((w) => minutes >= w.from && minutes < w.to);
        slots.push(
          <button
            key={minutes}
            type="button"
            className={open ? 'tt-slot' : 'tt-slot tt-slot-off'}
            style={{ height }}
            tabIndex={minutes <= stop && minutes + step > stop ? 0 : -1}
            aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
            aria-label={t('timetable.slot', { provider: column.label, time: formatHour(minutes, format) })}
            onClick={() => onSlot(column, minutes)}
          />,
        );
      }
    // One positioned box holds the column's slots, one under the other from the first hour (time-grid.css).
    return (
      <div className="tt-slots" onKeyDown={(e) => moveSlotFocus(e, starts.length)}>
        {slots}
      </div>
    );
  },
  // The column's appointments do not matter here: only who and which day it is.
  (a, b) =>
    a.column.id === b.column.id &&
    a.column.label === b.column.label &&
    a.column.date === b.column.date &&
    a.column.provider === b.column.provider &&
    a.working === b.working &&
    a.firstHour === b.firstHour &&
    a.hourCount === b.hourCount &&
    a.hourHeight === b.hourHeight &&
    a.step === b.step &&
    a.format === b.format &&
    a.onSlot === b.onSlot,
);
