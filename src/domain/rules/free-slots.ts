import { addDays, addMinutes, dateOf, dayNumber, minutesOfDay } from './time';
import type { MinuteSpan } from './time-options';

/**
 * Free time, exact (issue 61): the start times at which a client, or the front desk's "next free time", can book
 * one or more services done one after another by one master. A time is offered when, for a master (the chosen one,
 * else the first of `masters` in their order that can):
 * - the master offers every service's group, and each line lies inside one of the master's working spans that day;
 * - no line overlaps the master's live appointments (archived ones free their time, decision 008);
 * - a line whose service some cabinet working that day offers gets one of those cabinets, working and free for the
 *   whole line (the first in `cabinets` order); a service no working cabinet offers needs none;
 * - every line lies inside the salon's hours and ends by midnight (checkBooking's range);
 * - the start is on the step's grid from midnight, at least the notice after now, on a day from today to today plus
 *   the horizon.
 * The server answers the booking page with it and the front desk runs it on the mirror: one rule, both sides.
 */
export interface SlotService {
  id: string;
  groupId: string;
  duration: number;
}

export interface SlotProvider {
  id: string;
  serviceGroupIds: readonly string[];
}

export interface WallSpan {
  startAt: string;
  endAt: string;
}

export interface SlotWork extends WallSpan {
  masterId: string | null;
  cabinetId: string | null;
}

export interface SlotBooking extends SlotWork {
  archived?: boolean;
}

export interface SlotSource {
  /** Masters who may be booked, in the order "any master" tries them. */
  masters: readonly SlotProvider[];
  /** The salon's cabinets, in the order a line is given one. */
  cabinets: readonly SlotProvider[];
  /**
   * Working time of masters and cabinets over the days asked (and the day before, for spans past midnight), as rows
   * or already by provider and day (the server reads them so).
   */
  work: readonly SlotWork[] | SpansByDay;
  /** Live appointments over the same days, likewise. */
  booked: readonly SlotBooking[] | SpansByDay;
  /** The salon's hours, minutes from midnight; null before the salon has them. */
  hours: { startAt: number; endAt: number } | null;
}

export interface SlotRules {
  /** Minutes between offered starts: 5, 10, 15 or 30. */
  step: number;
  /** The least time, in minutes, between now and a start. */
  noticeMinutes: number;
  /** The last bookable day is today plus this many days. */
  horizonDays: number;
}

export interface SlotRequest {
  services: readonly SlotService[];
  /** The chosen master, or null for any. */
  masterId: string | null;
  /** First and last day asked, YYYY-MM-DD. */
  from: string;
  to: string;
  /** The salon's wall time now, 'YYYY-MM-DD HH:mm'. */
  now: string;
}

export interface SlotLine {
  serviceId: string;
  masterId: string;
  cabinetId: string | null;
  startAt: string;
  duration: number;
}

export interface FreeSlot {
  startAt: string;
  endAt: string;
  masterId: string;
  lines: SlotLine[];
}

const DAY = 1440;
const within = (from: number, to: number, spans: readonly MinuteSpan[]) => spans.some((s) => s.from <= from && to <= s.to);
const clashes = (from: number, to: number, spans: readonly MinuteSpan[]) => spans.some((s) => from < s.to && s.from < to);

/** Spans by provider id and day, in minutes from that day's midnight. */
export interface SpansByDay {
  of(id: string, date: string): readonly MinuteSpan[];
}

/** A wall-time span as minutes of its days: a span past midnight counts on both (it is shorter than a day). */
export function dayPieces(span: WallSpan): { date: string; from: number; to: number }[] {
  const startDate = dateOf(span.startAt);
  const endDate = dateOf(span.endAt);
  const start = minutesOfDay(span.startAt);
  if (endDate === startDate) return [{ date: startDate, from: start, to: minutesOfDay(span.endAt) }];
  const pieces = [{ date: startDate, from: start, to: DAY }];
  if (endDate === addDays(startDate, 1)) pieces.push({ date: endDate, from: 0, to: minutesOfDay(span.endAt) });
  return pieces;
}

/** Spans by provider id and day: a span past midnight counts on both of its days. */
export class DaySpans implements SpansByDay {
  private readonly spans = new Map<string, MinuteSpan[]>();

  /** A span of `date` in minutes from its midnight; an end past 1440 goes on into the next day. */
  addMinutes(id: string, date: string, from: number, to: number) {
    if (to <= DAY) return this.push(id, date, from, to);
    this.push(id, date, from, DAY);
    this.push(id, addDays(date, 1), 0, to - DAY);
  }

  add(id: string | null, span: WallSpan) {
    if (!id) return;
    for (const piece of dayPieces(span)) this.push(id, piece.date, piece.from, piece.to);
  }

  private push(id: string, date: string, from: number, to: number) {
    if (to <= from) return;
    const key = `${id}|${date}`;
    const list = this.spans.get(key);
    if (list) list.push({ from, to });
    else this.spans.set(key, [{ from, to }]);
  }

