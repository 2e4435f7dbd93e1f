/**
 * 'MMM D, dddd' of a salon date (part 1 §2) in the user's language: the short month and the day in that language's
 * own order ('Nov 25' in en, '25. nov.' in lv, '25 нояб.' in ru), then the weekday as it reads inside a date
 * (lowercase in lv and ru). Formats are made once per language.
 */
const formats = new Map<string, { monthDay: Intl.DateTimeFormat; full: Intl.DateTimeFormat }>();

export function dayLabel(date: string, language: string): string {
  let format = formats.get(language);
  if (!format) {
    format = {
      monthDay: new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
      full: new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', weekday: 'long', timeZone: 'UTC' }),
    };
    formats.set(language, format);
  }
  const at = new Date(`${date}T12:00:00Z`);
  const weekday = format.full.formatToParts(at).find((p) => p.type === 'weekday')?.value ?? '';
  return `${format.monthDay.format(at)}, ${weekday}`;
}
