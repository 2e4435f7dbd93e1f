// `npm run bench`: the figures of DESIGN.md §10 that exist so far, printed as JSON.
// - initial JavaScript: every script Chromium loads to paint the landing page, and the signed-in shell opened
//   directly, gzipped (service worker off, so every script is fetched).
// - first sync of a large salon (20 000 clients, 100 000 appointments) against Dexie bulkPut of the same rows.
// - draining 500 queued commands, and a command's latency to a live query (p50/p95), on the bench page.
// Later issues add the timetable's figures here.
import { gzipSync } from 'node:zlib';
import { rmSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { buildServer } from '../../server/main';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { BENCH_STATIC, measureEngine, prepareBenchStatic } from './engine-figures';
import { measureFirstSync } from './first-sync';
import { LARGE_OWNER, seedLargeSalon } from './large-salon';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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
  return { beforeFirstPaint: { files: beforePaint.length, kbGzip: kb(beforePaint) }, afterSettling: { files: sizes.size, kbGzip: kb([...sizes.keys()]) } };
}

buildIfNeeded();
prepareBenchStatic();
const dataDir = '.tmp/bench-data';
rmSync(dataDir, { recursive: true, force: true });
const LARGE = { clients: Number(process.env.BENCH_CLIENTS || 20_000), appointments: Number(process.env.BENCH_APPOINTMENTS || 100_000) };
const built = await buildServer({ port: 0, dataDir, seedDemo: true, staticDir: BENCH_STATIC, log: () => {} });
await seedLargeSalon(built.app.database, LARGE);
const server = await built.start();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
try {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
  const page = await context.newPage();
  const landing = await scriptsLoaded(page, () => page.goto(server.url));
  await page.getByRole('button', { name: 'Demo' }).click();
  await page.waitForURL('**/salon/appointments');
  // A signed-in start: a fresh page of the same profile opening the salon shell directly.
  const shellPage = await context.newPage();
  const shell = await scriptsLoaded(shellPage, () => shellPage.goto(`${server.url}/salon/appointments`));
  const figures = {
    initialJs: {
      landing,
      signedInShell: shell,
      targetKbGzip: 250,
    },
  };
  const engine = await measureEngine(browser, server.url, { email: 'owner@demo.test', password: 'demo12345' });
  const firstSync = await measureFirstSync(browser, server.url, LARGE_OWNER, LARGE);
  console.log(JSON.stringify({ ...figures, ...engine, firstSync: { clients: LARGE.clients, appointments: LARGE.appointments, ...firstSync } }, null, 2));
} finally {
  await browser.close();
  await server.stop();
}
