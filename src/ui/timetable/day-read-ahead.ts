import Dexie from 'dexie';
import type { DayData } from './day-data';

/**
 * The days next to the one shown, read ahead while the page is idle (decision 049): Next day and Previous day
 * then show their day at once, without waiting for its three reads (the day's rows, then its clients and
 * invoices). A day read ahead is given out only while no table it reads has changed since: a write to one (a
 * command, a pull, another tab) makes every day read ahead stale, the live queries' own reads take over, and the
 * days are read again when the page is next idle. The day shown is kept too, as its live reads gave it: going
 * back to the day just left (the commonest step) shows it at once, whether or not the page was idle since.
 */
interface Ahead {
  /** The writes to the day's tables seen when it was read. */
  seen: number;
  data: DayData;
}

/** The mirror tables a timetable day reads (use-timetable-day.ts). */
const DAY_TABLES = new Set([
  'appointments',
  'workingTimes',
  'clients',
  'invoices',
  'masters',
  'cabinets',
  'services',
  'serviceGroups',
  'salons',
]);
/** How many days are kept for one mirror: the day shown and the two next to it. */
const KEEP = 3;
/** How long after a write the days are read again (a pull writes page after page). */
const AFTER_WRITE_MS = 1000;

const days = new WeakMap<object, Map<string, Ahead>>();
let writes = 0;
const listeners = new Set<() => void>();
// Parts are named 'idb://<database>/<table>/<index>'.
Dexie.on('storagemutated', (parts) => {
  if (!Object.keys(parts).some((part) => DAY_TABLES.has(part.split('/')[3] ?? ''))) return;
  writes += 1;
  listeners.forEach((l) => l());
});

/** The day read ahead for `key` (its salon, date, mode, archive and language), or undefined. */
export function readAhead(db: object, key: string): DayData | undefined {
  const ahead = days.get(db)?.get(key);
  return ahead && ahead.seen === writes ? ahead.data : undefined;
}

const keptOf = (db: object) => {
  const kept = days.get(db) ?? new Map<string, Ahead>();
  days.set(db, kept);
  return kept;
};

/** Keeps `data` under `key`, last in line to go, the oldest going past KEEP. */
function keep(kept: Map<string, Ahead>, key: string, ahead: Ahead) {
  kept.delete(key);
  kept.set(key, ahead);
  while (kept.size > KEEP) kept.delete(kept.keys().next().value as string);
}

/**
 * Keeps the day shown, as the page's live reads gave it, at each of their deliveries (one that changed nothing on
 * screen, the same `data`, still says the day is as of now). Whatever they read before a write that is still being
 * re-read counts as unchanged; it is only what shows first when the day comes back, and the live reads follow.
 */
export function keepShown(db: object, key: string, data: DayData): void {
  keep(keptOf(db), key, { seen: writes, data });
}

/**
 * Reads `keys` ahead with `read` (the page's own reads, every one of them inside it), one after another, each kept
 * only if no write came meanwhile; `live` says whether the page still wants them.
 */
export async function readDaysAhead(
  db: object,
  keys: string[],
  read: (key: string) => Promise<DayData | undefined>,
  live: () => boolean = () => true,
): Promise<void> {
  const kept = keptOf(db);
  // The days still wanted and still fresh go last in line first: reading the others drops older days, not them.
  const missing = keys.filter((key) => {
    const ahead = kept.get(key);
    if (!ahead || ahead.seen !== writes) return true;
    keep(kept, key, ahead);
    return false;
  });
  for (const key of missing) {
    if (!live()) return;
    if (readAhead(db, key)) continue;
    const seen = writes;
    const data = await read(key);
    if (!data || seen !== writes || !live()) continue;
    keep(kept, key, { seen, data });
  }
}

/** Reads `keys` ahead when the page is next idle, and again after each write to their tables; returns the stop. */
export function keepReadingAhead(db: object, keys: string[], read: (key: string) => Promise<DayData | undefined>): () => void {
  let idle: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const cancelIdle = () => {
    if (idle !== null) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    idle = null;
  };
  const whenIdle = () => {
    cancelIdle();
    idle = (window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200)))(() => {
      idle = null;
      void readDaysAhead(db, keys, read, () => !stopped).catch(() => undefined);
    });
  };
  const onWrite = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(whenIdle, AFTER_WRITE_MS);
  };
  listeners.add(onWrite);
  whenIdle();
  return () => {
    stopped = true;
    listeners.delete(onWrite);
    if (timer) clearTimeout(timer);
    cancelIdle();
  };
}
