import { errorSummary } from '../error-summary';
import type { Database } from './client';

/** How often PGlite's tables are vacuumed and analysed while the server runs. */
export const MAINTENANCE_EVERY_MS = 60 * 60 * 1000;

/**
 * PGlite's stand-in for autovacuum (PGlite runs as a standalone backend, without one): the tables are analysed
 * when the server starts, before it answers, and vacuumed and analysed every hour after. Without statistics the
 * planner takes a salon's rows for a few dozen: the pull's window over 100 000 appointments read every one of them
 * and sorted them (110 ms a page) where the (salon_id, rev) index gives the first 5 001 in order (10 to 20 ms).
 * On 2026-11-27 `analyze` took 352 ms and `vacuum (analyze)` 339 to 402 ms on the bench's large salon (120 000
 * rows); every query waits meanwhile, as PGlite runs one at a time. Returns the stop.
 */
export async function startMaintenance(database: Database, log: (line: string) => void, everyMs = MAINTENANCE_EVERY_MS) {
  if (database.kind !== 'pglite') return async () => undefined;
  const run = async (what: 'analyze' | 'vacuum') => {
    const started = performance.now();
    try {
      await database.maintain(what);
      log(`[db] ${what} in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      log(`[db] ${what} failed: ${errorSummary(error)}`);
    }
  };
  await run('analyze');
  let running: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  // Each vacuum is timed from the end of the last one: they never overlap.
  const next = () => {
    timer = setTimeout(() => {
      running = run('vacuum').then(() => {
        if (!stopped) next();
      });
    }, everyMs);
    timer.unref();
  };
  next();
  // The stop waits for a vacuum under way, so the database closes after it.
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
