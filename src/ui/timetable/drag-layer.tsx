import { createContext, useContext, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import type { AppointmentRow } from '../../domain/entities';
import type { DragAria } from './appointment-card';
import { CardDragSource, DropZone } from './draggable-card';
import { GridDnd } from './grid-dnd';
import type { GridColumn, MoveOutcome } from './grid-column';
import type { DayData } from './use-timetable-day';

interface DragLayerProps {
  /** The grid's body: its columns' cards' boxes are `[data-cards-for]` in it, its cards `[data-appointment-id]`. */
  bodyRef: RefObject<HTMLElement | null>;
  columns: GridColumn[];
  data: DayData;
  schedule: ScheduleSettings;
  colWidth: number;
  firstHour: number;
  hourHeight: number;
  /** The drag's ARIA for every card, or null when the layer goes. */
  onAria: (aria: DragAria | null) => void;
  onDrop: (a: AppointmentRow, column: GridColumn, steps: number) => Promise<MoveOutcome>;
  onStart?: (a: AppointmentRow) => void;
  /** A long press on a card (grid-dnd.tsx). */
  onHold?: (a: AppointmentRow, rect: DOMRect) => void;
}

/** The layer's props and its columns' cards' boxes, for its content under the drag context. */
const LayerProps = createContext<(DragLayerProps & { hosts: Map<string, HTMLElement> }) | null>(null);

/**
 * The grid's drag and drop, added beside the grid once the drag parts loaded: the drag context, one drag source
 * for whichever card is pressed, and in each column (through a portal into its cards' box) the drop zone. The
 * grid's body, its columns, cards and free slots stay mounted as they are; the cards only take the drag's ARIA.
 * The drag context's children are one element made once (LAYER): what they show comes through LayerProps, so new
 * rows render them again but not the drag context (grid-dnd.tsx).
 */
export function DragLayer(props: DragLayerProps) {
  const { bodyRef, columns, data, schedule, colWidth, onStart, onDrop, onHold } = props;
  const hosts = useCardHosts(bodyRef, columns);
  return (
    <LayerProps.Provider value={{ ...props, hosts }}>
      <GridDnd columns={columns} data={data} schedule={schedule} colWidth={colWidth} onStart={onStart} onDrop={onDrop} onHold={onHold}>
        {LAYER}
      </GridDnd>
    </LayerProps.Provider>
  );
}

/** Each column's drop zone in its cards' box, and the drag source. */
function LayerContent() {
  const layer = useContext(LayerProps);
  if (!layer) return null;
  const { bodyRef, columns, data, schedule, firstHour, hourHeight, onAria, hosts } = layer;
  return (
    <>
      {columns.map((c) => {
        const host = hosts.get(c.id);
        return host ? createPortal(<DropZone column={c} />, host, c.id) : null;
      })}
      <CardDragSource
        bodyRef={bodyRef}
        columns={columns}
        data={data}
        step={schedule.step}
        format={schedule.format}
        firstHour={firstHour}
        hourHeight={hourHeight}
        onAria={onAria}
      />
    </>
  );
}
const LAYER = <LayerContent />;

/**
 * Each column's cards' box in the grid's body, by column id; read again when other columns show or a box was
 * replaced, not on every change of a column's cards (a booking): the query goes through every element of the day's
 * 900 cards (3 ms of a booking's frame), the check only through the columns' boxes.
 */
function useCardHosts(bodyRef: RefObject<HTMLElement | null>, columns: GridColumn[]): Map<string, HTMLElement> {
  const [hosts, setHosts] = useState(() => new Map<string, HTMLElement>());
  const ids = columns.map((c) => c.id).join(' ');
  const read = useRef('');
  useLayoutEffect(() => {
    if (read.current === ids && [...hosts.values()].every((el) => el.isConnected)) return;
    read.current = ids;
    const next = new Map<string, HTMLElement>();
    bodyRef.current?.querySelectorAll<HTMLElement>('[data-cards-for]').forEach((el) => next.set(el.dataset.cardsFor ?? '', el));
    setHosts((last) => (last.size === next.size && [...next].every(([id, el]) => last.get(id) === el) ? last : next));
  }, [bodyRef, columns, ids, hosts]);
  return hosts;
}
