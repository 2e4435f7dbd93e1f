import type { AppointmentRow } from '../../domain/entities';
import { reportDayOf, type ReportAppointment, type ReportInvoice } from '../../domain/rules/report';
import { addDays, SERVICE_TIME_ZONE } from '../../domain/rules/time';
import {
  daySums,
  decodeReportDay,
  decodeReportSums,
  encodeReportDay,
  encodeReportSums,
  REPORT_DAYS,
  REPORT_DAYS_BUILD_SPAN,
  REPORT_DAYS_READ_MARK,
  reportDayKey,
  type ReportDayContent,
  type ReportDayRecord,
} from '../report-days';
import type { ReportDaySums } from '../../domain/rules/report-sums';
import type { SalonDb } from '../salon-db';
import { reportSource, type ReportSource } from './report-source';
import { salonById } from './setup';

/** What a report counts over its days: paid invoices placed on them, their appointments, the salon's zone. */
export interface ReportDaysSource {
  invoices: ReportInvoice[];
  appointments: ReportAppointment[];
  timeZone: string | undefined;
}

/** Days built in one transaction: a month first (the large salon's holds a write for about 0.3 s), then adapted. */
const FIRST_BUILD_DAYS = 31;
const MAX_BUILD_DAYS = 512;
const QUICK_CHUNK_MS = 50;
const SLOW_CHUNK_MS = 200;

const daysTable = (db: SalonDb) => db.table<ReportDayRecord, string>(REPORT_DAYS);

/** Splits the rows of a source into its days from..to: each paid invoice on the day it counts on, with its appointment. */
function dayContents(source: ReportSource, from: string, to: string, timeZone: string): Map<string, ReportDayContent> {
  const appointments = new Map<string, AppointmentRow>(source.appointments.map((a) => [a.id, a]));
  const days = new Map<string, ReportDayContent>();
  for (let day = from; day <= to; day = addDays(day, 1)) days.set(day, { invoices: [], appointments: [] });
  const kept = new Set<string>();
  for (const invoice of source.invoices) {
    if (!invoice.paid) continue;
    const appointment = invoice.appointmentId ? appointments.get(invoice.appointmentId) : undefined;
    const content = days.get(reportDayOf(invoice, appointment, timeZone));
    if (!content) continue;
    content.invoices.push(invoice);
    if (appointment && !kept.has(appointment.id)) {
      kept.add(appointment.id);
      content.appointments.push(appointment);
    }
  }
  return days;
}

/** Runs of consecutive days, as [from, to] pairs. */
function spansOf(days: readonly string[]): Array<[string, string]> {
  const spans: Array<[string, string]> = [];
  for (const day of days) {
    const last = spans[spans.length - 1];
    if (last && addDays(last[1], 1) === day) last[1] = day;
    else spans.push([day, day]);
  }
  return spans;
}

/**
 * Builds the days from..to from the rows in one read-write transaction over the rows and the days, so no write
 * can come between the read and the kept copy (src/db/report-days.ts deletes the days a later write changes).
 */
export async function buildReportDays(db: SalonDb, salonId: string, from: string, to: string): Promise<void> {
  const tables = ['appointments', 'invoices', 'salons', REPORT_DAYS].map((name) => db.table(name));
  const started = performance.now();
  await db.transaction('rw', tables, async () => {
    const timeZone = (await salonById(db, salonId))?.timeZone ?? null;
    const contents = dayContents(await reportSource(db, salonId, from, to), from, to, timeZone ?? SERVICE_TIME_ZONE);
    await daysTable(db).bulkPut(
      [...contents].map(([day, content]) => ({
        key: reportDayKey(salonId, day),
        timeZone,
        data: encodeReportDay(content),
        sums: encodeReportSums(daySums(day, content)),
      })),
    );
  });
  // For `npm run bench` (tests/bench/reports-page.ts): a report that opens while a chunk holds the tables waits.
  if (typeof document !== 'undefined' && typeof performance.measure === 'function')
    performance.measure(REPORT_DAYS_BUILD_SPAN, { start: started });
}

