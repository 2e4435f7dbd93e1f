import { describe, expect, it } from 'vitest';
import { checkBooking, type BookingEnv } from './appointments';

const env = (over: Partial<BookingEnv> = {}): BookingEnv => ({
  schedule: { startAt: 480, endAt: 1200, step: 30, format: 'HH:mm' },
  today: '2026-11-22',
  canBookPast: false,
  others: [],
  ...over,
});
const line = { id: 'a', masterId: 'm1', cabinetId: null, startAt: '2026-11-23 10:00', duration: 60 };

describe('checkBooking', () => {
  it('accepts a free slot inside the hours', () => {
    expect(checkBooking(line, env())).toBeNull();
  });
  it.each([
    ['before opening', { startAt: '2026-11-23 07:30' }, 'TIME_OUT_OF_RANGE'],
    ['past closing', { startAt: '2026-11-23 19:30' }, 'TIME_OUT_OF_RANGE'],
    ['ending exactly at closing', { startAt: '2026-11-23 19:00' }, null],
    ['a past day', { startAt: '2026-11-21 10:00' }, 'PAST_DATE_NOT_ALLOWED'],
    ['today', { startAt: '2026-11-22 10:00' }, null],
  ])('%s', (_name, over, reason) => {
    expect(checkBooking({ ...line, ...over }, env())?.reason ?? null).toBe(reason);
  });
  it('lets owners book past days', () => {
    expect(checkBooking({ ...line, startAt: '2026-11-21 10:00' }, env({ canBookPast: true }))).toBeNull();
  });
  it('refuses an overlap with the same master on the start time field', () => {
    const others = [{ id: 'b', masterId: 'm1', cabinetId: null, startAt: '2026-11-23 10:30', endAt: '2026-11-23 11:30' }];
    expect(checkBooking(line, env({ others }))).toMatchObject({
      code: 'AlreadyExists',
      reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD',
      field: 'startTime',
    });
  });
});

describe('groupIdOf', async () => {
  const { groupIdOf } = await import('./appointments');
  it('keeps a given group, gives several lines the first line id, and one line alone none', () => {
    expect(groupIdOf(null, ['a', 'b'])).toBe('a');
    expect(groupIdOf('g', ['a', 'b'])).toBe('g');
    expect(groupIdOf('g', ['a'])).toBe('g');
    expect(groupIdOf(undefined, ['a'])).toBeNull();
  });
});
