import { ID_PATTERN } from '../domain/ids';
import { isCalendarDate } from '../domain/rules/time';

/**
 * Fields of a page's address. The router keeps a key the page's own validation left out (it merges the raw
 * address in), so a bad value must be replaced by undefined, never just dropped: `?date=undefined` or
 * `?date=2026-02-31` opens today, not an error page. Each field stands alone, so one bad field keeps the others.
 * Plain checks, not schemas: the routes' address checks are in the start chunk, which carries no schema library
 * (decision 048).
 */
export const searchDate = (value: unknown): string | undefined => (isCalendarDate(value) ? value : undefined);

/** One of `choices`. */
export const searchChoice = <T extends string>(choices: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (choices as readonly string[]).includes(value) ? (value as T) : undefined;

/** A text of at most `maxLength` characters. */
export const searchText = (value: unknown, maxLength: number): string | undefined =>
  typeof value === 'string' && value.length <= maxLength ? value : undefined;

/** A row's id (src/domain/ids.ts). */
export const searchId = (value: unknown): string | undefined => (typeof value === 'string' && ID_PATTERN.test(value) ? value : undefined);

/** Row ids joined by commas (a multi-select filter), '' for none chosen, at most `max`; any bad one drops the field. */
export const searchIds = (value: unknown, max = 50): string | undefined =>
  value === '' || (typeof value === 'string' && value.split(',').length <= max && value.split(',').every((id) => ID_PATTERN.test(id)))
    ? value
    : undefined;

export const searchBoolean = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
