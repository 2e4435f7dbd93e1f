import { addMinutes } from './time';

/**
 * No-shows and late cancellations (issue 57 item 5, decision 079): which visit may get which outcome, and the counts
 * the client's history, its card and the Report show. Times are salon wall times 'YYYY-MM-DD HH:mm'.
 */
/** How a visit ended when not as booked: the client did not come, or cancelled inside the window. */
export type AppointmentOutcome = 'NO_SHOW' | 'LATE_CANCEL';

interface Visit {
  clientId: string | null;
  startAt: string;
  archived: boolean;
  outcome?: AppointmentOutcome | null;
}

/** The windows a salon may pick, in hours before the visit; 0 counts no cancellation as late. */
export const LATE_CANCEL_WINDOWS = [0, 2, 12, 24, 48] as const;
export type LateCancelWindow = (typeof LATE_CANCEL_WINDOWS)[number];
export const DEFAULT_LATE_CANCEL_HOURS: LateCancelWindow = 24;

/** The salon's window, or the default until it chose. */
export const lateCancelHoursOf = (
  settings: { clientMessages?: { lateCancelHours?: LateCancelWindow } } | null | undefined,
): LateCancelWindow => settings?.clientMessages?.lateCancelHours ?? DEFAULT_LATE_CANCEL_HOURS;

/** Whether a visit may be marked as a no-show: a client's, unpaid, begun, not a late cancellation. */
export const mayMarkNoShow = (a: Visit, paid: boolean, now: string): boolean =>
  Boolean(a.clientId) && !paid && a.outcome !== 'LATE_CANCEL' && a.startAt <= now;

/** Whether cancelling a visit now counts as late: a client's, unpaid, not begun, starting within the window. */
export const isLateCancel = (a: Visit, paid: boolean, now: string, hours: number): boolean =>
  Boolean(a.clientId) && !paid && hours > 0 && now < a.startAt && a.startAt <= addMinutes(now, hours * 60);

/**
 * What a delete dialog asks of a visit: null when its delete cannot be a late cancellation (a walk-in, a paid one,
 * one already with an outcome, one begun); else whether the box starts ticked (inside the window).
 */
export const lateCancelChoice = (a: Visit, paid: boolean, now: string, hours: number): boolean | null =>
  !a.clientId || paid || a.outcome || now >= a.startAt ? null : isLateCancel(a, paid, now, hours);

export interface OutcomeCounts {
  noShows: number;
  lateCancels: number;
}

/** A client's no-shows and late cancellations among their appointments. */
export function outcomeCounts(appointments: readonly Pick<Visit, 'outcome'>[]): OutcomeCounts {
  let noShows = 0;
  let lateCancels = 0;
  for (const a of appointments) {
    if (a.outcome === 'NO_SHOW') noShows++;
    else if (a.outcome === 'LATE_CANCEL') lateCancels++;
  }
  return { noShows, lateCancels };
}

/** What the Report says of a range's visits: the clients' bookings that were due, and how many were missed. */
export interface Attendance extends OutcomeCounts {
  /** The clients' appointments in the range that have begun by now and were not cancelled late, archived or not. */
  visits: number;
  /** No-shows per visit, 0..1; null with no visits. */
  noShowRate: number | null;
}

/**
 * The attendance of the clients' appointments whose day lies in [from, to] (YYYY-MM-DD, both included): late
 * cancellations of any of them, no-shows of the visits due by `now` (a visit to come can be neither yet).
 */
export function attendance(appointments: readonly Visit[], from: string, to: string, now: string): Attendance {
  const inRange = appointments.filter((a) => a.clientId && a.startAt.slice(0, 10) >= from && a.startAt.slice(0, 10) <= to);
  const counts = outcomeCounts(inRange);
  const visits = inRange.filter((a) => a.outcome !== 'LATE_CANCEL' && a.startAt <= now).length;
  return { ...counts, visits, noShowRate: visits > 0 ? counts.noShows / visits : null };
}
