import type { BrowserContext, Page } from 'playwright-core';

/**
 * The tablet profile of issue 65: the page figures again with Chromium's DevTools CPU throttling
 * (Emulation.setCPUThrottlingRate), which slows each page's renderer as Lighthouse's mobile profile does. The
 * browser process (IndexedDB, the network) and service workers run at full speed, as DevTools leaves them.
 * BENCH_CPU_SLOWDOWN (default 4; 1 leaves the profile out) sets the rate.
 */
export const TABLET_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
if (!Number.isFinite(TABLET_SLOWDOWN) || TABLET_SLOWDOWN < 1) throw new Error('BENCH_CPU_SLOWDOWN: a number of at least 1');

/** The targets of the page figures on each profile (issue 65 item 1; the desktop ones from DESIGN.md §10). */
export interface PageTargets {
  createToPaintedCardP95Ms: number;
  dayDataToPaintMs: number;
  /** Desktop: the day opened on the real page; no target at a slowdown. */
  appPageDayOpenMs: number | null;
  dragFrames: { targetP95Ms: number; targetMissedVsync: number } | { targetMissedVsyncPer100: number };
  coldStartMs: number;
  reportMs: number;
  clientsFirstRowsMs: number | null;
  firstSync: { seconds: number; ratioToRawBulkPut: number } | { seconds: number };
}

const DESKTOP: PageTargets = {
  createToPaintedCardP95Ms: 16.7,
  dayDataToPaintMs: 50,
  appPageDayOpenMs: 100,
  dragFrames: { targetP95Ms: 16.7, targetMissedVsync: 0 },
  coldStartMs: 1000,
  reportMs: 200,
  clientsFirstRowsMs: null,
  firstSync: { seconds: 10, ratioToRawBulkPut: 0.9 },
};
const TABLET: PageTargets = {
  createToPaintedCardP95Ms: 33,
  dayDataToPaintMs: 120,
  appPageDayOpenMs: null,
  dragFrames: { targetMissedVsyncPer100: 1 },
  coldStartMs: 1500,
  reportMs: 400,
  clientsFirstRowsMs: 300,
  firstSync: { seconds: 25 },
};

let rate = 1;

/** Runs `measure` with every page opened by `openPage` throttled `slowdown` times; the targets follow. */
export async function atSlowdown<T>(slowdown: number, measure: () => Promise<T>): Promise<T> {
  rate = slowdown;
  try {
    return await measure();
  } finally {
    rate = 1;
  }
}

/** The targets of the profile being measured. */
export const pageTargets = (): PageTargets => (rate === 1 ? DESKTOP : TABLET);

/** A new page of `context`, throttled before its first navigation when a slowdown is on. */
export async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  if (rate !== 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  }
  return page;
}
