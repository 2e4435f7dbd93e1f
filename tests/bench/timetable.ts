import type { Browser } from 'playwright-core';
import type { Database } from '../../server/db/client';
import { measureTimetableApp } from './timetable-app';
import { measureTimetablePage } from './timetable-page';
import { busyDay, seedTimetableSalon, TIMETABLE_OWNER } from './timetable-salon';

/** Seeds the busy day (30 masters, 900 appointments) a week ahead; returns its date. */
export async function prepareTimetable(database: Database): Promise<string> {
  const date = busyDay();
  await seedTimetableSalon(database, date);
  return date;
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
  return {
    day: { date, columns: page.columns, appointments: page.appointments, cardsPainted: page.cardsPainted },
    firstPaint: {
      fromMirror: page.fromMirror,
      fedDirectly: page.fedDirectly,
      appPageDayOpen: { ...app.dayOpen, targetMs: 100 },
      firstRoundMs: page.firstRoundMs,
    },
    createToPaintedCard: app.createToPaintedCard,
    dragFrames: { appPage: app.dragFrames, benchPage: page.dragFrames, targetP95Ms: 16.7, targetMissedVsync: 0 },
    // Ours at least 6 times faster: a ratio of at most 1/6 (issue 23 item 2).
    reactBigCalendar: { mountToPaint: page.reactBigCalendar, ratioOursToRbc: page.ratioOursToRbc, targetRatio: +(1 / 6).toFixed(3) },
  };
}
