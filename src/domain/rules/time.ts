/** Salon wall times 'YYYY-MM-DD HH:mm' (DESIGN.md §4). String order equals time order. */
export const WALL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A day of the calendar 'YYYY-MM-DD': the shape, and a day the month has (not 2026-02-31). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** A salon wall time 'YYYY-MM-DD HH:mm' on a day the calendar has. */
export function isWallTime(value: unknown): value is string {
  return typeof value === 'string' && WALL_TIME.test(value) && isCalendarDate(value.slice(0, 10));
}

export function addMinutes(wall: string, minutes: number): string {
  const [date, time] = wall.split(' ') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi + minutes));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
}

/** Minutes from midnight of a wall time. */
export function minutesOfDay(wall: string): number {
  // Read by position (a busy day's render calls this thousands of times): 'YYYY-MM-DD HH:mm', a date alone is 0.
  if (wall.length < 16) return 0;
  return Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));
}

export const dateOf = (wall: string) => wall.slice(0, 10);

/** Days since 1970-01-01 of a calendar date (YYYY-MM-DD). */
export const dayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
const dateOfDayNumber = (n: number): string => new Date(n * 86_400_000).toISOString().slice(0, 10);
/** The calendar date `days` after `date` (YYYY-MM-DD; negative goes back). */
export const addDays = (date: string, days: number): string => dateOfDayNumber(dayNumber(date) + days);
/** How many days from `from` to `to`, both included (YYYY-MM-DD). */
export const daysFromTo = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1;

/** Intl formats are slow to make (a tenth of a millisecond and more each) and these run on every render. */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(kind: 'date' | 'wall', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { year: 'numeric', month: '2-digit', day: '2-digit' }
        : { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    formats.set(key, (format = new Intl.DateTimeFormat('en-CA', { timeZone, ...options })));
  }
  return format;
}

/**
 * The service's own zone: a new salon's default (server/db/schema.ts), and the zone of screens that have no salon
 * (the supplier's Warehouse, the sysadmin's Statistics). Salon screens pass the salon's zone (useSalonToday).
 */
export const SERVICE_TIME_ZONE = 'Europe/Riga';

/** The salon's calendar date of an instant, 'YYYY-MM-DD' (salon time zone, DESIGN.md §3): the zone is always named. */
export function salonDate(instant: Date, timeZone: string): string {
  const parts = formatIn('date', timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The last wall time each zone was asked for, by its minute since 1970: a zone's wall time changes only per minute. */
const lastWallTimes = new Map<string, { minute: number; wall: string }>();

/** The salon's wall time of an instant, 'YYYY-MM-DD HH:mm' (every server command asks for it: one format per minute). */
export function salonWallTime(instant: Date, timeZone: string): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastWallTimes.get(timeZone);
  if (last?.minute === minute) return last.wall;
  const parts = formatIn('wall', timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const wall = `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
  lastWallTimes.set(timeZone, { minute, wall });
  return wall;
}

/**
 * The spec's shown formats (part 1 §9): 'DD.MM.YYYY' and 'DD.MM.YYYY HH:mm', the same in every language. Takes a
 * salon wall time ('YYYY-MM-DD HH:mm' or a date 'YYYY-MM-DD') or an instant, shown in salon time.
 */
export function dayText(value: string | Date): string {
  const wall = wallOf(value);
  return `${wall.slice(8, 10)}.${wall.slice(5, 7)}.${wall.slice(0, 4)}`;
}

export function dayTimeText(value: string | Date): string {
  return `${dayText(value)} ${wallOf(value).slice(11, 16)}`;
}

const wallOf = (value: string | Date): string =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\d( \d\d:\d\d)?$/.test(value) ? value : salonWallTime(new Date(value), SERVICE_TIME_ZONE);
