// `npm run bench`: the figures of DESIGN.md §10 that exist so far, printed as JSON.
// - initial JavaScript: every script Chromium loads to paint the landing page, and the signed-in shell opened
//   directly, gzipped (service worker off, so every script is fetched).
// Later issues add sync, timetable and write-latency figures here.
import { gzipSync } from 'node:zlib';
import { rmSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { buildServer } from '../../server/main';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

async function scriptsLoaded(page: Page, action: () => Promise<unknown>): Promise<{ files: number; raw: number; gzip: number }> {
  const bodies: Promise<Buffer>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body());
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const all = await Promise.all(bodies);
  return { files: all.length, raw: all.reduce((s, b) => s + b.length, 0), gzip: all.reduce((s, b) => s + gzipSync(b).length, 0) };
}

buildIfNeeded();
const dataDir = '.tmp/bench-data';
rmSync(dataDir, { recursive: true, force: true });
const built = await buildServer({ port: 0, dataDir, seedDemo: true, staticDir: 'dist', log: () => {} });
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
      landing: { files: landing.files, kbGzip: +(landing.gzip / 1024).toFixed(1), kbRaw: +(landing.raw / 1024).toFixed(1) },
      signedInShell: { files: shell.files, kbGzip: +(shell.gzip / 1024).toFixed(1), kbRaw: +(shell.raw / 1024).toFixed(1) },
      targetKbGzip: 250,
    },
  };
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
  await server.stop();
}
