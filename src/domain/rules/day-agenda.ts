import type { AppointmentRow } from '../entities';

/**
 * The day as a list (issue 63): one row per appointment, by start time, then by the master's and the cabinet's
 * names (the order two rows at the same time keep on every device), then by id. `masterIds`: only these masters'
 * appointments (a master's 'Only me'), null for all.
 */
export function agendaOf(
  appointments: readonly AppointmentRow[],
  names: ReadonlyMap<string, string>,
  masterIds: readonly string[] | null,
  language: string,
): AppointmentRow[] {
  const name = (id: string | null) => (id ? (names.get(id) ?? '') : '');
  return appointments
    .filter((a) => masterIds === null || (a.masterId !== null && masterIds.includes(a.masterId)))
    .sort(
      (a, b) =>
        (a.startAt < b.startAt ? -1 : a.startAt > b.startAt ? 1 : 0) ||
        name(a.masterId).localeCompare(name(b.masterId), language) ||
        name(a.cabinetId).localeCompare(name(b.cabinetId), language) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

/**
 * The days a swipe moves by: one of at least 60 px, clearly more across than down, turns the page like paper
 * (to the left, the next day: 1; to the right, the previous: -1); anything else, 0.
 */
export function swipeDays(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < 60 || Math.abs(dx) < 2 * Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
