import { addDays } from './time';

/**
 * getWorkingDays (part 1 §7: salon, master, fromDate, toDate; returns date and appointmentCount), answered from
 * the mirror so the timetable's day picker marks days offline too. A day is a working day when a master (the
 * given one, else any) has working time starting on it; its count is the live appointments starting that day
 * (of that master, else of anyone; archived ones are not on the timetable and are not counted). Wall times
 * 'YYYY-MM-DD HH:mm'; days in date order.
 */
/** The days getWorkingDays covers (part 1 §7, §9): from today to about six months ahead. */
export const WORKING_DAYS_AHEAD = 183;

/**
 * The part of from..to ('YYYY-MM-DD') inside the working-days window of `today`, or null when none is: a month in
 * the past, or beyond the window, gets no marks.
 */
export function workingDaysWindow(today: string, from: string, to: string): { from: string; to: string } | null {
  const last = addDays(today, WORKING_DAYS_AHEAD);
  const start = from < today ? today : from;
  const end = to > last ? last : to;
  return start <= end ? { from: start, to: end } : null;
}

export interface WorkingDay {
  date: string;
  appointmentCount: number;
}

export function workingDays(
  times: readonly { masterId: string | null; startAt: string }[],
  appointments: readonly { masterId: string | null; startAt: string; archived: boolean }[],
  masterId: string | null = null,
): WorkingDay[] {
  const counts = new Map<string, number>();
  for (const t of times) {
    if (t.masterId === null || (masterId !== null && t.masterId !== masterId)) continue;
    counts.set(t.startAt.slice(0, 10), 0);
  }
  for (const a of appointments) {
    if (a.archived || (masterId !== null && a.masterId !== masterId)) continue;
    const date = a.startAt.slice(0, 10);
    const count = counts.get(date);
    if (count !== undefined) counts.set(date, count + 1);
  }
  return [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, appointmentCount]) => ({ date, appointmentCount }));
}
