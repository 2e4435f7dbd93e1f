import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { percentiles } from './stats';

const CARD = '[data-testid="tt-card"]';
type Host = { __frames?: number[]; __frameEnds?: number[]; __framesOn?: boolean };

/**
 * Frame intervals (ms between animation frames) while a card of the first column is dragged with the mouse
 * across six columns and a few rows (press, 90 moves of 8 px right and 2 px down, then Escape, so nothing is
 * moved). Null with the reason while the timetable has no drag and drop. `cardFollowedPointer` tells that
 * the drag really ran (an element took a transform); `missedVsync` counts the intervals over 20 ms and
 * `missedAt` says when each ended. `onVsyncGrid` counts each interval in whole vsyncs (an idle page reads 16.6 to
 * 16.8 ms for one): its p95 is the figure beside the target of one vsync (issue 23 item 3).
 */
export async function dragFrames(page: Page) {
  const source = readdirSync('src/ui/timetable')
    .map((f) => readFileSync(`src/ui/timetable/${f}`, 'utf8'))
    .join('\n');
  if (!source.includes('useDraggable'))
    return { frames: null, p95Ms: null, reason: 'cards are not draggable yet: nothing in src/ui/timetable uses @dnd-kit useDraggable' };
  if ((await page.locator(`${CARD}[aria-roledescription]`).count()) === 0)
    return { frames: null, p95Ms: null, reason: 'the cards on this page are not draggable yet (the grid gets no onMove)' };
  await page.evaluate(() => document.querySelector('.tt-scroll')?.scrollTo(0, 0));
  const card = page.locator(CARD).nth(2);
  const box = await card.boundingBox();
  if (!box) return { frames: null, p95Ms: null, reason: 'no card on screen to drag' };
  const transformed = () =>
    page.evaluate(
      () => [...document.querySelectorAll<HTMLElement>('[style]')].filter((e) => e.style.transform && e.style.transform !== 'none').length,
    );
  const before = await transformed();
  const idle = await idleFrames(page, 90);
  await page.evaluate(() => {
    const host = window as Host;
    host.__frames = [];
    host.__frameEnds = [];
    host.__framesOn = true;
    let last = performance.now();
    const step = (now: number) => {
      host.__frames?.push(now - last);
      host.__frameEnds?.push(now);
      last = now;
      if (host.__framesOn) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 20);
  await page.mouse.move(x, y);
  const pressAt = await page.evaluate(() => performance.now());
  await page.mouse.down();
  let during = 0;
  for (let i = 1; i <= 90; i++) {
    await page.mouse.move(x + i * 8, y + i * 2);
    if (i === 45) during = await transformed();
  }
  const { frames, ends } = await page.evaluate(() => {
    const host = window as Host;
    host.__framesOn = false;
    return { frames: (host.__frames ?? []).slice(1), ends: (host.__frameEnds ?? []).slice(1) };
  });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  // Intervals come in vsync steps (16.7 ms at 60 Hz) with a tenth of a millisecond of jitter either way: the
  // frames that missed their vsync are the ones over 20 ms.
  // Each interval as a whole number of vsyncs, the vsync being the idle page's median interval: what the p95 is once
  // the timer's tenth of a millisecond is taken out (one vsync: every frame made the next vsync).
  const vsyncMs = percentiles(idle).p50Ms;
  const inVsyncs = percentiles(frames.map((f) => Math.max(1, Math.round(f / vsyncMs))));
  return {
    frames: frames.length,
    ...percentiles(frames),
    onVsyncGrid: { vsyncMs, p95Vsyncs: inVsyncs.p95Ms, p95Ms: +(inVsyncs.p95Ms * vsyncMs).toFixed(1), maxVsyncs: inVsyncs.maxMs },
    missedVsync: frames.filter((f) => f > 20).length,
    // The tablet profile's target counts them per hundred frames (issue 65).
    missedVsyncPer100: frames.length === 0 ? null : +((frames.filter((f) => f > 20).length / frames.length) * 100).toFixed(1),
    // Where they fell: each one's length and when it ended, counted from the press.
    missedAt: frames.flatMap((f, i) => (f > 20 ? [`${f.toFixed(1)} ms, ${((ends[i] ?? 0) - pressAt).toFixed(0)} ms after the press`] : [])),
    cardFollowedPointer: during > before,
    // The same page's frames with nothing happening, just before: Chromium gives animation frames' times to a tenth
    // of a millisecond, so one 16.67 ms vsync measures 16.6, 16.7 or 16.8 ms, and an idle page's p95 is 16.7 or 16.8.
    idleBeforeDrag: { frames: idle.length, ...percentiles(idle) },
  };
}

/** `count` intervals between the page's animation frames while nothing is done in it. */
function idleFrames(page: Page, count: number): Promise<number[]> {
  return page.evaluate(
    (count) =>
      new Promise<number[]>((resolve) => {
        const frames: number[] = [];
        let last: number | null = null;
        const step = (now: number) => {
          if (last !== null) frames.push(now - last);
          last = now;
          if (frames.length < count) requestAnimationFrame(step);
          else resolve(frames);
        };
        requestAnimationFrame(step);
      }),
    count,
  );
}
