import { expect, test } from '@playwright/test';
import { SettingsPage } from './pages/settings-page';
import { cellName, todayCell } from './support/calendar';
import { catalogs } from './support/i18n';
import { logInThroughApi, storeSession } from './support/session-api';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en } = catalogs;

/**
 * Today is picked in the panel's calendars on any day of a month (issue 64). The browser's clock is fixed (Playwright's
 * page.clock) on days whose previous month's grid ends with outside-month copies of them (1, 4 and 6 December 2026,
 * the first of January 2027), on a month's last day (30 November 2026, whose grid is followed by December's), and on
 * a Monday that opens its month (1 March 2027, no outside days before it). The server keeps its own clock: the test
 * only picks and reads, it sends nothing dated.
 */
const DAYS = ['2026-12-01', '2026-12-04', '2026-12-06', '2026-11-30', '2027-01-01', '2027-03-01'];

/** 'MMM D YYYY' (part 2 §9), as the range button reads a date. */
function rangeDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 15)))} ${day} ${year}`;
}

for (const date of DAYS) {
  test(`today is picked in the range picker and the day picker on ${date}`, async ({ page }) => {
    // 10:00 in the salon's zone (the context's timezoneId is Europe/Riga); time runs on from there.
    await page.clock.install({ time: new Date(`${date}T10:00:00+02:00`) });
    await storeSession(page, await logInThroughApi(page.request, DEMO.owner.email, DEMO_PASSWORD));
    expect(await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga' }).format(new Date()))).toBe(date);

    // Settings → Delete appointments: today as the first and the last day of the range.
    await page.goto('/salon/settings');
    const settings = new SettingsPage(page);
    await expect(settings.heading).toHaveText(en['screen.settings']);
    await settings.pickTodayAsRange();
    await expect(page.getByTestId('range-button')).toHaveText(new RegExp(`^${rangeDate(date)} – ${rangeDate(date)}`));

    // The timetable's day picker opens on today's month; today's cell is the shown one, and choosing it keeps today.
    await page.goto('/salon/appointments');
    const label = page.getByTestId('day-label');
    await expect(label).toBeVisible();
    const shown = await label.textContent();
    await page.getByRole('button', { name: new RegExp(`^${en['timetable.pickDay']}: `) }).click();
    const calendar = page.getByRole('dialog', { name: en['timetable.pickDay'] });
    const today = todayCell(calendar);
    await expect(today).toHaveCount(1);
    await expect(today).toBeVisible();
    await expect(today).toHaveAccessibleName(cellName(date));
    await today.click();
    await expect(calendar).toBeHidden();
    await expect(label).toHaveText(shown ?? '');
  });
}
