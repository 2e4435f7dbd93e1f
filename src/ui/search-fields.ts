import * as v from 'valibot';
import { isCalendarDate } from '../domain/rules/time';

/**
 * Fields of a page's address. The router keeps a key the page's own validation left out (it merges the raw
 * address in), so a bad value must be replaced by undefined, never just dropped: `?date=undefined` or
 * `?date=2026-02-31` opens today, not an error page. Each field stands alone, so one bad field keeps the others.
 */
export const searchDate = (value: unknown): string | undefined => (isCalendarDate(value) ? value : undefined);

export function searchField<T>(schema: v.GenericSchema<unknown, T>, value: unknown): T | undefined {
  const parsed = v.safeParse(schema, value);
  return parsed.success ? parsed.output : undefined;
}
