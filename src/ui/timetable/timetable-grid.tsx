import { memo, useMemo } from 'react';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import { minutesOfDay } from '../../domain/rules/time';
import { cardBox, CELL_HEIGHT, columnWidth, hoursOf, layoutLanes, nowLineTop, slotsOfHour, TIME_COLUMN_WIDTH } from '../../domain/rules/timetable';
import type { AppointmentRow } from '../../domain/sync/entities';
import { useT } from '../../i18n';
import { AppointmentCard } from './appointment-card';
import type { DayData, Provider } from './use-timetable-day';

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
  onHover?: (appointment: AppointmentRow, rect: DOMRect | null) => void;
}

export const formatHour = (minutes: number, format: ScheduleSettings['format']) => {
  const h = Math.floor(minutes / 60);
  const m = String(minutes % 60).padStart(2, '0');
  if (format === 'HH:mm') return `${String(h).padStart(2, '0')}:${m}`;
  return `${((h + 11) % 12) + 1}:${m} ${h < 12 ? 'am' : 'pm'}`;
};

/**
 * The day timetable (part 1 §2): a time column, one column per provider with a schedule that day, hour rows
 * split by the salon step (one step is one 40 px cell, part 1 §9), working time shaded as open, cards placed
 * by time with overlapping ones side by side, and the current-time line on today only.
 */
export function TimetableGrid({ data, date, schedule, width, nowWall, pending, onSlot, onCard, onHover }: GridProps) {
  const t = useT();
  const hours = hoursOf(schedule);
  const hourHeight = CELL_HEIGHT * (60 / schedule.step);
  const firstHour = hours[0] ?? 0;
  const colWidth = columnWidth(width, schedule.step, data.providers.length);
  const byProvider = useMemo(() => {
    const map = new Map<string, AppointmentRow[]>();
    for (const a of data.appointments) {
      for (const id of [a.masterId, a.cabinetId]) if (id) map.set(id, [...(map.get(id) ?? []), a]);
    }
    return map;
  }, [data.appointments]);
  const now = nowWall ? nowLineTop(nowWall, firstHour, firstHour + hours.length, hourHeight) : null;
  const bodyHeight = hours.length * hourHeight;
  return (
    <div className="tt" style={{ ['--tt-col' as string]: `${colWidth}px`, ['--tt-time' as string]: `${TIME_COLUMN_WIDTH}px` }} data-testid="timetable">
      <div className="tt-head">
        <div className="tt-corner" aria-hidden />
        {data.providers.map((p) => (
          <div key={p.id} className="tt-col-head" title={p.name} data-testid="tt-col-head">
            {p.name}
          </div>
        ))}
      </div>
      <div className="tt-body" style={{ height: bodyHeight }}>
        <div className="tt-times" aria-hidden>
          {hours.map((h) => (
            <div key={h} className="tt-hour-label" style={{ height: hourHeight }}>
              {formatHour(h * 60, schedule.format)}
            </div>
          ))}
        </div>
        {data.providers.map((p) => (
          <Column
            key={p.id}
            provider={p}
            appointments={byProvider.get(p.id) ?? []}
            data={data}
            date={date}
            hours={hours}
            hourHeight={hourHeight}
            step={schedule.step}
            format={schedule.format}
            pending={pending}
            onSlot={onSlot}
            onCard={onCard}
            onHover={onHover}
          />
        ))}
        {now !== null ? <div className="tt-now" style={{ top: now }} aria-label={t('timetable.now')} role="img" data-testid="now-line" /> : null}
      </div>
    </div>
  );
}

const Column = memo(function Column({
  provider,
  appointments,
  data,
  date,
  hours,
  hourHeight,
  step,
  format,
  pending,
  onSlot,
  onCard,
  onHover,
}: {
  provider: Provider;
  appointments: AppointmentRow[];
  data: DayData;
  date: string;
  hours: number[];
  hourHeight: number;
  step: number;
  format: ScheduleSettings['format'];
  pending: Set<string>;
  onSlot?: GridProps['onSlot'];
  onCard?: GridProps['onCard'];
  onHover?: GridProps['onHover'];
}) {
  const t = useT();
  const firstHour = hours[0] ?? 0;
  const lanes = useMemo(() => layoutLanes(appointments), [appointments]);
  const working = provider.schedule.map((w) => ({ from: minutesOfDay(w.startAt), to: w.endAt.slice(0, 10) > date ? 24 * 60 : minutesOfDay(w.endAt) }));
  const isWorking = (m: number) => working.some((w) => m >= w.from && m < w.to);
  return (
    <div className="tt-col" role="group" aria-label={provider.name} data-testid="tt-column">
      {working.map((w, i) => (
        <div key={i} className="tt-open" style={{ top: ((w.from - firstHour * 60) / 60) * hourHeight, height: ((w.to - w.from) / 60) * hourHeight }} aria-hidden />
      ))}
      {onSlot
        ? hours.flatMap((h) =>
            slotsOfHour(step).map((m) => {
              const minutes = h * 60 + m;
              return (
                <button
                  key={minutes}
                  type="button"
                  className={`tt-slot${isWorking(minutes) ? '' : ' tt-slot-off'}`}
                  style={{ top: ((minutes - firstHour * 60) / 60) * hourHeight, height: (step / 60) * hourHeight }}
                  aria-label={t('timetable.slot', { provider: provider.name, time: formatHour(minutes, format) })}
                  onClick={() => onSlot(provider, minutes)}
                />
              );
            }),
          )
        : hours.map((h) => <div key={h} className="tt-hour-line" style={{ top: (h - firstHour) * hourHeight }} aria-hidden />)}
      {appointments.map((a) => {
        const box = cardBox(a.startAt, a.endAt, firstHour, hourHeight);
        const lane = lanes.get(a.id) ?? { lane: 0, lanes: 1 };
        return (
          <AppointmentCard
            key={a.id}
            appointment={a}
            data={data}
            date={date}
            provider={provider}
            format={format}
            box={box}
            lane={lane}
            isPending={pending.has(`appointments:${a.id}`)}
            onOpen={onCard}
            onHover={onHover}
          />
        );
      })}
    </div>
  );
});
