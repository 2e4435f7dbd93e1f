import { DragOverlay, useDndMonitor, useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, useContext, useLayoutEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { stepsOf } from '../../domain/rules/timetable';
import { minutesOfDay } from '../../domain/rules/time';
import { useT } from '../../i18n';
import { AppointmentCard, sameCardProps, type CardProps } from './appointment-card';
import { formatHour } from './format-hour';
import { DropFocusContext, type CardData, type ZoneData } from './grid-dnd';
import type { GridColumn } from './grid-column';
import './timetable-drag.css';

/**
 * A card that can be dragged (part 1 §2): the drag's listeners and ARIA on the card itself. While it is
 * dragged, the card stays in its place, faded, and a copy of it follows the pointer or the arrows in a drag
 * overlay above the page (snapped to the step), with a hint of where it would land. The overlay moves in the
 * page's coordinates, so scrolling the grid under it (by the arrows or near an edge) counts once
 * (decision 024). Every card re-renders here only when a drag starts, ends or crosses into another column;
 * only the dragged one follows the moves.
 */
export const DraggableCard = memo(function DraggableCard({ column, step, ...card }: CardProps & { column: GridColumn; step: number }) {
  const t = useT();
  const a = card.appointment;
  const data: CardData = { appointment: a, column };
  const { attributes, listeners, setNodeRef, node, isDragging, over } = useDraggable({
    id: a.id,
    data,
    attributes: { roleDescription: t('timetable.drag.role') },
  });
  const dragProps = useMemo(() => ({ ...attributes, ...listeners }), [attributes, listeners]);
  const focusAfterDrop = useContext(DropFocusContext);
  // Dropped by keyboard into another column, the card is a new node there: it takes the focus back.
  useLayoutEffect(() => {
    if (focusAfterDrop.current !== a.id) return;
    focusAfterDrop.current = null;
    node.current?.focus();
  }, [focusAfterDrop, a.id, node]);
  const target = (over?.data.current as ZoneData | undefined)?.column ?? column;
  return (
    <>
      <AppointmentCard {...card} nodeRef={setNodeRef} dragProps={dragProps} lifted={isDragging} />
      {isDragging ? <DraggedCard card={card} step={step} target={target} /> : null}
    </>
  );
}, sameCardProps);

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

/** Where cards land: the whole column, highlighted while a card is over it. */
export function DropZone({ column }: { column: GridColumn }) {
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
}
