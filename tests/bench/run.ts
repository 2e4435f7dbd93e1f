// `npm run bench`: the figures of DESIGN.md §10 that exist so far, printed as JSON; a whole run writes docs/figures.md
// and appends itself to docs/figures-history.jsonl (tests/bench/figures-doc.ts).
// - initial JavaScript: every script Chromium loads to paint the landing page, the signed-in shell opened
//   directly, and the booking page /book/demo, gzipped (service worker off, so every script is fetched).
// - first sync of a large salon (20 000 clients, 100 000 appointments) against Dexie bulkPut of the same rows.
// - draining 500 queued commands, and a command's latency to a live query (p50/p95), on the bench page; with
//   DATABASE_URL the drain again against a server on PostgreSQL.
// - a month's report of the large salon (about 12 400 paid invoices) opened from the mirror (target 200 ms).
// - the day timetable with 30 columns and 900 appointments: first paint of cards, Create Appointment to the
//   painted card, drag frames, and react-big-calendar with the same day (tests/bench/timetable.ts).
// - offline cold start of the installed app: navigation to today's painted cards, network off (target 1 s).
// - Lighthouse's mobile audit of the landing page, median of 3 (performance 90, LCP 2.5 s; issue 23), and of the
//   booking page (performance 95, accessibility 100; issue 61).
// - a week offline: a tablet's 7 days of commands queued offline, then drained (npm run soak; target 10 s).
// - importing 20 000 clients from a file of about 2 MB on Import data, then their commands drained (target 30 s).
// - the booking page's free days of 60 and one day's free times, 30 masters, over HTTP (issue 61; target 50 ms p95).
// - the tablet profile (issue 65): first sync, Clients, Report, timetable and cold start again with each page's CPU
//   slowed BENCH_CPU_SLOWDOWN times (default 4; 1 leaves it out) under `tablet4x`, beside the targets at that speed.
// BENCH_ONLY=initialJs,lighthouse,engine,firstSync,timetable,coldStart,weekOffline,import,freeSlots (any of them, comma-separated) runs only those parts.
// BENCH_LARGEST=n lists the n largest scripts before first paint (5 by default).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { buildServer } from '../../server/main';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { BENCH_STATIC, measureEngine, prepareBenchStatic } from './engine-figures';
import { measureColdStart } from './cold-start';
import { recordRun } from './figures-doc';
import { freshDatabase } from './fresh-database';
import { BOOKING_PAGE_TARGETS, measureLighthouse } from './lighthouse';
import { measureFirstSync } from './first-sync';
import { atSlowdown, TABLET_SLOWDOWN } from './cpu-slowdown';
import { LARGE_OWNER, removeLargeInvoices, seedLargeInvoices, seedLargeSalon } from './large-salon';
import { measureReportsPage } from './reports-page';
import { measureTimetable, prepareTimetable } from './timetable';
import { measureWeekOffline } from './week-offline';
import { measureImport } from './import-clients';
import { measureFreeSlots, seedBookingSalon } from './free-slots';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PARTS = ['initialJs', 'lighthouse', 'engine', 'firstSync', 'timetable', 'coldStart', 'weekOffline', 'import', 'freeSlots'] as const;
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const unknown = ONLY.filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}`);
const wants = (part: (typeof PARTS)[number]) => ONLY.length === 0 || ONLY.includes(part);

/** Chunks of the screens that must not load with the shell: Report, Statistics, the supplier's and sysadmin's. */
const LAZY_AREAS =
  /^(salon\.reports|salon\.statistics|salon\.suppliers-list|salon\.seminars|supplier\.|revenue-chart|seminars-page|report-(?!kinds))/;

/**
 * Scripts a page loads: those requested before its first contentful paint (the initial JavaScript of
 * DESIGN.md §10) and all of them once the network settles (lazy chunks and the sync engine included).
 */
async function scriptsLoaded(page: Page, action: () => Promise<unknown>) {
  const bodies = new Map<string, Promise<Buffer>>();
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() === 'script') bodies.set(response.url(), response.body());
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const timing = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
    return performance.getEntriesByType('resource').map((r) => ({ url: r.name, start: r.startTime, fcp }));
  });
  const sizes = new Map<string, number>();
  for (const [url, body] of bodies) sizes.set(url, gzipSync(await body).length);
  const kb = (urls: string[]) => +(urls.reduce((sum, u) => sum + (sizes.get(u) ?? 0), 0) / 1024).toFixed(1);
  const beforePaint = timing.filter((r) => sizes.has(r.url) && r.start < r.fcp).map((r) => r.url);
  const largest = [...beforePaint]
    .sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0))
    .slice(0, Number(process.env.BENCH_LARGEST || 5))
    .map((url) => `${new URL(url).pathname.split('/').pop()} ${kb([url])}`);
  return {
    beforeFirstPaint: {
      files: beforePaint.length,
      kbGzip: kb(beforePaint),
      largest,
      // Issue 23 item 6: the report, statistics and supplier screens' code loads only when they open.
      lazyAreasLoaded: beforePaint.map((url) => new URL(url).pathname.split('/').pop() ?? '').filter((name) => LAZY_AREAS.test(name)),
    },
    afterSettling: { files: sizes.size, kbGzip: kb([...sizes.keys()]) },
  };
}

/** The backlog drain against a server on PostgreSQL (`bench_engine`, new for each run). */
async function drainOnPostgres(base: string) {
  const databaseUrl = await freshDatabase(base, 'bench_engine');
  const onPostgres = await buildServer({ port: 0, databaseUrl, seedDemo: true, staticDir: BENCH_STATIC, log: () => {} });
  const started = await onPostgres.start();
  try {
    const login = { email: 'owner@demo.test', password: 'demo12345' };
    return (await measureEngine(browser, started.url, login, { backlog: 500, writes: 1 })).backlogDrain;
  } finally {
    await started.stop();
  }
}

/** The figures measured in a page, which the tablet profile takes again: first sync, Clients, Report, timetable, cold start. */
async function pageFigures(busyDate: string | null) {
  const figures: Record<string, unknown> = {};
  if (wants('firstSync'))
    figures.firstSync = {
      clients: LARGE.clients,
      appointments: LARGE.appointments,
      ...(await measureFirstSync(browser, server.url, LARGE_OWNER, LARGE, async (page) => {
        // The month's invoices are written after the first sync is timed, so that figure keeps its rows.
        const invoices = await seedLargeInvoices(built.app.database, REPORT_MONTH);
        return { reportsPage: await measureReportsPage(page, server.url, REPORT_MONTH, invoices) };
      })),
    };
  if (busyDate) figures.timetable = await measureTimetable(browser, server.url, busyDate);
  if (wants('coldStart'))
    figures.coldStart = await measureColdStart(browser, server.url, { email: 'owner@demo.test', password: 'demo12345' });
  return figures;
}

buildIfNeeded();
prepareBenchStatic();
const dataDir = '.tmp/bench-data';
rmSync(dataDir, { recursive: true, force: true });
// A month of the large salon's appointments (they start on 2026-01-05, 400 a day) gets paid invoices for the report figure.
const REPORT_MONTH = '2026-03';
const LARGE = { clients: Number(process.env.BENCH_CLIENTS || 20_000), appointments: Number(process.env.BENCH_APPOINTMENTS || 100_000) };
// No automatic backup: a copy of the database taken during a run would be in its figures.
const built = await buildServer({ port: 0, dataDir, seedDemo: true, staticDir: BENCH_STATIC, log: () => {}, backups: { everyHours: 0 } });
if (wants('firstSync')) await seedLargeSalon(built.app.database, LARGE);
const TABLET = TABLET_SLOWDOWN > 1;
const busyDates = wants('timetable') ? await prepareTimetable(built.app.database, TABLET) : null;
const bookingSalon = wants('freeSlots') ? await seedBookingSalon(built.app.database) : null;
const server = await built.start();
// Other work on the machine slows every figure: its load is printed beside them.
const loadAtStart = +(loadavg()[0] ?? 0).toFixed(1);
/**
 * The CPU's own speed, to compare figures taken on different machines: a fixed loop of 10^8 additions (on
 * 2026-11-26 it took 96 ms at the start of one run and 157 at its end, with other work on the machine).
 */
function referenceLoopMs(): number {
  const t0 = performance.now();
  let sum = 0;
  for (let i = 0; i < 1e8; i++) sum += i;
  if (sum < 0) throw new Error('unreachable');
  return Math.round(performance.now() - t0);
}
const referenceAtStart = referenceLoopMs();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const figures: Record<string, unknown> = {};
  if (wants('initialJs')) {
    const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
    const page = await context.newPage();
    const landing = { ...(await scriptsLoaded(page, () => page.goto(server.url))), targetKbGzip: 120 };
    await page.getByRole('button', { name: 'Demo' }).click();
    await page.waitForURL('**/salon/appointments');
    // A signed-in start: a fresh page of the same profile opening the salon shell directly.
    const shellPage = await context.newPage();
    const shell = await scriptsLoaded(shellPage, () => shellPage.goto(`${server.url}/salon/appointments`));
    // The booking page a client opens on a phone (issue 61 item 6): a browser that never saw the panel.
    const client = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 390, height: 844 } });
    const bookingPage = await client.newPage();
    const booking = { ...(await scriptsLoaded(bookingPage, () => bookingPage.goto(`${server.url}/book/demo`))), targetKbGzip: 80 };
    await client.close();
    // Targets of issue 23 item 4, before first paint.
    figures.initialJs = { landing, signedInShell: { ...shell, targetKbGzip: 180 }, bookingPage: booking };
    await context.close();
  }
  // Before the heavy parts: Lighthouse times the page on this machine's CPU.
  if (wants('lighthouse')) {
    figures.lighthouseLanding = await measureLighthouse(server.url, CHROMIUM);
    figures.lighthouseBookingPage = await measureLighthouse(`${server.url}/book/demo`, CHROMIUM, BOOKING_PAGE_TARGETS);
  }
  if (wants('engine')) {
    Object.assign(figures, await measureEngine(browser, server.url, { email: 'owner@demo.test', password: 'demo12345' }));
    // Issue 21 item 1 asks the same drain of PostgreSQL: with DATABASE_URL, a second server on a database of its own.
    if (process.env.DATABASE_URL) figures.backlogDrainPostgres = await drainOnPostgres(process.env.DATABASE_URL);
  }
  Object.assign(figures, await pageFigures(busyDates?.desktop ?? null));
  // Issue 65: the same figures on a tablet's CPU (tests/bench/cpu-slowdown.ts), each beside its target there.
  if (TABLET && (wants('firstSync') || busyDates || wants('coldStart'))) {
    if (wants('firstSync')) await removeLargeInvoices(built.app.database);
    figures[`tablet${TABLET_SLOWDOWN}x`] = await atSlowdown(TABLET_SLOWDOWN, () => pageFigures(busyDates?.tablet ?? null));
  }
  if (wants('weekOffline')) figures.weekOffline = measureWeekOffline();
  if (bookingSalon) figures.freeSlots = await measureFreeSlots(server.url, bookingSalon, built.app.database);
  // Last: it adds 20 000 clients to the demo salon the parts before read.
  if (wants('import'))
    figures.importClients = await measureImport(browser, server.url, { email: 'owner@demo.test', password: 'demo12345' });
  figures.machine = {
    cpus: cpus().length,
    loadAverage1m: { atStart: loadAtStart, atEnd: +(loadavg()[0] ?? 0).toFixed(1) },
    referenceLoopMs: { atStart: referenceAtStart, atEnd: referenceLoopMs() },
  };
  console.log(JSON.stringify(figures, null, 2));
  // A whole run is today's figures (docs/figures.md) and a line of their history; a partial one is printed only.
  if (ONLY.length === 0) {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    recordRun({ at: new Date().toISOString(), commit, figures }, join(import.meta.dirname, '..', '..'));
  }
} finally {
  await browser.close();
  await server.stop();
}
