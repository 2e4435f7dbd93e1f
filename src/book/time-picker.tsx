import { useEffect, useMemo, useState } from 'react';
import { addDays, dayNumber } from '../domain/rules/time';
import { ask, pageErrorOf, type PageError } from './api';
import { longDay, monthTitle, weekdayNames } from './format';
import { BookingDaysDocument, BookingSlotsDocument } from './generated';
import type { Slot } from './page-types';
import type { Language, Translate } from './i18n';
import { ErrorNote } from './parts';

export interface TimeQuestion {
  slug: string;
  serviceIds: string[];
  masterId: string | null;
  manageToken?: string;
}

interface Props {
  t: Translate;
  language: Language;
  question: TimeQuestion;
  /** The salon's wall time now and how far ahead it books. */
  now: string;
  horizonDays: number;
  chosen: Slot | null;
  onChoose: (slot: Slot) => void;
}

const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;
const lastOfMonth = (date: string) => addDays(firstOfMonth(addDays(firstOfMonth(date), 31)), -1);

/**
 * A day from a month's calendar, greyed where there is no free time (bookingDays), then a time from that day's free
 * starts (bookingSlots). The first free day of the month is opened at once.
 */
export function TimePicker({ t, language, question, now, horizonDays, chosen, onChoose }: Props) {
  const today = now.slice(0, 10);
  const lastDay = addDays(today, horizonDays - 1);
  const [month, setMonth] = useState(() => firstOfMonth(chosen?.startAt ?? today));
  const [freeDays, setFreeDays] = useState<string[] | null>(null);
  const [day, setDay] = useState<string | null>(chosen?.startAt.slice(0, 10) ?? null);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [error, setError] = useState<PageError | null>(null);
  // Until the client turns a page, a month with no free time gives way to the next one.
  const [turned, setTurned] = useState(false);
  // A question lost to a dropped line is asked again when the line is back.
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(question);

  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);

  useEffect(() => {
    let live = true;
    const from = month < today ? today : month;
    const to = lastOfMonth(month) > lastDay ? lastDay : lastOfMonth(month);
    setFreeDays(null);
    setError(null);
    // A day of another month does not stay open under this one (its times would show below it).
    setDay((current) => (current?.slice(0, 7) === month.slice(0, 7) ? current : null));
    ask(BookingDaysDocument, { input: { ...question, from, to } }).then(
      ({ bookingDays }) => {
        if (!live) return;
        if (bookingDays.length === 0 && !turned && to < lastDay) return setMonth(firstOfMonth(addDays(month, 31)));
        setFreeDays(bookingDays);
        setDay((current) => (current && bookingDays.includes(current) ? current : (bookingDays[0] ?? null)));
      },
      (e: unknown) => live && setError(pageErrorOf(e)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the question is compared by its text; turning stops the search
  }, [key, month, today, lastDay, attempt]);

  useEffect(() => {
    if (!day) return setSlots(null);
    let live = true;
    setSlots(null);
    ask(BookingSlotsDocument, { input: { ...question, date: day } }).then(
      ({ bookingSlots }) => {
        if (!live) return;
        setSlots(bookingSlots);
        setError(null);
      },
      (e: unknown) => live && setError(pageErrorOf(e)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the question is compared by its text
  }, [key, day, attempt]);

  const cells = useMemo(() => {
    const first = month;
    const lead = (dayNumber(first) + 3) % 7; // 1970-01-01 was a Thursday: Monday-first column of the 1st
    const count = dayNumber(lastOfMonth(month)) - dayNumber(first) + 1;
    return [...Array<null>(lead).fill(null), ...Array.from({ length: count }, (_, i) => addDays(first, i))];
  }, [month]);
  const names = useMemo(() => weekdayNames(language), [language]);
  const turn = (to: string) => {
    setTurned(true);
    setMonth(to);
  };
  const free = new Set(freeDays ?? []);
  const canGoBack = month > firstOfMonth(today);
  const canGoOn = lastOfMonth(month) < lastDay;

  return (
    <div className="time-picker">
      <div className="month-bar">
        <button
          type="button"
          className="icon-button"
          disabled={!canGoBack}
          onClick={() => turn(firstOfMonth(addDays(month, -1)))}
          aria-label={t('book.previousMonth')}
        >
          ‹
        </button>
        <h3 aria-live="polite">{monthTitle(language, month)}</h3>
        <button
          type="button"
          className="icon-button"
          disabled={!canGoOn}
          onClick={() => turn(firstOfMonth(addDays(month, 31)))}
          aria-label={t('book.nextMonth')}
        >
          ›
        </button>
      </div>
      <div className="calendar" role="group" aria-label={t('book.chooseDay')} aria-busy={freeDays === null}>
        {names.map((name) => (
          <span key={name} className="weekday" aria-hidden>
            {name}
          </span>
        ))}
        {cells.map((date, i) =>
          date ? (
            <button
              key={date}
              type="button"
              className="day"
              data-date={date}
              disabled={!free.has(date)}
              aria-pressed={date === day}
              aria-label={longDay(language, date)}
              onClick={() => setDay(date)}
            >
              {Number(date.slice(8))}
            </button>
          ) : (
            <span key={`lead-${i}`} aria-hidden />
          ),
        )}
      </div>
      {error ? <ErrorNote t={t} error={error} /> : null}
      {freeDays !== null && freeDays.length === 0 ? (
        <p className="note">{t(canGoOn ? 'book.noFreeDaysTryNext' : 'book.noFreeDays')}</p>
      ) : null}
      {day ? (
        <section className="times" aria-label={t('book.freeTimes', { day: longDay(language, day) })}>
          <h3>{longDay(language, day)}</h3>
          {slots === null ? (
            error ? null : (
              <p className="note">{t('book.loading')}</p>
            )
          ) : slots.length === 0 ? (
            <p className="note">{t('book.noFreeTimes')}</p>
          ) : (
            <div className="time-grid">
              {slots.map((slot) => (
                <button
                  key={slot.startAt}
                  type="button"
                  className="time"
                  aria-pressed={chosen?.startAt === slot.startAt}
                  onClick={() => onChoose(slot)}
                >
                  {slot.startAt.slice(11, 16)}
                </button>
              ))}
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}
