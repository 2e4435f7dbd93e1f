import { useLayoutEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import type { AppointmentRow } from '../../domain/entities';
import type { GridView } from '../../domain/rules/timetable';
import { cardsViewOf, ColumnCards, type ColumnCardsProps } from './column-cards';
import { DraggableCard, DropZone } from './draggable-card';
import { GridDnd } from './grid-dnd';
import type { GridColumn } from './grid-column';

type Shared = Omit<ColumnCardsProps, 'column' | 'draggable' | 'cardsView'>;

/**
 * The grid's drag and drop, added beside the grid once the drag parts loaded: the drag context, and in each
 * column (through a portal into its cards' box) the drop zone and the draggable cards. The grid's body, its
 * columns and free slots stay mounted as they are; only the plain cards give way to draggable ones.
 */
export function DragLayer({
  bodyRef,
  columns,
  schedule,
  colWidth,
  view,
  onDrop,
  onStart,
  ...shared
}: Shared & {
  /** The grid's body: its columns' cards' boxes are `[data-cards-for]` in it. */
  bodyRef: RefObject<HTMLElement | null>;
  columns: GridColumn[];
  schedule: ScheduleSettings;
  colWidth: number;
  /** A new day's first view (time-grid.tsx useFirstView): only its cards; null: all. */
  view: GridView | null;
  onDrop: (a: AppointmentRow, column: GridColumn, steps: number) => void;
  onStart?: (a: AppointmentRow) => void;
}) {
  const hosts = useCardHosts(bodyRef, columns);
  const draggable = { Card: DraggableCard };
  return (
    <GridDnd columns={columns} data={shared.data} schedule={schedule} colWidth={colWidth} onStart={onStart} onDrop={onDrop}>
      {columns.map((c, i) => {
        const host = hosts.get(c.id);
        return host
          ? createPortal(
              <>
                <DropZone column={c} />
                <ColumnCards column={c} cardsView={cardsViewOf(view, i, colWidth)} draggable={draggable} {...shared} />
              </>,
              host,
              c.id,
            )
          : null;
      })}
    </GridDnd>
  );
}

/** Each column's cards' box in the grid's body, by column id; read again when the columns change. */
function useCardHosts(bodyRef: RefObject<HTMLElement | null>, columns: GridColumn[]): Map<string, HTMLElement> {
  const [hosts, setHosts] = useState(() => new Map<string, HTMLElement>());
  useLayoutEffect(() => {
    const next = new Map<string, HTMLElement>();
    bodyRef.current?.querySelectorAll<HTMLElement>('[data-cards-for]').forEach((el) => next.set(el.dataset.cardsFor ?? '', el));
    setHosts((last) => (last.size === next.size && [...next].every(([id, el]) => last.get(id) === el) ? last : next));
  }, [bodyRef, columns]);
  return hosts;
}
