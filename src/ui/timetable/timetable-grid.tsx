import { useLayoutEffect, useMemo, useRef } from 'react';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import { CELL_HEIGHT, columnWidth, hoursOf, nowLineTop } from '../../domain/rules/timetable';
import type { AppointmentRow } from '../../domain/entities';
import { TimeGrid, type GridColumn, type GridDrag, type MoveOutcome } from './time-grid';
import type { DayData, Provider } from './use-timetable-day';
import type { CardHover } from './use-hover-card';

export { formatHour } from '../format-hour';

export interface GridProps {
  data: DayData;
  date: string;
  schedule: ScheduleSettings;
  /** Width the columns share (the window's, as the spec's rule says). */
  width: number;
  /** Salon wall time now when the day shown is today; null on other days (no current-time line). */
  nowWall: string | null;
  pending: Set<string>;
  onSlot?: (provider: Provider, minutes: number) => void;
  onCard?: (appointment: AppointmentRow) => void;
  /** Pointer or focus on a card (its box), or leaving it (null): the hover popup. */
  onHover?: CardHover;
  /** Column headers as buttons: a master's header opens his Master Appointments (part 1 §2). */
  onHead?: (provider: Provider) => void;
  /** The header button's accessible name. */
  headLabel?: (provider: Provider) => string;
  /** With it, cards move by drag and drop: dropped on `provider`'s column, `steps` salon steps lower. */
  onMove?: (appointment: AppointmentRow, target: { provider: Provider; steps: number }) => Promise<MoveOutcome>;
}

/**
 * The day timetable (part 1 §2): a time column, one column per provider with a schedule that day, hour rows
 * split by the salon step (one step is one 40 px cell, part 1 §9), working time shaded as open, cards placed
 * by time with overlapping ones side by side, the current-time line on today only, and with `onMove` cards
 * dragged onto another column or slot.
 */
export function TimetableGrid({
  data,
  date,
  schedule,
  width,
  nowWall,
  pending,
  onSlot,
  onCard,
  onHover,
  onHead,
  headLabel,
  onMove,
}: GridProps) {
  const hours = hoursOf(schedule);
  const firstHour = hours[0] ?? 0;
  const columns = useMemo<GridColumn[]>(() => {
    const byProvider = new Map<string, AppointmentRow[]>();
    const add = (id: string | null, a: AppointmentRow) => {
      if (!id) return;
      const list = byProvider.get(id);
      if (list) list.push(a);
      else byProvider.set(id, [a]);
    };
    for (const a of data.appointments) {
      add(a.masterId, a);
      add(a.cabinetId, a);
    }
    return data.providers.map((p) => ({ id: p.id, label: p.name, provider: p, date, appointments: byProvider.get(p.id) ?? [] }));
  }, [data.appointments, data.providers, date]);
  const latestMove = useRef(onMove);
  useLayoutEffect(() => {
    latestMove.current = onMove;
  });
  const hasMove = Boolean(onMove);
  const drag = useMemo<GridDrag | undefined>(
    () =>
      hasMove
        ? { onDrop: (a, column, steps) => latestMove.current?.(a, { provider: column.provider, steps }) ?? Promise.resolve('stayed') }
        : undefined,
    [hasMove],
  );
  const hourHeight = CELL_HEIGHT * (60 / schedule.step);
  return (
    <TimeGrid
      columns={columns}
      data={data}
      schedule={schedule}
      colWidth={columnWidth(width, schedule.step, data.providers.length)}
      nowTop={nowWall ? nowLineTop(nowWall, firstHour, firstHour + hours.length, hourHeight) : null}
      pending={pending}
      onSlot={onSlot ? (column, minutes) => onSlot(column.provider, minutes) : undefined}
      onCard={onCard}
      onHover={onHover}
      onHead={onHead ? (column) => onHead(column.provider) : undefined}
      headLabel={headLabel ? (column) => headLabel(column.provider) : undefined}
      drag={drag}
    />
  );
}
