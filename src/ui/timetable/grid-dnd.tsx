import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type Modifier,
  type Over,
} from '@dnd-kit/core';
import { createContext, useLayoutEffect, useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import { minutesOfDay } from '../../domain/rules/time';
import { CELL_HEIGHT, stepsOf } from '../../domain/rules/timetable';
import type { AppointmentRow } from '../../domain/entities';
import { useLanguage, useT, type MessageId } from '../../i18n';
import { cardLookups, cardTexts } from './appointment-card';
import { formatHour } from '../format-hour';
import type { GridColumn, MoveOutcome } from './grid-column';
import type { DayData } from './use-timetable-day';

/** What a draggable card and a drop zone carry (`active.data`, `over.data`). */
export interface CardData {
  appointment: AppointmentRow;
  column: GridColumn;
}
export interface ZoneData {
  column: GridColumn;
}

/** The card to focus once it is painted in its new column after a keyboard drop (its node is a new one). */
export const DropFocusContext = createContext<MutableRefObject<string | null>>({ current: null });

/**
 * The dragged copy snaps to the salon step: one 40 px cell (decision 021) of the grid, which may have scrolled
 * under it since the pick-up (`scrolledSince`, per scroll box, first read on the drag's first render).
 */
function snapToCells(scrolledSince: MutableRefObject<Map<Element, number>>): Modifier {
  return ({ transform, active, scrollableAncestors }) => {
    if (!active) return transform;
    let scrolled = 0;
    for (const box of scrollableAncestors) {
      const start = scrolledSince.current.get(box) ?? box.scrollTop;
      scrolledSince.current.set(box, start);
      scrolled += box.scrollTop - start;
    }
    return { ...transform, y: Math.round((transform.y + scrolled) / CELL_HEIGHT) * CELL_HEIGHT - scrolled };
  };
}

/** Columns span the whole day: the column under the pointer (or under the card's centre, by keyboard). */
const byColumn: CollisionDetection = ({ collisionRect, droppableRects, droppableContainers, pointerCoordinates }) => {
  const x = pointerCoordinates?.x ?? collisionRect.left + collisionRect.width / 2;
  const hit = droppableContainers.find((c) => {
    const r = droppableRects.get(c.id);
    return r !== undefined && x >= r.left && x < r.left + r.width;
  });
  return hit ? [{ id: hit.id, data: { droppableContainer: hit, value: 0 } }] : [];
};

// A click opens the card; a drag starts after 6 px with a mouse, after a 250 ms press on touch (a swipe scrolls).
const MOUSE = { activationConstraint: { distance: 6 } };
const TOUCH = { activationConstraint: { delay: 250, tolerance: 8 } };
// Space picks a card up (Enter keeps opening it); Space or Enter drops; Escape cancels.
export const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

/**
 * A touch that picked a card up (held 250 ms) and let go where it started: a long press, which shows the card's
 * popup (its client's notes, last visit) instead of a move to the same place.
 */
function heldStill(activator: Event, delta: { x: number; y: number }): boolean {
  const touch = typeof TouchEvent !== 'undefined' && activator instanceof TouchEvent;
  return touch && Math.abs(delta.x) < TOUCH.activationConstraint.tolerance && Math.abs(delta.y) < TOUCH.activationConstraint.tolerance;
}

/** Arrow keys move one slot up or down and one column left or right. */
function cellSteps(colWidth: number): KeyboardCoordinateGetter {
  return (event, { currentCoordinates: at }) => {
    const move: Record<string, { x: number; y: number }> = {
      ArrowDown: { x: 0, y: CELL_HEIGHT },
      ArrowUp: { x: 0, y: -CELL_HEIGHT },
      ArrowRight: { x: colWidth, y: 0 },
      ArrowLeft: { x: -colWidth, y: 0 },
    };
    const by = move[event.code];
    if (!by) return undefined;
    event.preventDefault();
    return { x: at.x + by.x, y: at.y + by.y };
  };
}

/**
 * Drag and drop of a time grid's cards (@dnd-kit/core): mouse, touch and keyboard, snapped to the salon
 * step, announced to screen readers in the user's language. Only the dragged card and the drop zones
 * re-render while a card moves: this component's children are made once, outside the drag's state.
 *
 * DndContext's props keep their identity while the day's rows change (the announcements and handlers read the
 * latest props when called), and `children` is one element made once by the caller (drag-layer.tsx): a booking or
 * an echo then does not render DndContext again (1 ms of hooks and effects, decision 055), while what its
 * children show comes through their own context.
 */
export function GridDnd({
  columns,
  data,
  schedule,
  colWidth,
  onStart,
  onDrop,
  onHold,
  children,
}: {
  columns: GridColumn[];
  data: DayData;
  schedule: ScheduleSettings;
  colWidth: number;
  /** A card was picked up (the page hides its hover popup). */
  onStart?: (a: AppointmentRow) => void;
  onDrop: (a: AppointmentRow, column: GridColumn, steps: number) => Promise<MoveOutcome>;
  /** A finger held still on a card and lifted, without dragging it: the page shows the card's popup (issue 63). */
  onHold?: (a: AppointmentRow, rect: DOMRect) => void;
  children: ReactNode;
}) {
  const t = useT();
  const { language } = useLanguage();
  const focusAfterDrop = useRef<string | null>(null);
  // The drag's vertical move so far: DndContext calls its handlers before the announcements.
  const lastDy = useRef(0);
  const scrolledSince = useRef(new Map<Element, number>());
  const latest = useRef({ columns, data, schedule, language, onStart, onDrop, onHold, t });
  useLayoutEffect(() => {
    latest.current = { columns, data, schedule, language, onStart, onDrop, onHold, t };
  });
  const modifiers = useMemo(() => [snapToCells(scrolledSince)], []);
  const keyboard = useMemo(
    () => ({ coordinateGetter: cellSteps(colWidth), keyboardCodes: KEYBOARD_CODES, scrollBehavior: 'auto' as const }),
    [colWidth],
  );
  const sensors = useSensors(useSensor(MouseSensor, MOUSE), useSensor(TouchSensor, TOUCH), useSensor(KeyboardSensor, keyboard));

  // What came of the last drop, said once the move is sent or refused (a refusal is the page's alert instead).
  const [outcome, setOutcome] = useState('');
  const { accessibility, where } = useMemo(() => {
    /** The card and where it is now: the column it is over and its snapped start. */
    const where = (active: Active, over: Over | null) => {
      const card = active.data.current as CardData | undefined;
      if (!card) return null;
      const { columns, data, schedule, language } = latest.current;
      const column = columns.find((c) => c.id === String(over?.id ?? '')) ?? card.column;
      const steps = stepsOf(lastDy.current);
      const minutes = Math.min(24 * 60 - 1, Math.max(0, minutesOfDay(card.appointment.startAt) + steps * schedule.step));
      return {
        card: cardTexts(
          card.appointment,
          cardLookups(card.appointment, data, card.column.provider),
          schedule.format,
          language,
          t('timetable.walkIn'),
        ).label,
        column: column.label,
        time: formatHour(minutes, schedule.format),
      };
    };
    const say =
      (id: MessageId) =>
      ({ active, over }: { active: Active; over: Over | null }) => {
        const w = where(active, over);
        return w ? t(id, w) : undefined;
      };
    const announcements: Announcements = {
      onDragStart: ({ active }) => say('timetable.drag.picked')({ active, over: null }),
      onDragMove: say('timetable.drag.over'),
      onDragOver: say('timetable.drag.over'),
      // A drop is said when its outcome is known (handlers.onDragEnd), not before a refusal.
      onDragEnd: ({ active, over }) => (over ? undefined : say('timetable.drag.cancelled')({ active, over })),
      onDragCancel: say('timetable.drag.cancelled'),
    };
    return { accessibility: { announcements, screenReaderInstructions: { draggable: t('timetable.drag.instructions') } }, where };
  }, [t]);
  const latestWhere = useRef(where);
  useLayoutEffect(() => {
    latestWhere.current = where;
  });

  const handlers = useMemo(
    () => ({
      onDragStart: ({ active }: { active: Active }) => {
        lastDy.current = 0;
        scrolledSince.current = new Map();
        const card = active.data.current as CardData | undefined;
        if (card) latest.current.onStart?.(card.appointment);
      },
      onDragMove: ({ delta }: { delta: { y: number } }) => {
        lastDy.current = delta.y;
      },
      onDragEnd: ({ active, over, collisions, delta, activatorEvent }: DragEndEvent) => {
        lastDy.current = delta.y;
        const card = active.data.current as CardData | undefined;
        // The column under the last move: `over` follows it one render later, so a release in the same frame as
        // the last move would drop the card into the column it just left, at the new time.
        const hit = collisions?.[0]?.data?.droppableContainer as { data: { current?: unknown } } | undefined;
        const zone = (hit?.data.current ?? over?.data.current) as ZoneData | undefined;
        if (!card || !zone) return;
        if (heldStill(activatorEvent, delta)) {
          const element = document.querySelector(`[data-testid="tt-card"][data-appointment-id="${card.appointment.id}"]`);
          if (element) latest.current.onHold?.(card.appointment, element.getBoundingClientRect());
          return;
        }
        if (activatorEvent instanceof KeyboardEvent) {
          const id = card.appointment.id;
          focusAfterDrop.current = id;
          setTimeout(() => {
            if (focusAfterDrop.current === id) focusAfterDrop.current = null;
          }, 2000);
        }
        // The zone it landed in, which `over` may not name yet (see above); `where` reads only its id.
        const w = latestWhere.current(active, { id: zone.column.id } as Over);
        setOutcome('');
        void latest.current.onDrop(card.appointment, zone.column, stepsOf(delta.y)).then((result) => {
          if (!w || result === 'refused') return;
          setOutcome(latest.current.t(result === 'moved' ? 'timetable.drag.dropped' : 'timetable.drag.cancelled', w));
        });
      },
    }),
    [],
  );
  const content = useMemo(() => <DropFocusContext.Provider value={focusAfterDrop}>{children}</DropFocusContext.Provider>, [children]);

  return (
    <DndContext sensors={sensors} collisionDetection={byColumn} modifiers={modifiers} accessibility={accessibility} {...handlers}>
      {content}
      <div role="status" className="visually-hidden" data-testid="drop-outcome">
        {outcome}
      </div>
    </DndContext>
  );
}
