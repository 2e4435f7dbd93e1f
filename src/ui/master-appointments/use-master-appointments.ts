import { useLiveQuery } from 'dexie-react-hooks';
import { appointmentsOfDays } from '../../db/queries/appointments';
import { workingTimesOfDays } from '../../db/queries/setup';
import { dateOf } from '../../domain/rules/time';
import { addDays } from '../../domain/rules/time';
import type { AppointmentRow, MasterRow, WorkingTimeRow } from '../../domain/entities';
import { useLanguage } from '../../i18n';
import { useSession } from '../session/use-session';
import { useSyncDb } from '../sync/use-sync-state';
import { readCardExtras, readSalonNames, type DayData } from '../timetable/use-timetable-day';

export { MASTER_KEY } from './master-key';
/** The calendar's range 'from,to', kept for the browser session. */
export const RANGE_KEY = 'masterAppointments.range';
/** 'Master-appointments range defaults to today through 7 days ahead' (part 1 §9). */
export const DEFAULT_RANGE_DAYS = 7;
/** A longer range is cut to this many days: a column a day stays readable. */
export const MAX_RANGE_DAYS = 31;

export interface CalendarDay {
  date: string;
  appointments: AppointmentRow[];
  /** The master's working time starting that day. */
  schedule: WorkingTimeRow[];
}

export interface MasterAppointments {
  /** The salon's masters by name, for the dropdown. */
  masters: MasterRow[];
  master: MasterRow | null;
  days: CalendarDay[];
  /** What the cards show (its `providers` is empty: the columns are days). */
  data: DayData;
}

/** The days from..to inclusive, at most MAX_RANGE_DAYS. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to && days.length < MAX_RANGE_DAYS; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * One master's appointments and working time over a range of days, from the mirror (part 2 §2 Master
 * Appointments), so the calendar opens offline and follows every change, local or pulled. Archived
 * appointments are left out unless Show Archive is on (part 1 §4, part 2 §4).
 */
export function useMasterAppointments(masterId: string | null, from: string, to: string): MasterAppointments | undefined {
  const db = useSyncDb();
  const session = useSession();
  const salonId = session?.salon ?? null;
  const showArchive = Boolean(session?.showArchive);
  const { language } = useLanguage();
  return useLiveQuery(async () => {
    if (!db || !salonId) return undefined;
    const dates = daysOf(from, to);
    const last = dates.at(-1) ?? from;
    const [work, appointments, salon] = await Promise.all([
      workingTimesOfDays(db, salonId, from, last),
      appointmentsOfDays(db, salonId, from, last),
      readSalonNames(db, salonId, language),
    ]);
    const masters = [...salon.masters].sort(
      (a, b) => (salon.names.get(a.id) ?? '').localeCompare(salon.names.get(b.id) ?? '', language) || a.id.localeCompare(b.id),
    );
    const master = masters.find((m) => m.id === masterId) ?? null;
    const mine = master ? appointments.filter((a) => a.masterId === master.id && (showArchive || !a.archived)) : [];
    const days = dates.map((date) => ({
      date,
      appointments: mine.filter((a) => dateOf(a.startAt) === date),
      schedule: master ? work.filter((w) => w.masterId === master.id && dateOf(w.startAt) === date) : [],
    }));
    const data: DayData = {
      providers: [],
      appointments: mine,
      services: salon.services,
      groups: salon.groups,
      names: salon.names,
      ...(await readCardExtras(db, mine)),
    };
    return { masters, master, days, data };
  }, [db, salonId, masterId, from, to, showArchive, language]);
}