/** The browser's next idle moment (after the report paints), or the next task where there is none (Node). */
const whenIdle = (run: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
};

/** A build running per database and salon, and the days asked for meanwhile (built after it, if still missing). */
const building = new Map<string, { run: Promise<void>; asked: Set<string> }>();

/** Builds the spans a chunk at a time, as `buildSpans` says. */
async function buildChunks(db: SalonDb, salonId: string, spans: ReadonlyArray<readonly [string, string]>): Promise<void> {
  let size = FIRST_BUILD_DAYS;
  for (const [from, to] of spans) {
    for (let start = from; start <= to;) {
      const last = addDays(start, size - 1);
      const end = last < to ? last : to;
      const started = performance.now();
      await buildReportDays(db, salonId, start, end);
      const ms = performance.now() - started;
      size = ms < QUICK_CHUNK_MS ? Math.min(size * 2, MAX_BUILD_DAYS) : ms > SLOW_CHUNK_MS ? Math.max(7, size >> 1) : size;
      start = addDays(end, 1);
      await new Promise<void>((resolve) => whenIdle(resolve));
    }
  }
}

/**
 * Builds the spans, a chunk at a time with an idle moment between (a live query reading the days re-runs after
 * each chunk and must get to paint). The first chunk is a month; a quick chunk doubles the next (a quiet salon's
 * years build in a few steps) and a slow one halves it, so no chunk holds the rows' tables long. One build at a
 * time per database and salon: days asked for while one runs are built after it, those of them not kept by then.
 */
export function buildSpans(db: SalonDb, salonId: string, spans: ReadonlyArray<readonly [string, string]>): Promise<void> {
  const key = `${db.name}|${salonId}`;
  const running = building.get(key);
  if (running) {
    for (const [from, to] of spans) for (let day = from; day <= to; day = addDays(day, 1)) running.asked.add(day);
    return running.run;
  }
  const asked = new Set<string>();
  const run = (async () => {
    await buildChunks(db, salonId, spans);
    while (asked.size > 0) {
      const days = [...asked].sort();
      asked.clear();
      const kept = new Set<string>(
        await daysTable(db)
          .where(':id')
          .anyOf(days.map((day) => reportDayKey(salonId, day)))
          .primaryKeys(),
      );
      const missing = days.filter((day) => !kept.has(reportDayKey(salonId, day)));
      if (missing.length > 0) await buildChunks(db, salonId, spansOf(missing));
    }
  })().finally(() => building.delete(key));
  building.set(key, { run, asked });
  return run;
}

/**
 * The report's source over from..to: the kept days, and the days not kept (or kept for another time zone) read from
 * the rows. Those days are then built outside the caller's (live query) transaction, so the next report opens
 * from the days alone.
 */
export async function reportDaysSource(db: SalonDb, salonId: string, from: string, to: string): Promise<ReportDaysSource> {
  const [records, salon] = await Promise.all([
    daysTable(db).where(':id').between(reportDayKey(salonId, from), reportDayKey(salonId, to), true, true).toArray(),
    salonById(db, salonId),
  ]);
  const timeZone = salon?.timeZone ?? null;
  const invoices = new Map<string, ReportInvoice>();
  const appointments = new Map<string, ReportAppointment>();
  const add = (content: ReportDayContent) => {
    for (const i of content.invoices) invoices.set(i.id, i);
    for (const a of content.appointments) appointments.set(a.id, a);
  };
  const kept = new Set<string>();
  for (const record of records) {
    if ((record.timeZone ?? null) !== timeZone) continue;
    kept.add(record.key);
    add(decodeReportDay(record.data));
  }
  const missing: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (!kept.has(reportDayKey(salonId, day))) missing.push(day);
  const spans = spansOf(missing);
  // For `npm run bench`: whether a report it times opened from kept days.
  if (typeof document !== 'undefined' && typeof performance.mark === 'function')
    performance.mark(REPORT_DAYS_READ_MARK, { detail: { from, to, kept: kept.size, missing: missing.length } });
  for (const [a, b] of spans)
    for (const content of dayContents(await reportSource(db, salonId, a, b), a, b, timeZone ?? SERVICE_TIME_ZONE).values()) add(content);
  // Outside the live query's zone (a read-write transaction may not start inside it), once the page is painted.
  if (missing.length > 0) whenIdle(() => void buildSpans(db, salonId, spans).catch(() => undefined));
  return { invoices: [...invoices.values()], appointments: [...appointments.values()], timeZone: timeZone ?? undefined };
}

