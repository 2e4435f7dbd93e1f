import type { Locator, Page } from '@playwright/test';

/**
 * Today's cell of a calendar in `scope`, among the days of the months shown. A calendar's grid also draws the days of
 * the weeks it shares with the months beside it (outside-month cells, hidden and disabled): in the first days of a
 * month the previous month's grid holds a hidden copy of today, which a click never reaches (issue 64).
 */
export function todayCell(scope: Page | Locator): Locator {
  return scope.locator('.calendar-cell[data-today]:not([data-outside-month])');
}

/** A day as a calendar's cells name it: 'Monday, 23 November 2026' (or 'November 23, 2026' in en-US order). */
export function cellName(date: string): RegExp {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const monthName = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 15)));
  return new RegExp(`(^|, )\\w+,? (${day} ${monthName} ${year}|${monthName} ${day}, ${year})( selected)?$`);
}
