import { addDays } from '../domain/rules/time';
import type { Language, Translate } from './i18n';

/** A wall time's day as the client reads it: 'Tuesday, 8 December'. Wall times carry no zone: formatted as UTC. */
const dateOf = (wall: string) => {
  const [y, m, d] = wall.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};

export const longDay = (language: Language, wall: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(dateOf(wall));

export const monthTitle = (language: Language, date: string) =>
  new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(dateOf(date));

/** Monday-first short weekday names. */
export const weekdayNames = (language: Language) =>
  Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(dateOf(addDays('2024-01-01', i))),
  );

/** 'Tuesday, 8 December, 14:30'. */
export const when = (t: Translate, language: Language, wall: string) =>
  t('book.when', { day: longDay(language, wall), time: wall.slice(11, 16) });

export const money = (language: Language, amount: number) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(amount);

export const duration = (t: Translate, minutes: number) => t('book.duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