/**
 * After a pull: builds again the days a write deleted between the first and the last day this device keeps for the
 * salon (a device that never opened a report keeps none and builds nothing), and the days of `keep` (from..to)
 * not kept yet.
 */
export async function refreshReportDays(db: SalonDb, salonId: string, keep?: { from: string; to: string }): Promise<void> {
  const keys = await daysTable(db).where(':id').between(`${salonId}|`, `${salonId}|\uffff`, true, true).primaryKeys();
  const kept = new Set(keys);
  const missing = new Set<string>();
  const gaps = (first: string, last: string) => {
    for (let day = first; day <= last; day = addDays(day, 1)) if (!kept.has(reportDayKey(salonId, day))) missing.add(day);
  };
  if (keys.length > 0) gaps((keys[0] as string).slice(salonId.length + 1), (keys[keys.length - 1] as string).slice(salonId.length + 1));
  if (keep) gaps(keep.from, keep.to);
  if (missing.size > 0) await buildSpans(db, salonId, spansOf([...missing].sort()));
}

/** What the Report paints from: the days' sums, the appointments of the invoices they keep as rows, the salon's zone. */
export interface ReportDaysSums {
  days: ReportDaySums[];
  appointments: ReportAppointment[];
  timeZone: string | undefined;
}

/**
 * The sums of the days from..to (issue 65 item 3): the kept days' sums, and the days not kept (or kept for another time
 * zone, or kept before sums were) summed from the rows and then built, as `reportDaysSource` does for the rows.
 */
export async function reportDaysSums(db: SalonDb, salonId: string, from: string, to: string): Promise<ReportDaysSums> {
  const [records, salon] = await Promise.all([
    daysTable(db).where(':id').between(reportDayKey(salonId, from), reportDayKey(salonId, to), true, true).toArray(),
    salonById(db, salonId),
  ]);
  const timeZone = salon?.timeZone ?? null;
  const days: ReportDaySums[] = [];
  const appointments: ReportAppointment[] = [];
  const kept = new Set<string>();
  for (const record of records) {
    if ((record.timeZone ?? null) !== timeZone || record.sums === undefined) continue;
    kept.add(record.key);
    const content = decodeReportSums(record.sums);
    days.push(content.sums);
    appointments.push(...content.appointments);
  }
  const missing: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (!kept.has(reportDayKey(salonId, day))) missing.push(day);
  const spans = spansOf(missing);
  if (typeof document !== 'undefined' && typeof performance.mark === 'function')
    performance.mark(REPORT_DAYS_READ_MARK, { detail: { from, to, kept: kept.size, missing: missing.length, sums: true } });
  for (const [a, b] of spans)
    for (const [day, content] of dayContents(await reportSource(db, salonId, a, b), a, b, timeZone ?? SERVICE_TIME_ZONE)) {
      const summed = daySums(day, content);
      days.push(summed.sums);
      appointments.push(...summed.appointments);
    }
  if (missing.length > 0) whenIdle(() => void buildSpans(db, salonId, spans).catch(() => undefined));
  return { days, appointments, timeZone: timeZone ?? undefined };
}
