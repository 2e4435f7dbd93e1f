import { useCallback, useMemo, type ReactNode } from 'react';
import type { KnownRows } from '../../sync/submit-command';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import type { AppointmentRow } from '../../domain/entities';
import type { MoveOutcome } from '../timetable/grid-column';
import { useT } from '../../i18n';
import { EmptyUnlessFirstSync } from '../sync/empty-unless-first-sync';
import { usePendingRows } from '../sync/use-pending';
import { TimetableGrid } from '../timetable/timetable-grid';
import { useArrivalsSaid } from '../timetable/use-arrivals';
import { knownDay } from '../timetable/known-day';
import { useBoxWidth } from '../use-box-width';
import { useRefusedOnDay, type RefusedOnDay } from '../timetable/use-refused-bookings';
import { useTimetableDay, type DayData, type Provider, type TimetableMode } from '../timetable/use-timetable-day';
import { DayAgenda } from './day-agenda';
import { ServiceLegend } from './service-legend';
import type { CardHover } from '../timetable/use-hover-card';

interface DayTimetableProps {
  date: string;
  mode: TimetableMode;
  schedule: ScheduleSettings;
  /** Salon wall time now when the day shown is today; null on other days. */
  nowWall: string | null;
  /** Shown between the empty state and the grid: the refusal of a drop. */
  alert: ReactNode;
  onSlot?: (provider: Provider, minutes: number) => void;
  onCard: (appointment: AppointmentRow) => void;
  onHover: CardHover;
  onHead?: (provider: Provider) => void;
  /** `known`: the day as read, for the move's preview. */
  onMove: (appointment: AppointmentRow, target: { provider: Provider; steps: number }, known: KnownRows | null) => Promise<MoveOutcome>;
  /** The day as a grid (part 1 §2) or as a list (issue 63). */
  view: 'grid' | 'list';
  /** Only these masters' appointments and columns (a master's 'Only me'); null for all. */
  masterIds: readonly string[] | null;
  onSwipe: (days: -1 | 1) => void;
}

/**
 * The day with its refused bookings as ghosts (issue 63) on the columns shown, their clients among the day's;
 * the ghosts are marked 'refused:<id>' among the pending marks.
 */
function withGhosts(data: DayData, refused: RefusedOnDay, mode: TimetableMode): DayData {
  const key = mode === 'masters' ? 'masterId' : 'cabinetId';
  const shown = new Set(data.providers.map((p) => p.id));
  const rows = refused.ghosts.map((g) => g.row).filter((r) => shown.has(r[key] ?? ''));
  if (rows.length === 0) return data;
  return { ...data, appointments: [...data.appointments, ...rows], clients: new Map([...refused.clients, ...data.clients]) };
}

/** The day with only `masterIds`' columns (on By masters) and appointments. */
function onlyMasters(data: DayData, masterIds: readonly string[], mode: TimetableMode): DayData {
  const mine = new Set(masterIds);
  return {
    ...data,
    providers: mode === 'masters' ? data.providers.filter((p) => mine.has(p.id)) : data.providers,
    appointments: data.appointments.filter((a) => a.masterId !== null && mine.has(a.masterId)),
  };
}

/**
 * The day of the Appointments page read from the mirror: the legend, the empty states and the grid. It reads
 * the day itself, so a booking's echo and the re-read render this part only, not the page's header and toolbar.
 */
export function DayTimetable(props: DayTimetableProps) {
  const { date, mode, schedule, nowWall, alert, onSlot, onCard, onHover, onHead, onMove, view, masterIds, onSwipe } = props;
  const t = useT();
  const day = useTimetableDay(date, mode);
  const refused = useRefusedOnDay(date);
  const data = useMemo(() => {
    const all = day && refused.ghosts.length > 0 ? withGhosts(day, refused, mode) : day;
    return all && masterIds ? onlyMasters(all, masterIds, mode) : all;
  }, [day, refused, masterIds, mode]);
  const pendingRows = usePendingRows();
  const pending = useMemo(
    () => (refused.ghosts.length > 0 ? new Set([...pendingRows, ...refused.ghosts.map((g) => `refused:${g.row.id}`)]) : pendingRows),
    [pendingRows, refused],
  );
  // A ghost opens its refused booking's form again; a card, Edit Appointment.
  const open = (a: AppointmentRow) => {
    if (!refused.open(a.id)) onCard(a);
  };
  const [boxRef, width] = useBoxWidth();
  // The moved card shows at its place before the move's transaction reads the mirror, when this day says it fits.
  const moveKnown = useCallback(
    (a: AppointmentRow, target: { provider: Provider; steps: number }) => onMove(a, target, day ? knownDay(day, date) : null),
    [onMove, day, date],
  );
  const arrived = useArrivalsSaid(data, `${date}|${mode}|${masterIds?.join(',') ?? ''}`, pending, schedule.format);
  return (
    <>
      <div role="status" className="visually-hidden" data-testid="arrivals">
        {arrived}
      </div>
      {data && view === 'grid' ? <ServiceLegend data={data} /> : null}
      {data === undefined ? <p className="muted">{t('app.loading')}</p> : null}
      {view === 'list' && data ? (
        <DayAgenda data={data} format={schedule.format} masterIds={masterIds} pending={pending} onOpen={open} onSwipe={onSwipe} />
      ) : null}
      {view === 'grid' && data && data.providers.length === 0 ? (
        <div className="empty-state" data-testid="timetable-empty">
          <EmptyUnlessFirstSync>
            <p className="empty">{t(mode === 'masters' ? 'timetable.noMasters' : 'timetable.noCabinets')}</p>
            <p className="muted">{t(mode === 'masters' ? 'timetable.noMastersHint' : 'timetable.noCabinetsHint')}</p>
          </EmptyUnlessFirstSync>
        </div>
      ) : null}
      {alert}
      {view === 'grid' && data && data.providers.length > 0 ? (
        <div className="tt-scroll" ref={boxRef}>
          <TimetableGrid
            data={data}
            date={date}
            schedule={schedule}
            width={width}
            nowWall={nowWall}
            pending={pending}
            onCard={open}
            onHover={onHover}
            onSlot={onSlot}
            onHead={onHead}
            headLabel={(p) => t('timetable.openMaster', { name: p.name })}
            onMove={moveKnown}
          />
        </div>
      ) : null}
    </>
  );
}
