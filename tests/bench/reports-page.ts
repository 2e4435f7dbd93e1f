import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { REPORT_DAYS_BUILD_SPAN, REPORT_DAYS_READ_MARK } from '../../src/db/report-days';
import { previousPeriod } from '../../src/domain/rules/report-compare';
import { PULL_SPANS } from '../../src/sync/timing';
import { pageTargets } from './cpu-slowdown';
import { percentiles } from './stats';

/** The main thread's tasks, its JavaScript samples and IndexedDB's events: what DevTools' Performance panel shows. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink',
  'loading',
  'IndexedDB',
];

/**
 * A month's report of the large salon from the mirror (issue 17 item 8; target 200 ms): in the page that synced
 * the salon, after its next pull brought the month's invoices, the Report link is clicked from the timetable and
 * the time to the painted tiles and groups is taken in the page (click → first frame with the groups): once as the
 * month's first report on the device, then five times from the kept days, as a device that has opened the month
 * before does: every day it keeps built (the month's, the previous period's the page compares with, and the days the
 * engine keeps after a pull), and the page's start pull ended before the click. `daysRead` says, per report the
 * page read while opening, how many of its days were kept and how many it read from the rows.
 */
export async function measureReportsPage(page: Page, url: string, month: string, invoices: number) {
  // The app pulls on start: a reload brings the invoices written after the first sync.
  await page.goto(`${url}/salon/appointments`);
  await untilInPage(
    page,
    async (expected) => {
      // The mirror of the large salon's owner (src/db/salon-db.ts names it by user id).
      const name = `salon-panel-${'f'.repeat(24)}`;
      if (!(await indexedDB.databases()).some((d) => d.name === name)) return 'no mirror yet';
      return new Promise<true | string>((resolve) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('invoices')) {
            db.close();
            resolve('no invoices table yet');
            return;
          }
          const count = db.transaction('invoices').objectStore('invoices').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result >= expected || `${count.result} of ${expected} invoices`);
          };
        };
      });
    },
    invoices,
    300_000,
  );
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  const range = `${month}-01,${month}-${String(last).padStart(2, '0')}`;
  const samples: number[] = [];
  let groups = 0;
  let firstOpenMs = Number.NaN;
  const opens: { ms: number; buildsWhileOpening: { count: number; ms: number }; daysRead: unknown[] }[] = [];
  // Open 0 is the month's first report on this device: it reads the rows and builds the month's days (decision
  // 040). The bench then waits until every day is kept, and opens 1 to 5 are the figure.
  const monthRange = { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
  for (let k = 0; k < 6; k++) {
    if (k === 1) await daysKept(page, [monthRange, previousPeriod(monthRange.from, monthRange.to)]);
    await page.goto(`${url}/salon/appointments`);
    // The app pulls on start; the report opens after that pull (it writes nothing when nothing changed).
    await page.waitForFunction((name) => performance.getEntriesByName(name, 'measure').length > 0, PULL_SPANS.all, {
      timeout: 120_000,
      polling: 50,
    });
    await page.evaluate((r) => {
      sessionStorage.setItem('salon-panel.area.reports.range', r);
      sessionStorage.setItem('salon-panel.area.reports.kind', 'all');
    }, range);
    await page.getByRole('navigation').getByRole('link', { name: 'Report', exact: true }).waitFor();
    // BENCH_REPORT_TRACE=<file>: a Chrome trace of the third open from the kept days (tests/bench/README.md), to see where it goes.
    const tracing = k === 3 && process.env.BENCH_REPORT_TRACE ? page.context().browser() : null;
    await tracing?.startTracing(page, { categories: TRACE_CATEGORIES });
    const measured = page.evaluate(
      ([buildSpan, readMark]) =>
        new Promise<{ ms: number; groups: number; builds: { count: number; ms: number }; daysRead: unknown[] }>((resolve) => {
          const link = [...document.querySelectorAll('nav a')].find((a) => a.textContent?.trim() === 'Report') as HTMLElement;
          const t0 = performance.now();
          link.click();
          const look = () => {
            const found = document.querySelectorAll('[data-testid="report-group"]');
            // Report days built from the rows while the report opened (src/db/queries/report-days.ts).
            const builds = (end: number) => {
              const during = performance
                .getEntriesByName(buildSpan, 'measure')
                .filter((e) => e.startTime < end && e.startTime + e.duration > t0);
              return { count: during.length, ms: Math.round(during.reduce((sum, e) => sum + e.duration, 0)) };
            };
            // Each report's read of its days while it opened (src/db/queries/report-days.ts): kept, or read from the rows.
            const daysRead = () =>
              performance
                .getEntriesByName(readMark, 'mark')
                .filter((e) => e.startTime >= t0)
                .map((e) => (e as PerformanceMark).detail as unknown);
            const done = (ms: number, groups: number) => resolve({ ms, groups, builds: builds(performance.now()), daysRead: daysRead() });
            if (found.length > 0) requestAnimationFrame(() => done(performance.now() - t0, found.length));
            else if (performance.now() - t0 > 30_000) done(Number.NaN, 0);
            else requestAnimationFrame(look);
          };
          look();
        }),
      [REPORT_DAYS_BUILD_SPAN, REPORT_DAYS_READ_MARK] as const,
    );
    const { ms, groups: shown, builds, daysRead } = await measured;
    if (tracing) writeFileSync(process.env.BENCH_REPORT_TRACE as string, await tracing.stopTracing());
    opens.push({ ms: Math.round(ms), buildsWhileOpening: builds, daysRead });
    if (k === 0) firstOpenMs = ms;
    else samples.push(ms);
    groups = shown;
  }
  // What the report's reads alone cost: raw IndexedDB getAll of the month's appointments and of the invoices the
  // report reads around it (src/db/queries/reports.ts), in the same page, without Dexie, React or the report function.
  const rawReadMs = await page.evaluate(
    async ({ from, to }) => {
      const name = `salon-panel-${'f'.repeat(24)}`;
      const salon = 'e'.repeat(24);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const time = (store: string, index: string, range: IDBKeyRange) =>
        new Promise<{ rows: number; ms: number }>((resolve) => {
          const t0 = performance.now();
          const req = db.transaction(store).objectStore(store).index(index).getAll(range);
          req.onsuccess = () => resolve({ rows: req.result.length, ms: +(performance.now() - t0).toFixed(1) });
        });
      const appointments = await time(
        'appointments',
        '[salonId+startAt]',
        IDBKeyRange.bound([salon, `${from} 00:00`], [salon, `${to} 23:59`]),
      );
      const invoicesRead = await time(
        'invoices',
        '[salonId+createdAt]',
        IDBKeyRange.bound([salon, `${from}T00:00`], [salon, `${to}T23:59`]),
      );
      db.close();
      return { appointments, invoices: invoicesRead };
    },
    { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` },
  );
  return {
    month,
    invoices,
    groups,
    firstOpenMs: +firstOpenMs.toFixed(1),
    openMs: percentiles(samples),
    opens,
    rawReadMs,
    targetMs: pageTargets().reportMs,
  };
}

/**
 * Waits until the mirror keeps a report day for every day of the ranges, and the engine's kept days have no gap
 * from the first to the last and reach this month (src/db/queries/report-days.ts refreshReportDays builds them when
 * the page is idle): then nothing is left to build while the report opens.
 */
async function daysKept(page: Page, ranges: ReadonlyArray<{ from: string; to: string }>) {
  await untilInPage(
    page,
    async (wanted) => {
      const name = `salon-panel-${'f'.repeat(24)}`;
      const salon = 'e'.repeat(24);
      const keys = await new Promise<string[]>((resolve) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('reportDays')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db
            .transaction('reportDays')
            .objectStore('reportDays')
            .getAllKeys(IDBKeyRange.bound(`${salon}|`, `${salon}|\uffff`));
          all.onsuccess = () => {
            db.close();
            resolve((all.result as string[]).map((k) => k.slice(salon.length + 1)));
          };
        };
      });
      const kept = new Set(keys);
      const next = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const every = (from: string, to: string) => {
        for (let day = from; day <= to; day = next(day)) if (!kept.has(day)) return false;
        return true;
      };
      const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;
      const first = keys[0] ?? '';
      const last = keys[keys.length - 1] ?? '';
      const done = keys.length > 0 && wanted.every((r) => every(r.from, r.to)) && kept.has(thisMonth) && every(first, last);
      return done || `${keys.length} days kept from ${first} to ${last}`;
    },
    ranges,
    300_000,
  );
}

/**
 * Evaluates `check` in the page every half second until it resolves true (else it says what is missing). Playwright's
 * waitForFunction does not wait for a promise its function returns (a pending promise is truthy), so an IndexedDB
 * check cannot go through it.
 */
async function untilInPage<A>(page: Page, check: (arg: A) => Promise<true | string>, arg: A, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await page.evaluate<true | string, A>(check as (arg: unknown) => Promise<true | string>, arg);
    if (answer === true) return;
    if (Date.now() > deadline) throw new Error(`not so in the page after ${timeoutMs} ms: ${answer}`);
    await page.waitForTimeout(500);
  }
}
