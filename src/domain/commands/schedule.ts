import type { ServerErrorShape } from '../errors';
import { refusal } from '../refusals';
import { dateOf } from '../rules/time';
import {
  cannotChangeWithAppointments,
  cannotDeleteWithAppointments,
  checkGenerateRanges,
  checkWorkingTime,
  type ScheduleRange,
  type WorkingTimeSpan,
} from '../rules/working-time';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';
import { setupWriter } from './setup';

/**
 * The rules of the working-time commands and Generate schedule (part 2 §4, §5) as pure checks, run by the
 * local commands against the mirror (src/db/commands/schedule.ts) and by the server inside its transaction,
 * after the salon's write lock (server/modules/schedule/service.ts). Each side reads what a check needs and
 * hands it over; the check returns the first refusal, from the one table (src/domain/refusals.ts), or null.
 */

/** What a working-time check reads of the master's time: the salon's schedule and his other spans that day. */
export interface WorkingTimeReads {
  /** The salon's schedule (null before the mirror has the salon's settings: range and step are then not checked). */
  schedule: ScheduleRange | null;
  /** Working times around the candidate's day; only the same master's count. */
  others: readonly WorkingTimeSpan[];
}

/** A live working time of the session's salon, or null (gone, another salon's, or a cabinet's). */
const masterSpan = (current: WorkingTimeSpan | null): (WorkingTimeSpan & { masterId: string }) | null =>
  current?.masterId ? (current as WorkingTimeSpan & { masterId: string }) : null;

/**
 * 'Appointments exist that day' (part 2 §4): `daysWithAppointments` holds the days (YYYY-MM-DD), among those
 * asked about, on which the master has a live appointment that is not archived.
 */
const hasAppointments = (days: readonly string[], day: string) => days.includes(day);

/** addWorkingTime: the writer and salon, the id free, the master live in the salon, then the span's rules. */
export function checkAddWorkingTime(
  input: CommandValues<'workingTime.add'>,
  actor: Actor,
  reads: WorkingTimeReads & { idTaken: boolean; masterExists: boolean },
): ServerErrorShape | null {
  const writer = setupWriter(actor, input.salon);
  if (writer) return writer;
  if (reads.idTaken) return refusal('idTaken');
  if (!reads.masterExists) return refusal('scheduleMasterNotExists');
  return checkWorkingTime(
    { id: input.id, masterId: input.master, startAt: input.startAt, endAt: input.endAt },
    reads.schedule,
    reads.others,
  );
}

/** The days whose appointments bind an edit of `current` to `startAt`: its own day and the new one. */
export const daysOfUpdate = (current: { startAt: string }, startAt: string): string[] => [
  ...new Set([dateOf(current.startAt), dateOf(startAt)]),
];

/**
 * updateWorkingTime: the writer; the working time exists; no appointments of the master on its day or the
 * new one (a refusal, not `updated: false`, docs/decisions/014); then the span's rules at the new time.
 */
export function checkUpdateWorkingTime(
  input: CommandValues<'workingTime.update'>,
  actor: Actor,
  reads: WorkingTimeReads & { current: WorkingTimeSpan | null; daysWithAppointments: readonly string[] },
): ServerErrorShape | null {
  const writer = setupWriter(actor);
  if (writer) return writer;
  const current = masterSpan(reads.current);
  if (!current) return refusal('workingTimeNotExists');
  if (daysOfUpdate(current, input.startAt).some((day) => hasAppointments(reads.daysWithAppointments, day)))
    return cannotChangeWithAppointments();
  return checkWorkingTime(
    { id: current.id, masterId: current.masterId, startAt: input.startAt, endAt: input.endAt },
    reads.schedule,
    reads.others,
  );
}

/** deleteWorkingTime: the writer; the working time exists; no appointments of the master that day. */
export function checkDeleteWorkingTime(
  actor: Actor,
  reads: { current: WorkingTimeSpan | null; daysWithAppointments: readonly string[] },
): ServerErrorShape | null {
  const writer = setupWriter(actor);
  if (writer) return writer;
  const current = masterSpan(reads.current);
  if (!current) return refusal('workingTimeNotExists');
  if (hasAppointments(reads.daysWithAppointments, dateOf(current.startAt))) return cannotDeleteWithAppointments();
  return null;
}

/** generateSchedule: the writer and salon, the two ranges (part 2 §5), then the chosen master live in the salon. */
export function checkGenerateSchedule(
  input: CommandValues<'schedule.generate'>,
  actor: Actor,
  reads: { masterExists: boolean },
): ServerErrorShape | null {
  const writer = setupWriter(actor, input.salonId);
  if (writer) return writer;
  const ranges = checkGenerateRanges(input);
  if (ranges) return ranges;
  if (input.masterId && !reads.masterExists) return refusal('scheduleMasterNotExists');
  return null;
}
