import type { Browser } from 'playwright-core';
import type { Database } from '../../server/db/client';
import { pageTargets } from './cpu-slowdown';
import { measureTimetableApp } from './timetable-app';
import { measureTimetablePage } from './timetable-page';
import { busyDay, seedTimetableSalon, tabletBusyDay, TIMETABLE_OWNER } from './timetable-salon';

/**
 * Seeds the busy day (30 masters, 900 appointments) a week ahead and, with the tablet profile, another three days
 * later; returns their dates.
 */
export async function prepareTimetable(database: Database, tablet: boolean): Promise<{ desktop: string; tablet: string | null }> {
  const desktop = busyDay();
  const dates = { desktop, tablet: tablet ? tabletBusyDay(desktop) : null };
  await seedTimetableSalon(database, dates.tablet ? [desktop, dates.tablet] : [desktop]);
  return dates;
}

/**
 * The timetable's figures (DESIGN.md §10, issue 5): first paint of the busy day's cards (bench page, and the
 * real page opening the day), New Appointment's Create to the painted card on the busy and a light day and
 * drag frames (real page; drag frames on the bench page too), and react-big-calendar's resource day view
 * with the same day for comparison.
 */
export async function measureTimetable(browser: Browser, url: string, date: string) {
  const page = await measureTimetablePage(browser, url, TIMETABLE_OWNER, date);
  const app = await measureTimetableApp(browser, url, TIMETABLE_OWNER, date);
  const targets = pageTargets();
  const dayOpenTarget = targets.appPageDayOpenMs === null ? {} : { targetMs: targets.appPageDayOpenMs };
  return {
    day: { date, columns: page.columns, appointments: page.appointments, cardsPainted: page.cardsPainted },
    firstPaint: {
      fromMirror: page.fromMirror,
      fedDirectly: page.fedDirectly,
      appPageDayOpen: { ...app.dayOpen, ...dayOpenTarget },
      firstRoundMs: page.firstRoundMs,
    },
    createToPaintedCard: app.createToPaintedCard,
    dragFrames: { appPage: app.dragFrames, benchPage: page.dragFrames, ...targets.dragFrames },
    // Ours at least 6 times faster: a ratio of at most 1/6 (issue 23 item 2).
    reactBigCalendar: { mountToPaint: page.reactBigCalendar, ratioOursToRbc: page.ratioOursToRbc, targetRatio: +(1 / 6).toFixed(3) },
  };
}
