import { DragOverlay, useDndMonitor, useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { createPortal, flushSync } from 'react-dom';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import { cardBox, stepsOf } from '../../domain/rules/timetable';
import { minutesOfDay } from '../../domain/rules/time';
import { useT } from '../../i18n';
import { AppointmentCard, cardLookups, type CardProps, type DragAria } from './appointment-card';
import { formatHour } from '../format-hour';
import { DropFocusContext, KEYBOARD_CODES, type CardData, type ZoneData } from './grid-dnd';
import type { GridColumn } from './grid-column';
import { setLiftedCard } from './lifted-card';
import type { DayData } from './use-timetable-day';
import './timetable-drag.css';

/** The sensors' activators (grid-dnd.tsx: mouse, touch, keyboard) and the events they start on. */
const STARTS = { mousedown: 'onMouseDown', touchstart: 'onTouchStart', keydown: 'onKeyDown' } as const;
type Start = (typeof STARTS)[keyof typeof STARTS];
/** A press that may start a drag: the main button, one finger, or a key that picks a card up. */
function startsDrag(event: Event): boolean {
  if (event instanceof MouseEvent) return event.button === 0;
  if (event instanceof KeyboardEvent) return KEYBOARD_CODES.start.includes(event.code);
  return (event as TouchEvent).touches.length === 1;
}
/** Until a card is pressed the source stands for none. */
const NONE = 'tt-drag-none';

/**
 * One drag source for every card of the grid (part 1 §2). A press on a card (mouse, touch, or a key while it has
 * the focus) makes the source that card: its id, its element and its data, in a synchronous render, and then hands
 * the press to dnd-kit's sensor as a card's own listener would. Cards hold no dnd-kit hook: when a drag starts
 * dnd-kit's context changes, and each of its consumers renders again, which with a `useDraggable` in every card
 * was the day's every card in the drag's first frame (decision 024). While a card is dragged it stays in its place,
 * faded (lifted-card.ts), and a copy of it follows the pointer or the arrows in a drag overlay above the page
 * (snapped to the step), with a hint of where it would land. The overlay moves in the page's coordinates, so
 * scrolling the grid under it counts once (decision 024).
 */
export function CardDragSource({
  bodyRef,
  columns,
  data,
  step,
  format,
  firstHour,
  hourHeight,
  onAria,
}: {
  bodyRef: RefObject<HTMLElement | null>;
  columns: GridColumn[];
  data: DayData;
  step: number;
  format: ScheduleSettings['format'];
  firstHour: number;
  hourHeight: number;
  onAria: (aria: DragAria | null) => void;
}) {
  const t = useT();
  const [pressed, setPressed] = useState<CardData | null>(null);
  const { attributes, listeners, setNodeRef, node, isDragging, over } = useDraggable({
    id: pressed?.appointment.id ?? NONE,
    data: pressed ?? undefined,
    attributes: { roleDescription: t('timetable.drag.role') },
  });

  // Every card takes the drag's ARIA, as a card with its own useDraggable would.
  const { role, tabIndex } = attributes;
  const roleDescription = attributes['aria-roledescription'];
  const describedBy = attributes['aria-describedby'];
  const aria = useMemo<DragAria>(
    () => ({ role, tabIndex, 'aria-roledescription': roleDescription, 'aria-describedby': describedBy }),
    [role, tabIndex, roleDescription, describedBy],
  );
  useEffect(() => onAria(aria), [aria, onAria]);
  useEffect(() => () => onAria(null), [onAria]);

  const latest = useRef({ listeners, columns, isDragging });
  useLayoutEffect(() => {
    latest.current = { listeners, columns, isDragging };
  });
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const handlers = Object.entries(STARTS).map(([type, start]) => {
      const handler = (event: Event) => {
        // A drag under way keeps its card: a second finger, or the keys that move it, change nothing here.
        if (latest.current.isDragging || !startsDrag(event)) return;
        const card = (event.target as Element | null)?.closest?.<HTMLElement>('[data-appointment-id]');
        const columnId = card?.closest<HTMLElement>('[data-column-id]')?.dataset.columnId;
        const column = latest.current.columns.find((c) => c.id === columnId);
        const appointment = column?.appointments.find((a) => a.id === card?.dataset.appointmentId);
        if (!card || !column || !appointment || !body.contains(card)) return;
        setNodeRef(card);
        flushSync(() =>
          setPressed((last) => (last?.appointment === appointment && last.column === column ? last : { appointment, column })),
        );
        const listener = latest.current.listeners?.[start as Start] as ((e: unknown) => void) | undefined;
        // What dnd-kit's activators read of React's event: the native event, its target, preventDefault.
        listener?.({ nativeEvent: event, target: event.target, preventDefault: () => event.preventDefault() });
      };
      // A touch's start only reads: the page keeps scrolling at once.
      body.addEventListener(type, handler, { passive: type === 'touchstart' });
      return () => body.removeEventListener(type, handler);
    });
    return () => handlers.forEach((remove) => remove());
  }, [bodyRef, setNodeRef]);

  const id = pressed?.appointment.id ?? null;
  useLayoutEffect(() => setLiftedCard(isDragging ? id : null), [isDragging, id]);
  useEffect(() => () => setLiftedCard(null), []);

  // Dropped by keyboard into another column, the card is a new node there: it takes the focus back.
  const focusAfterDrop = useContext(DropFocusContext);
  useLayoutEffect(() => {
    const dropped = focusAfterDrop.current;
    if (!dropped) return;
    const card = bodyRef.current?.querySelector<HTMLElement>(`[data-appointment-id="${CSS.escape(dropped)}"]`);
    if (!card || card === node.current) return;
    focusAfterDrop.current = null;
    card.focus();
  });

  if (!isDragging || !pressed) return null;
  const a = pressed.appointment;
  const card: CardProps = {
    appointment: a,
    ...cardLookups(a, data, pressed.column.provider),
    date: pressed.column.date,
    format,
    box: cardBox(a.startAt, a.endAt, firstHour, hourHeight),
    lane: { lane: 0, lanes: 1 },
    isPending: false,
  };
  const target = (over?.data.current as ZoneData | undefined)?.column ?? pressed.column;
  return <DraggedCard card={card} step={step} target={target} />;
}

/**
 * The copy that moves: dnd-kit's drag overlay, in the page's body so no scroll box clips it. Its hint says
 * the column under it and the start the drop would take, from the drag's whole move (scroll included), the
 * same move the drop and the announcements use.
 */
function DraggedCard({ card, step, target }: { card: CardProps; step: number; target: GridColumn }) {
  const [dy, setDy] = useState(0);
  useDndMonitor({ onDragMove: ({ delta }) => setDy(delta.y) });
  const minutes = Math.min(24 * 60 - 1, Math.max(0, minutesOfDay(card.appointment.startAt) + stepsOf(dy) * step));
  return createPortal(
    <DragOverlay dropAnimation={null}>
      <AppointmentCard {...card} overlay dropHint={`${target.label}, ${formatHour(minutes, card.format)}`} />
    </DragOverlay>,
    document.body,
  );
}

/** Where cards land: the whole column, highlighted while a card is over it. Renders again only for its column. */
export const DropZone = memo(function DropZone({ column }: { column: GridColumn }) {
  const zone: ZoneData = { column };
  const { setNodeRef, isOver } = useDroppable({ id: column.id, data: zone });
  return (
    <div
      ref={setNodeRef}
      className={`tt-drop${isOver ? ' tt-drop-over' : ''}`}
      aria-hidden
      data-testid={isOver ? 'tt-drop-over' : undefined}
    />
  );
});
