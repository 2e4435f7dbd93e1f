import { derivedId } from '../ids';
import type { ServerErrorShape } from '../errors';
import { overlaps } from './overlap';
import { addMinutes, dateOf, dayNumber, isWallTime, minutesOfDay } from './time';
import { refusal } from '../refusals';
import type { MessageId } from '../../i18n/messages/message-id';

/**
 * Working time of masters (part 2 §4, §5, §9). Times are salon wall time 'YYYY-MM-DD HH:mm'; a span is
 * half-open [startAt, endAt) and lies within one day (an end of 24:00 is written as the next day's 00:00).
 * Shared by the schedule screen, the local commands and the server, which re-checks every rule.
 */
export interface ScheduleRange {
  /** Minutes from midnight. */
  startAt: number;
  endAt: number;
  step: number;
}

export interface WorkingTimeSpan {
  id: string;
  masterId: string | null;
  startAt: string;
  endAt: string;
}

/** The last minute a day has: the spec's 'end limit 1440'. */
export const DAY_END = 1440;
/** 'Generate schedule first range: at most 7 days' (part 2 §9). */
export const MAX_TEMPLATE_DAYS = 7;
/** The second range of Generate schedule is bounded so one command stays one small transaction. */
export const MAX_GENERATE_DAYS = 186;

/**
 * The range working times are chosen from: the salon's schedule, widened to whole hours when the step is
 * 60 ('A step of 60 minutes widens a master's schedule to whole hours').
 */
export function workingRange(schedule: ScheduleRange): ScheduleRange {
  const step = schedule.step;
  let { startAt, endAt } = schedule;
  if (step === 60) {
    startAt = Math.floor(startAt / 60) * 60;
    endAt = Math.min(DAY_END, Math.ceil(endAt / 60) * 60);
  }
  return { startAt, endAt, step };
}

/** Every time a span may start or end at, minutes from midnight, ascending (start and end included). */
export function timeOptions(schedule: ScheduleRange): number[] {
  const range = workingRange(schedule);
  const out: number[] = [];
  if (range.step <= 0) return out;
  for (let m = range.startAt; m <= range.endAt; m += range.step) out.push(m);
  return out;
}

