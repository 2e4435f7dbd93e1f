/**
 * getWorkingDays (part 1 §7: salon, master, fromDate, toDate; returns date and appointmentCount), answered from
 * the mirror so the timetable's day picker marks days offline too. A day is a working day when a master (the
 * given one, else any) has working time starting on it; its count is the live appointments starting that day
 * (of that master, else of anyone; archived ones are not on the timetable and are not counted). Wall times
 * 'YYYY-MM-DD HH:mm'; days in date order.
 */
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
