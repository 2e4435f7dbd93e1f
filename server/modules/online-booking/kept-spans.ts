import { and, asc, eq, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { SlotProvider } from '../../../src/domain/rules/free-slots';
import { RowSpans } from '../../../src/domain/rules/row-spans';
import { addDays } from '../../../src/domain/rules/time';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { appointments, cabinets, workingTimes } from '../../db/schema';

/**
 * A salon's free-time sources kept by this instance for its booking page's reads (issue 61 item 6): the cabinets,
 * and the working time and live appointments of the days it books, row by row. A read at a newer rev of the salon
 * asks only for the rows changed since (the (salon_id, rev) indexes the pull uses) and puts or removes them, so a
 * busy salon's writes do not make every page read go through all its months again. The booking itself never uses
 * these: it reads again under the salon's lock.
 */
export interface KeptSpans {
  cabinets: SlotProvider[];
  work: RowSpans;
  booked: RowSpans;
}

interface Kept extends KeptSpans {
  /** Every change up to this rev is in. */
  rev: number;
  /** The days kept: wall times from start (included) to end (excluded). */
  start: string;
  end: string;
  /** Updates of one salon run one after another. */
  queue: Promise<unknown>;
}

/** Per database (a process may serve two in tests), then per salon. */
const keptByDb = new WeakMap<Db, Map<string, Kept>>();
/** Salons kept at most; the least recently read goes first. */
const KEPT_SALONS = 64;

interface Row {
  id: string;
  m: string | null;
  c: string | null;
  s: string;
  e: string;
  gone: boolean;
}

const wall = (column: AnyColumn) => sql`to_char(${column}, 'YYYY-MM-DD HH24:MI')`;

/** A table's rows over start..end (all of them), or those changed after `rev` wherever they are (rev given). */
async function rowsIn(db: Db, table: typeof appointments | typeof workingTimes, salonId: string, start: string, end: string, rev?: number) {
  const gone =
    table === appointments
      ? sql`(${appointments.deletedAt} is not null or ${appointments.archived})`
      : sql`(${workingTimes.deletedAt} is not null)`;
  const where =
    rev === undefined
      ? sql`${table.salonId} = ${salonId} and ${table.deletedAt} is null and ${table.startAt} < ${end} and ${table.endAt} >= ${start}`
      : sql`${table.salonId} = ${salonId} and ${table.rev} > ${rev}`;
  return rowsOf<Row>(
    await db.execute(sql`select ${table.id} as id, ${table.masterId} as m, ${table.cabinetId} as c, ${wall(table.startAt)} as s,
      ${wall(table.endAt)} as e, ${gone} as gone from ${table} where ${where}`),
  );
}

const cabinetsOf = (db: Db, salonId: string) =>
  db
    .select({ id: cabinets.id, serviceGroupIds: cabinets.serviceGroupIds })
    .from(cabinets)
    .where(and(eq(cabinets.salonId, salonId), isNull(cabinets.deletedAt)))
    .orderBy(asc(cabinets.id));

/** Puts each row where it is now, inside the days kept and live; removes it otherwise. */
function apply(spans: RowSpans, rows: Row[], start: string, end: string) {
  for (const row of rows) {
    if (row.gone || row.s >= end || row.e < start) spans.remove(row.id);
    else spans.put(row.id, [row.m, row.c], { startAt: row.s, endAt: row.e });
  }
}

async function load(db: Db, salonId: string, rev: number, start: string, end: string): Promise<Kept> {
  const entry: Kept = { rev, start, end, cabinets: [], work: new RowSpans(), booked: new RowSpans(), queue: Promise.resolve() };
  entry.cabinets = await cabinetsOf(db, salonId);
  apply(entry.work, await rowsIn(db, workingTimes, salonId, start, end), start, end);
  apply(entry.booked, await rowsIn(db, appointments, salonId, start, end), start, end);
  return entry;
}

async function catchUp(db: Db, salonId: string, entry: Kept, rev: number) {
  if (entry.rev >= rev) return;
  // Rows changed after the kept rev; any written after `rev` is read again next time (putting a row is idempotent).
  const since = entry.rev;
  entry.cabinets = await cabinetsOf(db, salonId);
  apply(entry.work, await rowsIn(db, workingTimes, salonId, entry.start, entry.end, since), entry.start, entry.end);
  apply(entry.booked, await rowsIn(db, appointments, salonId, entry.start, entry.end, since), entry.start, entry.end);
  entry.rev = Math.max(entry.rev, rev);
}

/**
 * The salon's spans as of `rev` (read before this call) over the days `today - 1` to `today + horizon + 2`, or null
 * when `from..to` asks outside them (the caller reads those itself).
 */
export async function keptSpans(
  db: Db,
  salonId: string,
  rev: number,
  today: string,
  horizonDays: number,
  from: string,
  to: string,
): Promise<KeptSpans | null> {
  const start = `${addDays(today, -1)} 00:00`;
  const end = `${addDays(today, horizonDays + 2)} 00:00`;
  if (`${addDays(from, -1)} 00:00` < start || `${addDays(to, 2)} 00:00` > end) return null;
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = new Map()));
  let entry = kept.get(salonId);
  if (!entry || entry.start > start || entry.end < end) {
    entry = await load(db, salonId, rev, start, end);
    if (kept.size >= KEPT_SALONS) kept.delete(kept.keys().next().value as string);
  } else {
    const current = entry;
    const run = current.queue.then(() => catchUp(db, salonId, current, rev));
    // A failed catch-up leaves the kept rev as it was: the next read tries again.
    current.queue = run.catch(() => undefined);
    await run;
  }
  // The most recently read salon goes last in the map's order.
  kept.delete(salonId);
  kept.set(salonId, entry);
  return entry;
}
