import { useLayoutEffect, useMemo, useRef } from 'react';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import { columnWidth } from '../../domain/rules/timetable';
import type { AppointmentRow } from '../../domain/entities';
import { useLanguage } from '../../i18n';
import { TimeGrid, type GridColumn, type GridDrag, type MoveOutcome } from '../timetable/time-grid';
import type { MasterAppointments } from './use-master-appointments';
import type { CardHover } from '../timetable/use-hover-card';

/** A day column's header in the user's language, e.g. 'Mon, Nov 24'. */
export function dayHeader(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/**
 * The Master Appointments calendar (part 2 §2): a column per day of the range with the master's working time
 * shaded open, the salon's hours split by its step, and the timetable's own cards, which drag to another
 * time or day (the timetable's move rule; grouped appointments keep their date).
 */
export function MasterAppointmentsGrid({
  calendar,
  schedule,
  width,
  pending,
  onCard,
  onHover,
  onSlot,
  onMove,
}: {
  calendar: MasterAppointments & { master: NonNullable<MasterAppointments['master']> };
  schedule: ScheduleSettings;
  width: number;
  pending: Set<string>;
  onCard: (a: AppointmentRow) => void;
  onHover: CardHover;
  onSlot?: (date: string, minutes: number) => void;
  /** A card dropped on `date`, `steps` salon steps lower (negative: higher). */
  onMove: (a: AppointmentRow, date: string, steps: number) => Promise<MoveOutcome>;
}) {
  const { language } = useLanguage();
  const { master, days } = calendar;
  const name = calendar.data.names.get(master.id) ?? '';
  const columns = useMemo<GridColumn[]>(
    () =>
      days.map((d) => ({
        id: d.date,
        label: dayHeader(d.date, language),
        provider: { id: master.id, kind: 'master', name, serviceGroupIds: master.serviceGroupIds, schedule: d.schedule },
        date: d.date,
        appointments: d.appointments,
      })),
    [days, master, name, language],
  );
  const latestMove = useRef(onMove);
  useLayoutEffect(() => {
    latestMove.current = onMove;
  });
  const drag = useMemo<GridDrag>(() => ({ onDrop: (a, column, steps) => latestMove.current(a, column.date, steps) }), []);
  return (
    <TimeGrid
      columns={columns}
      data={calendar.data}
      schedule={schedule}
      colWidth={columnWidth(width, schedule.step, columns.length)}
      nowTop={null}
      pending={pending}
      onSlot={onSlot ? (column, minutes) => onSlot(column.date, minutes) : undefined}
      onCard={onCard}
      onHover={onHover}
      drag={drag}
    />
  );
}
