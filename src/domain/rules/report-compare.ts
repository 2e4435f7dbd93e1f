import type { Cents } from './money';
import { addDays, daysFromTo } from './time';

/**
 * Periods compared (issue 59 item 6): the Report's figures beside those of the period of equal length just before
 * it, with the change in percent. Pure, so the mirror's report and any other caller agree.
 */

/** The period of as many days as `from`–`to` that ends the day before `from` (both included, YYYY-MM-DD). */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = daysFromTo(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/**
 * The change from `previous` to `current` as a fraction (0.125 is +12.5 %), rounded to a thousandth so the shown
 * percent has at most one decimal; null when the previous figure is zero (no percent of nothing).
 */
export function changeOf(current: Cents, previous: Cents): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 1000;
}