  of(id: string, date: string): readonly MinuteSpan[] {
    return this.spans.get(`${id}|${date}`) ?? [];
  }
}

const isRows = <R>(value: readonly R[] | SpansByDay): value is readonly R[] => Array.isArray(value);

function indexed(rows: readonly SlotWork[]): DaySpans {
  const spans = new DaySpans();
  for (const row of rows) {
    spans.add(row.masterId, row);
    spans.add(row.cabinetId, row);
  }
  return spans;
}

/** The days of the request the rules allow: from today (or `from`) to today plus the horizon (or `to`). */
export function slotDays(request: Pick<SlotRequest, 'from' | 'to' | 'now'>, rules: Pick<SlotRules, 'horizonDays'>): string[] {
  const today = dateOf(request.now);
  const first = request.from < today ? today : request.from;
  const lastAllowed = addDays(today, rules.horizonDays);
  const last = request.to > lastAllowed ? lastAllowed : request.to;
  const days: string[] = [];
  for (let n = dayNumber(first); n <= dayNumber(last); n++) days.push(addDays(first, n - dayNumber(first)));
  return days;
}

/**
 * `firstOfDay`: only each day's first slot, for a calendar that greys out the days without one; a day stops at its
 * first, so a month of a busy salon costs a fraction of all its slots.
 */
export function freeSlots(request: SlotRequest, source: SlotSource, rules: SlotRules, firstOfDay = false): FreeSlot[] {
  const total = request.services.reduce((sum, s) => sum + s.duration, 0);
  if (request.services.length === 0 || total <= 0 || rules.step <= 0) return [];
  const groups = request.services.map((s) => s.groupId);
  const masters = source.masters.filter(
    (m) => (request.masterId === null || m.id === request.masterId) && groups.every((g) => m.serviceGroupIds.includes(g)),
  );
  if (masters.length === 0) return [];

  const work = isRows(source.work) ? indexed(source.work) : source.work;
  const busy = isRows(source.booked) ? indexed(source.booked.filter((b) => !b.archived)) : source.booked;

  const earliest = addMinutes(request.now, rules.noticeMinutes);
  const open = source.hours ? Math.max(0, source.hours.startAt) : 0;
  const close = source.hours ? Math.min(DAY, source.hours.endAt) : DAY;
  const out: FreeSlot[] = [];
  for (const date of slotDays(request, rules)) {
    // Cabinets offering each line's service that work this day; none means the line needs no cabinet.
    const offering = request.services.map((s) =>
      source.cabinets.filter((c) => c.serviceGroupIds.includes(s.groupId) && work.of(c.id, date).length > 0),
    );
    const dayMasters = masters.filter((m) => work.of(m.id, date).length > 0);
    if (dayMasters.length === 0) continue;
    const minStart = dateOf(earliest) > date ? DAY : dateOf(earliest) < date ? 0 : minutesOfDay(earliest);
    let t = Math.ceil(Math.max(open, minStart) / rules.step) * rules.step;
    let found = false;
    for (; t + total <= close && !(firstOfDay && found); t += rules.step) {
      for (const master of dayMasters) {
        const lines = linesAt(t, date, master.id, request.services, offering, work, busy);
        if (!lines) continue;
        const startAt = `${date} ${clockOf(t)}`;
        out.push({ startAt, endAt: addMinutes(startAt, total), masterId: master.id, lines });
        found = true;
        break;
      }
    }
  }
  return out;
}

/** The slot's lines from minute `t` of `date` for one master, or null when a line cannot be booked. */
function linesAt(
  t: number,
  date: string,
  masterId: string,
  services: readonly SlotService[],
  offering: readonly (readonly SlotProvider[])[],
  work: SpansByDay,
  busy: SpansByDay,
): SlotLine[] | null {
  const masterWork = work.of(masterId, date);
  const masterBusy = busy.of(masterId, date);
  const lines: SlotLine[] = [];
  let from = t;
  for (const [i, service] of services.entries()) {
    const to = from + service.duration;
    if (!within(from, to, masterWork) || clashes(from, to, masterBusy)) return null;
    let cabinetId: string | null = null;
    const cabinets = offering[i] ?? [];
    if (cabinets.length > 0) {
      // The slot's lines follow one another, so none holds a cabinet another needs.
      const lineFrom = from;
      const cabinet = cabinets.find((c) => within(lineFrom, to, work.of(c.id, date)) && !clashes(lineFrom, to, busy.of(c.id, date)));
      if (!cabinet) return null;
      cabinetId = cabinet.id;
    }
    lines.push({ serviceId: service.id, masterId, cabinetId, startAt: `${date} ${clockOf(from)}`, duration: service.duration });
    from = to;
  }
  return lines;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clockOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The days among the slots, in order: the booking page's calendar greys out the others. */
export function daysWithSlots(slots: readonly FreeSlot[]): string[] {
  const days: string[] = [];
  for (const s of slots) {
    const date = dateOf(s.startAt);
    if (days[days.length - 1] !== date) days.push(date);
  }
  return days;
}
