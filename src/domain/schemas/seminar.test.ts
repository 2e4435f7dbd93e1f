import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  addSeminarSchema,
  durationText,
  getSeminarsSchema,
  SEMINAR_DURATIONS,
  SEMINAR_TIMES,
  seminarFormSchema,
  seminarInput,
  type SeminarFormValues,
} from './seminar';

const FILLED: SeminarFormValues = {
  name: ' Balayage ',
  description: ' Hands-on ',
  date: '2030-03-14',
  time: 600,
  duration: 90,
  type: 'HAIRDRESSER',
  placeCount: '12',
  hasBanner: true,
};
/** The first message of each field, as the form shows it. */
const issues = (adding: boolean, visitors: number, values: Partial<Record<keyof SeminarFormValues, unknown>>) => {
  const result = v.safeParse(seminarFormSchema(adding, visitors), { ...FILLED, ...values });
  return result.success
    ? {}
    : Object.fromEntries([...result.issues].reverse().map((i) => [i.path?.map((p) => p.key).join('.'), i.message]));
};
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

describe('seminar lists', () => {
  it('offers 25 start times from 08:00 to 20:00 every 30 minutes', () => {
    expect(SEMINAR_TIMES).toHaveLength(25);
    expect(SEMINAR_TIMES.map(clock)).toEqual(
      Array.from({ length: 25 }, (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`),
    );
    expect([SEMINAR_TIMES[0], SEMINAR_TIMES.at(-1)].map((m) => clock(m as number))).toEqual(['08:00', '20:00']);
  });

  it('offers 24 durations from 30 minutes to 12 hours', () => {
    expect(SEMINAR_DURATIONS).toHaveLength(24);
    expect(SEMINAR_DURATIONS).toEqual(Array.from({ length: 24 }, (_, i) => 30 * (i + 1)));
    expect([durationText(30), durationText(90), durationText(720)]).toEqual(['00:30', '01:30', '12:00']);
  });
});

describe('the seminar form (part 2 §5)', () => {
  it('accepts a filled form, with or without a banner when editing', () => {
    expect(issues(true, 0, {})).toEqual({});
    expect(issues(false, 0, { hasBanner: false })).toEqual({});
  });

  it('requires a banner only when adding', () => {
    expect(issues(true, 0, { hasBanner: false })).toEqual({ hasBanner: 'seminar.selectFile' });
  });

  it('asks for every field', () => {
    const empty = { name: ' ', date: '', time: null, duration: null, type: null, placeCount: '' };
    expect(issues(true, 0, empty)).toEqual({
      name: 'seminar.enterName',
      date: 'seminar.invalidDate',
      time: 'seminar.invalidTime',
      duration: 'seminar.invalidDuration',
      type: 'seminar.selectType',
      placeCount: 'seminar.invalidNumber',
    });
  });

  it('refuses values off the lists and impossible dates', () => {
    expect(issues(true, 0, { time: 495, duration: 45, type: 'OTHER', date: '2030-02-30' })).toEqual({
      time: 'seminar.invalidTime',
      duration: 'seminar.invalidDuration',
      type: 'seminar.selectType',
      date: 'seminar.invalidDate',
    });
    expect(issues(true, 0, { time: 1230 })).toEqual({ time: 'seminar.invalidTime' });
    expect(issues(true, 0, { duration: 750 })).toEqual({ duration: 'seminar.invalidDuration' });
    for (const placeCount of ['0', '-1', '1.5', 'ten', '1234567', '100001']) {
      expect(issues(true, 0, { placeCount }), placeCount).toEqual({ placeCount: 'seminar.invalidNumber' });
    }
  });

  it('keeps the place count at or above the visitors already signed up', () => {
    expect(issues(false, 3, { placeCount: '3' })).toEqual({});
    expect(issues(false, 3, { placeCount: '2' })).toEqual({ placeCount: 'seminar.placeCountBelowVisitors' });
    // 0 below a visitor is the spec's message too, not "Invalid number" (issue 60 item 8).
    expect(issues(false, 1, { placeCount: '0' })).toEqual({ placeCount: 'seminar.placeCountBelowVisitors' });
    expect(issues(false, 1, { placeCount: '100000' })).toEqual({});
    expect(issues(false, 0, { placeCount: '1' })).toEqual({});
  });

  it("builds the API input: trimmed texts, 'YYYY-MM-DD HH:mm', a numeric place count", () => {
    expect(seminarInput(FILLED)).toEqual({
      name: 'Balayage',
      description: 'Hands-on',
      type: 'HAIRDRESSER',
      duration: 90,
      placeCount: 12,
      startAt: '2030-03-14 10:00',
    });
    expect(seminarInput({ ...FILLED, time: 480 }).startAt).toBe('2030-03-14 08:00');
    expect(seminarInput({ ...FILLED, time: 1200 }).startAt).toBe('2030-03-14 20:00');
    expect(v.safeParse(addSeminarSchema, seminarInput(FILLED)).success).toBe(true);
  });
});

describe('the server inputs', () => {
  const valid = { name: 'Cut', type: 'ALL', duration: 30, placeCount: 1, startAt: '2030-03-14 08:00' };
  const first = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input);
    return result.success ? null : [result.issues[0]?.path?.map((p) => p.key).join('.'), result.issues[0]?.message];
  };

  it('checks startAt: a real day, at a listed time, in the exact format', () => {
    expect(first(addSeminarSchema, valid)).toBeNull();
    expect(first(addSeminarSchema, { ...valid, startAt: '2020-01-01 20:00' })).toBeNull();
    expect(first(addSeminarSchema, { ...valid, startAt: '2030-03-14 08:15' })).toEqual(['startAt', 'seminar.invalidTime']);
    expect(first(addSeminarSchema, { ...valid, startAt: '2030-03-14 07:30' })).toEqual(['startAt', 'seminar.invalidTime']);
    expect(first(addSeminarSchema, { ...valid, startAt: '2030-03-14T08:00' })).toEqual(['startAt', 'seminar.invalidTime']);
    expect(first(addSeminarSchema, { ...valid, startAt: '2030-03-14 08:00:00' })).toEqual(['startAt', 'seminar.invalidTime']);
    expect(first(addSeminarSchema, { ...valid, startAt: '2030-02-29 08:00' })).toEqual(['startAt', 'seminar.invalidDate']);
    expect(first(addSeminarSchema, { ...valid, startAt: null })).toEqual(['startAt', 'seminar.invalidDate']);
  });

  it('checks the other fields on their names', () => {
    expect(first(addSeminarSchema, { ...valid, name: null })).toEqual(['name', 'seminar.enterName']);
    expect(first(addSeminarSchema, { ...valid, name: 'x'.repeat(201) })).toEqual(['name', 'validation.text.tooLong']);
    expect(first(addSeminarSchema, { ...valid, duration: 0 })).toEqual(['duration', 'seminar.invalidDuration']);
    expect(first(addSeminarSchema, { ...valid, type: 'OTHER' })).toEqual(['type', 'seminar.selectType']);
    expect(first(addSeminarSchema, { ...valid, placeCount: 0 })).toEqual(['placeCount', 'seminar.invalidNumber']);
    expect(first(addSeminarSchema, { ...valid, placeCount: 2.5 })).toEqual(['placeCount', 'seminar.invalidNumber']);
  });

  it('pages getSeminars by at most 20', () => {
    expect(v.parse(getSeminarsSchema, {})).toEqual({ search: '', first: 20, after: null });
    expect(v.parse(getSeminarsSchema, { search: '  Cut ', first: null })).toMatchObject({ search: 'Cut', first: 20 });
    expect(first(getSeminarsSchema, { first: 21 })).toEqual(['first', 'validation.number.invalid']);
    expect(first(getSeminarsSchema, { first: 0 })).toEqual(['first', 'validation.number.invalid']);
  });
});
