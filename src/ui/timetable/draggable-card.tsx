import { useDraggable, useDroppable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { memo, useContext, useLayoutEffect, useMemo } from 'react';
import { stepsOf } from '../../domain/rules/appointment-move';
import { minutesOfDay } from '../../domain/rules/time';
import { useT } from '../../i18n';
import { AppointmentCard, sameCardProps, type CardProps } from './appointment-card';
import { formatHour } from './format-hour';
import { DropFocusContext, type CardData, type ZoneData } from './grid-dnd';
import type { GridColumn } from './time-grid';
import './timetable-drag.css';

/**
 * A card that can be dragged (part 1 §2): the drag's listeners and ARIA on the card itself. Every card
 * re-renders here only when a drag starts, ends or crosses into another column; the card inside keeps its
 * memo unless it is the one dragged, which alone follows the pointer (a CSS transform, snapped to the step).
 * `disabled` (a master's view of another's card) leaves a plain card.
 */
export const DraggableCard = memo(function DraggableCard({ column, step, disabled, ...card }: CardProps & { column: GridColumn; step: number; disabled: boolean }) {
  const t = useT();
  const a = card.appointment;
  const data: CardData = { appointment: a, column };
  const { attributes, listeners, setNodeRef, node, transform, isDragging, over } = useDraggable({
    id: a.id,
    data,
    disabled,
    attributes: { roleDescription: t('timetable.drag.role') },
  });
  const dragProps = useMemo(() => (disabled ? undefined : { ...attributes, ...listeners }), [disabled, attributes, listeners]);
  const focusAfterDrop = useContext(DropFocusContext);
  // Dropped by keyboard into another column, the card is a new node there: it takes the focus back.
  useLayoutEffect(() => {
    if (focusAfterDrop.current !== a.id) return;
    focusAfterDrop.current = null;
    node.current?.focus();
  }, [focusAfterDrop, a.id, node]);
  let dropHint: string | null = null;
  if (isDragging && transform) {
    const target = (over?.data.current as ZoneData | undefined)?.column ?? column;
    const minutes = Math.min(24 * 60 - 1, Math.max(0, minutesOfDay(a.startAt) + stepsOf(transform.y) * step));
    dropHint = `${target.label}, ${formatHour(minutes, card.format)}`;
  }
  return (
    <AppointmentCard
      {...card}
      nodeRef={setNodeRef}
      dragProps={dragProps}
      transform={isDragging && transform ? CSS.Translate.toString(transform) : null}
      dropHint={dropHint}
    />
  );
}, sameCardProps);

/** Where cards land: the whole column, highlighted while a card is over it. */
export function DropZone({ column }: { column: GridColumn }) {
  const zone: ZoneData = { column };
  const { setNodeRef, isOver } = useDroppable({ id: column.id, data: zone });
  return <div ref={setNodeRef} className={`tt-drop${isOver ? ' tt-drop-over' : ''}`} aria-hidden data-testid={isOver ? 'tt-drop-over' : undefined} />;
}
