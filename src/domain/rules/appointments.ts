import type { ServerErrorShape } from '../errors';
import type { ScheduleSettings } from './salon-defaults';
import { findOverlap, type Booking } from './overlap';
import { addMinutes, dateOf, minutesOfDay } from './time';
import { refusal } from '../refusals';

/** Everything a booking is checked against (part 1 §4, §5). */
export interface BookingEnv {
  schedule: ScheduleSettings | null;
  /** Salon date of today, YYYY-MM-DD. */
  today: string;
  /** Owners (and sysadmins) may book past days (part 1 §4, §6). */
  canBookPast: boolean;
  /** Other bookings of the salon near that time (any order; archived and the booking itself are skipped). */
  others: Iterable<Booking>;
}

export interface BookingLine {
  id: string;
  masterId: string | null;
  cabinetId: string | null;
  startAt: string;
  duration: number;
}

export const pastDate = (): ServerErrorShape => refusal('pastDate');
export const outOfRange = (): ServerErrorShape => refusal('timeOutOfRange');
export const timeOverlaps = (): ServerErrorShape => refusal('timeOverlaps');

/** The first rule a booking line breaks, or null: past day, outside the salon's hours, overlap. */
export function checkBooking(line: BookingLine, env: BookingEnv): ServerErrorShape | null {
  if (dateOf(line.startAt) < env.today && !env.canBookPast) return pastDate();
  const endAt = addMinutes(line.startAt, line.duration);
  if (env.schedule) {
    const start = minutesOfDay(line.startAt);
    const sameDay = dateOf(endAt) === dateOf(line.startAt) || endAt.endsWith(' 00:00');
    const end = dateOf(endAt) === dateOf(line.startAt) ? minutesOfDay(endAt) : 1440;
    if (start < env.schedule.startAt || !sameDay || end > env.schedule.endAt) return outOfRange();
  }
  if (findOverlap({ ...line, endAt }, env.others)) return timeOverlaps();
  return null;
}

/**
 * Lines booked together share a group (part 1 §3). A given group is kept (a line joining an existing
 * group); several lines without one take the first line's id, so every device, every replay and the
 * server derive the same; a single line alone has none.
 */
export function groupIdOf(group: string | null | undefined, lineIds: readonly string[]): string | null {
  if (group) return group;
  return lineIds.length > 1 ? (lineIds[0] ?? null) : null;
}