/** 'HH:mm' of minutes from midnight; 1440 is '24:00'. */
export function clock(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The wall time of a date plus minutes from its midnight (1440 → next day 00:00). */
export const wallAt = (date: string, minutes: number): string => addMinutes(`${date} 00:00`, minutes);

/** Start and end of a span as minutes from the start's midnight (the end may be 1440), or null when it crosses a day. */
export function spanMinutes(span: { startAt: string; endAt: string }): { date: string; start: number; end: number } | null {
  const date = dateOf(span.startAt);
  const start = minutesOfDay(span.startAt);
  let end: number;
  if (dateOf(span.endAt) === date) end = minutesOfDay(span.endAt);
  else if (span.endAt === wallAt(date, DAY_END)) end = DAY_END;
  else return null;
  return { date, start, end };
}

/** "Xh Ym" of a block (part 2 §2): hours and minutes of its length. */
export function durationParts(span: { startAt: string; endAt: string }): { hours: number; minutes: number } {
  const m = spanMinutes(span);
  const total = m ? Math.max(0, m.end - m.start) : 0;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** The first other working time of the same master that overlaps the candidate (the edited one excluded). */
export function findWorkingTimeOverlap<T extends WorkingTimeSpan>(candidate: WorkingTimeSpan, others: Iterable<T>): T | null {
  for (const other of others) {
    if (other.id === candidate.id || other.masterId !== candidate.masterId) continue;
    if (overlaps(candidate, other)) return other;
  }
  return null;
}

export const endBeforeStart = (): ServerErrorShape => refusal('endBeforeStart');
export const workingTimeOverlaps = (): ServerErrorShape => refusal('workingTimeOverlaps');
export const workingTimeOutOfRange = (field: 'startAt' | 'endAt'): ServerErrorShape => refusal('workingTimeOutOfRange', { field });
export const cannotChangeWithAppointments = (): ServerErrorShape => refusal('cannotChangeWithAppointments');
export const cannotDeleteWithAppointments = (): ServerErrorShape => refusal('cannotDeleteWithAppointments');

/**
 * Every rule of a working time being added or edited (part 2 §5), first broken one first:
 * end after start (on the end field), times of the salon's range and step, then no overlap with another
 * working time of that master. `others` may hold any working times; only the same master's count.
 */
export function checkWorkingTime(
  candidate: WorkingTimeSpan,
  schedule: ScheduleRange | null,
  others: Iterable<WorkingTimeSpan>,
): ServerErrorShape | null {
  if (!isWallTime(candidate.startAt)) return workingTimeOutOfRange('startAt');
  if (!isWallTime(candidate.endAt)) return workingTimeOutOfRange('endAt');
  if (candidate.endAt <= candidate.startAt) return endBeforeStart();
  const m = spanMinutes(candidate);
  if (!m) return workingTimeOutOfRange('endAt');
  if (schedule) {
    const range = workingRange(schedule);
    const fits = (x: number) => x >= range.startAt && x <= range.endAt && (x - range.startAt) % range.step === 0;
    if (!fits(m.start) || m.start === range.endAt) return workingTimeOutOfRange('startAt');
    if (!fits(m.end)) return workingTimeOutOfRange('endAt');
  }
  if (findWorkingTimeOverlap(candidate, others)) return workingTimeOverlaps();
  return null;
}

/** Start times still free for a master on a day: the range's options minus those inside his other working times. */
export function freeStartOptions(schedule: ScheduleRange, date: string, others: WorkingTimeSpan[], self: WorkingTimeSpan): number[] {
  const options = timeOptions(schedule);
  return options.slice(0, -1).filter((m) => {
    const probe = { ...self, startAt: wallAt(date, m), endAt: wallAt(date, m + 1) };
    return !findWorkingTimeOverlap(probe, others);
  });
}

/** End times possible after a start: later options up to the next working time of the master. */
export function freeEndOptions(
  schedule: ScheduleRange,
  date: string,
  start: number,
  others: WorkingTimeSpan[],
  self: WorkingTimeSpan,
): number[] {
  const out: number[] = [];
  for (const m of timeOptions(schedule)) {
    if (m <= start) continue;
    const probe = { ...self, startAt: wallAt(date, start), endAt: wallAt(date, m) };
    if (findWorkingTimeOverlap(probe, others)) break;
    out.push(m);
  }
  return out;
}

// ---- Generate schedule (part 2 §5, §7, §9) ----

export interface GenerateRanges {
  /** 'YYYY-MM-DD' */
  firstRangeFrom: string;
  firstRangeTo: string;
  secondRangeFrom: string;
  secondRangeTo: string;
}

const rangeRefusal = (field: string, messageId: MessageId): ServerErrorShape => refusal('scheduleRangeInvalid', { field, messageId });

/**
 * 'First range at most 7 days and cannot end after the day before the second range starts; second range
 * cannot start before the first range ends' (part 2 §5). Ranges are whole days, both ends included.
 */
export function checkGenerateRanges(r: GenerateRanges): ServerErrorShape | null {
  if (r.firstRangeTo < r.firstRangeFrom) return rangeRefusal('firstRangeTo', 'schedule.generate.rangeOrder');
  if (dayNumber(r.firstRangeTo) - dayNumber(r.firstRangeFrom) + 1 > MAX_TEMPLATE_DAYS)
    return rangeRefusal('firstRangeTo', 'schedule.generate.firstTooLong');
  if (r.secondRangeTo < r.secondRangeFrom) return rangeRefusal('secondRangeTo', 'schedule.generate.rangeOrder');
  if (r.secondRangeFrom <= r.firstRangeTo) return rangeRefusal('secondRangeFrom', 'schedule.generate.secondBeforeFirst');
  if (dayNumber(r.secondRangeTo) - dayNumber(r.secondRangeFrom) + 1 > MAX_GENERATE_DAYS)
    return rangeRefusal('secondRangeTo', 'schedule.generate.secondTooLong');
  return null;
}

/**
 * The working times Generate schedule adds: the first range is a pattern repeated over the second, day by
 * day, counted from the first range's first day (so a 7-day pattern keeps weekdays). A copied span that would
 * overlap a working time the master already has that day is skipped: generating never moves or removes
 * existing working time. `masterIds` are the masters in scope (one, or all).
 */
export function plannedWorkingTimes(
  ranges: GenerateRanges,
  masterIds: readonly string[],
  existing: readonly WorkingTimeSpan[],
): Array<{ masterId: string; startAt: string; endAt: string }> {
  const inScope = new Set(masterIds);
  const length = dayNumber(ranges.firstRangeTo) - dayNumber(ranges.firstRangeFrom) + 1;
  const first = dayNumber(ranges.firstRangeFrom);
  const templatesByDay = new Map<number, WorkingTimeSpan[]>();
  for (const w of existing) {
    if (!w.masterId || !inScope.has(w.masterId)) continue;
    const d = dayNumber(dateOf(w.startAt)) - first;
    if (d < 0 || d >= length) continue;
    templatesByDay.set(d, [...(templatesByDay.get(d) ?? []), w]);
  }
  const taken: WorkingTimeSpan[] = existing.filter((w) => w.masterId && inScope.has(w.masterId));
  const out: Array<{ masterId: string; startAt: string; endAt: string }> = [];
  for (let day = dayNumber(ranges.secondRangeFrom); day <= dayNumber(ranges.secondRangeTo); day++) {
    const offset = (((day - first) % length) + length) % length;
    const sources = [...(templatesByDay.get(offset) ?? [])].sort((a, b) => (a.startAt < b.startAt ? -1 : 1));
    for (const source of sources) {
      const shift = day - dayNumber(dateOf(source.startAt));
      const copy = {
        id: `planned:${out.length}`,
        masterId: source.masterId,
        startAt: addMinutes(source.startAt, shift * 1440),
        endAt: addMinutes(source.endAt, shift * 1440),
      };
      if (findWorkingTimeOverlap(copy, taken)) continue;
      taken.push(copy);
      out.push({ masterId: source.masterId as string, startAt: copy.startAt, endAt: copy.endAt });
    }
  }
  return out;
}

/**
 * The id of a working time Generate schedule creates: derived from the command's seed and the row's master
 * and start, so the local command and the server make the same id and nothing is remapped (DESIGN.md §4).
 * A master has at most one working time starting at a given minute (spans never overlap), so it is unique.
 */
export function generatedWorkingTimeId(seed: string, row: { masterId: string; startAt: string }): string {
  return derivedId(seed, `${row.masterId}|${row.startAt}`);
}
