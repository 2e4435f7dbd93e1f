import { writeFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { signedInApp } from './app-page';
import { pageTargets } from './cpu-slowdown';
import { dragFrames } from './drag-frames';
import { TRACE_CATEGORIES } from './reports-page';
import { summary } from './stats';
import { BOOKED_SERVICE, FREE_TIME, LIGHT_DAY, lightDay, TIMETABLE_DAY } from './timetable-salon';

const CARD = '[data-testid="tt-card"]';
type Host = { __painted?: Promise<number> };

/**
 * In the page: from the release of the button named `trigger` (its pointerup) to the frame painted with a
 * new element matching `selector` (a MutationObserver sees it added; the message posted from the next
 * animation frame is handled once that frame is painted). Read the result with `painted`.
 */
async function arm(page: Page, trigger: string, selector: string) {
  await page.evaluate(
    ([trigger, selector]) => {
      (window as Host).__painted = new Promise<number>((resolve) => {
        let start = Number.NaN;
        const onUp = (e: PointerEvent) => {
          const button = (e.target as Element | null)?.closest('button');
          if (button && (button.getAttribute('aria-label') === trigger || button.textContent?.trim() === trigger)) start = e.timeStamp;
        };
        const finish = (ms: number) => {
          clearTimeout(timer);
          observer.disconnect();
          document.removeEventListener('pointerup', onUp, true);
          resolve(ms);
        };
        const timer = setTimeout(() => finish(Number.NaN), 15_000);
        const observer = new MutationObserver((records) => {
          if (Number.isNaN(start)) return;
          const added = records.some((r) =>
            [...r.addedNodes].some((n) => n instanceof Element && (n.matches(selector) || n.querySelector(selector) !== null)),
          );
          if (!added) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => finish(performance.now() - start);
            channel.port2.postMessage(null);
          });
        });
        document.addEventListener('pointerup', onUp, true);
        observer.observe(document.body, { childList: true, subtree: true });
      });
    },
    [trigger, selector] as const,
  );
}
/** How long a hand holds a mouse button down in a click, about (Playwright's click sends press and release at once). */
const PRESS_MS = 80;

/**
 * Clicks `button` as a hand does: the pointer comes to rest on it, the button is held PRESS_MS, then released.
 * With Playwright's click the release came right behind the press, so the press's own work (focus, the pressed
 * state, and Playwright's hit-target check, an elementsFromPoint that takes 4-8 ms on the busy day) ran after the
 * release's time stamp and was counted as the release's (decision 030).
 */
async function handClick(page: Page, button: Locator) {
  const box = await button.boundingBox();
  if (!box) throw new Error('the button to click is not on the screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(100);
  await page.mouse.down();
  await page.waitForTimeout(PRESS_MS);
  await page.mouse.up();
}
const painted = (page: Page) => page.evaluate(() => (window as Host).__painted as Promise<number>);

/** The real page opening the busy day: 'Previous day' from the empty day after it, to its painted cards. */
async function dayOpen(page: Page, runs: number) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByTestId('timetable-empty').waitFor();
    await page.waitForTimeout(200);
    await arm(page, 'Previous day', CARD);
    await page.getByRole('button', { name: 'Previous day' }).click();
    samples.push(await painted(page));
  }
  return samples;
}

/**
 * New Appointment driven as a user would: a free slot (`master` at `time`), the service, the start time again
 * if the cascade cleared it, then Create Appointment clicked by hand (handClick); timed from its release to the
 * painted new card (the card shows from the command's preview at the submit, decision 052, else when its
 * transaction wrote the row, before the commit: src/sync/local-echo.ts; the dialog stays until the server
 * answers, and the next booking waits for that).
 */
async function bookings(page: Page, slots: { master: string; time: string }[], traceFile?: string) {
  const samples: number[] = [];
  for (const [n, { master, time }] of slots.entries()) {
    await page.locator(`[aria-label="New appointment: ${master}, ${time}"]`).click();
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await dialog.getByRole('combobox', { name: 'Service' }).click();
    await page.getByRole('option').filter({ hasText: BOOKED_SERVICE.name }).click();
    const startTime = dialog.getByRole('button', { name: /Start time/ });
    if (!(await startTime.textContent())?.includes(time)) {
      await startTime.click();
      await page.getByRole('option', { name: time, exact: true }).click();
    }
    await page.waitForTimeout(200);
    await arm(page, 'Create Appointment', CARD);
    // BENCH_BOOKING_TRACE=<file>: a Chrome trace of the busy day's fifth booking (tests/bench/README.md).
    const tracing = n === 4 && traceFile ? page.context().browser() : null;
    await tracing?.startTracing(page, { categories: TRACE_CATEGORIES });
    await handClick(page, dialog.getByRole('button', { name: 'Create Appointment' }));
    samples.push(await painted(page));
    if (tracing) writeFileSync(traceFile as string, await tracing.stopTracing());
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
  }
  return samples;
}

const masterName = (n: number) => `Master ${String(n).padStart(2, '0')}`;
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Opens `date` on the appointments page and waits for its `cards` (the first time: until the sync has them). */
async function openDay(page: Page, url: string, date: string, cards: number) {
  await page.goto(`${url}/salon/appointments?date=${date}`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="tt-card"]').length >= n, cards, { timeout: 60_000 });
}

/**
 * The real app (/salon/appointments, signed in, mirror synced). On the busy day: opening it, `bookings`
 * bookings (master n at 21:15) and drag frames. On the light day: as many bookings (its three masters
 * from 10:00 every 30 minutes), the same path with a small grid to re-render.
 */
export async function measureTimetableApp(
  browser: Browser,
  url: string,
  login: { email: string; password: string },
  date: string,
  options = { dayOpens: 5, bookings: 20 },
) {
  const page = await signedInApp(browser, url, login);
  await page.waitForURL('**/salon/appointments');
  await openDay(page, url, date, TIMETABLE_DAY.masters * TIMETABLE_DAY.appointmentsPerMaster);
  const open = await dayOpen(page, options.dayOpens);
  const count = Math.min(options.bookings, TIMETABLE_DAY.masters);
  const busy = await bookings(
    page,
    Array.from({ length: count }, (_, i) => ({ master: masterName(i + 1), time: FREE_TIME })),
    process.env.BENCH_BOOKING_TRACE,
  );
  const drag = await dragFrames(page);
  await openDay(page, url, lightDay(date), LIGHT_DAY.masters * LIGHT_DAY.appointmentsPerMaster);
  const light = await bookings(
    page,
    Array.from({ length: count }, (_, i) => ({
      master: masterName((i % LIGHT_DAY.masters) + 1),
      time: clock(600 + 30 * Math.floor(i / LIGHT_DAY.masters)),
    })),
  );
  await page.context().close();
  return {
    dayOpen: summary(open),
    createToPaintedCard: { busyDay: summary(busy), lightDay: summary(light), targetP95Ms: pageTargets().createToPaintedCardP95Ms },
    dragFrames: drag,
  };
}
