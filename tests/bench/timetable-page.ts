import type { Browser } from 'playwright-core';
import { benchContext } from './app-page';
import { openPage, pageTargets } from './cpu-slowdown';
import { dragFrames } from './drag-frames';
import { benchSetup } from './engine-figures';
import { summary } from './stats';

type Setup = Awaited<ReturnType<typeof benchSetup>>;
interface Round {
  mirrorMountMs: number;
  mirrorDataMs: number;
  mirrorDataAllMs: number;
  directMs: number;
  directAllMs: number;
  rbcMs: number;
  cards: { ours: number; oursAll: number; rbc: number };
}
interface TimetableBench {
  load(setup: Setup, date: string): Promise<{ providers: number; appointments: number }>;
  round(): Promise<Round>;
  show(what?: 'ours' | 'rbc'): Promise<void>;
}

/**
 * The busy day's first paint on the bench page (tests/bench/page/timetable.tsx), `rounds` times after one
 * round not counted (first compile of the code paths). Both ways of feeding the real TimetableGrid:
 * - from the mirror, the way /salon/appointments feeds it (useTimetableDay's live query over IndexedDB,
 *   pending rows from the outbox), because that is what a user waits for: `mountToPaint` from mounting, and
 *   `dataToPaint` from the render in which the query's data arrived, which is DESIGN.md §10's figure ('first
 *   paint of cards under 150 ms after data');
 * - fed the day's rows directly, from mounting: the component alone, compared with react-big-calendar's
 *   resource day view, which is handed the same rows as events (a ratio of like with like).
 * Each figure runs to the frame painted with the first cards: a new day's first frame has the cards in and
 * near the scroll box's view, and a render right after it adds the rest (decision 049); the `all` figures run
 * to the frame painted with every card of the day. react-big-calendar paints all of its events in one frame.
 * Then the drag frames on the grid fed from the mirror.
 */
export async function measureTimetablePage(
  browser: Browser,
  url: string,
  login: { email: string; password: string },
  date: string,
  rounds = 10,
) {
  const setup = await benchSetup(url, login);
  const context = await benchContext(browser);
  const page = await openPage(context);
  await page.goto(`${url}/bench-page/timetable.html`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  type Host = { timetableBench: TimetableBench };
  const day = await page.evaluate(([s, d]) => (window as unknown as Host).timetableBench.load(s, d), [setup, date] as const);
  const round = () => page.evaluate(() => (window as unknown as Host).timetableBench.round());
  const first = await round();
  const runs: Round[] = [];
  for (let i = 0; i < rounds; i++) runs.push(await round());
  await page.evaluate(() => (window as unknown as Host).timetableBench.show());
  const drag = await dragFrames(page);
  await context.close();
  const of = (key: keyof Omit<Round, 'cards'>) => runs.map((r) => r[key]);
  const ours = summary(of('directMs'));
  const rbc = summary(of('rbcMs'));
  return {
    columns: day.providers,
    appointments: day.appointments,
    cardsPainted: first.cards,
    fromMirror: {
      mountToPaint: summary(of('mirrorMountMs')),
      dataToPaint: summary(of('mirrorDataMs')),
      dataToAllCardsPainted: summary(of('mirrorDataAllMs')),
      targetMs: pageTargets().dayDataToPaintMs,
    },
    fedDirectly: { ...ours, allCardsPainted: summary(of('directAllMs')) },
    reactBigCalendar: rbc,
    ratioOursToRbc: { p50: +(ours.p50Ms / rbc.p50Ms).toFixed(2), p95: +(ours.p95Ms / rbc.p95Ms).toFixed(2) },
    ratioOursAllCardsToRbc: { p50: +(summary(of('directAllMs')).p50Ms / rbc.p50Ms).toFixed(2) },
    dragFrames: drag,
    firstRoundMs: { mirrorMount: Math.round(first.mirrorMountMs), direct: Math.round(first.directMs), rbc: Math.round(first.rbcMs) },
  };
}
