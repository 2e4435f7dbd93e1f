import { describe, expect, it } from 'vitest';
import { attendance, isLateCancel, lateCancelChoice, lateCancelHoursOf, mayMarkNoShow, outcomeCounts } from './outcomes';

const visit = (startAt: string, over: Partial<Parameters<typeof mayMarkNoShow>[0]> = {}) => ({
  clientId: 'c1',
  startAt,
  archived: false,
  outcome: null,
  ...over,
});

describe('no-shows and late cancellations (decision 079)', () => {
  it("marks as a no-show only a client's unpaid visit that has begun", () => {
    expect(mayMarkNoShow(visit('2026-12-06 10:00'), false, '2026-12-06 10:00')).toBe(true);
    expect(mayMarkNoShow(visit('2026-12-06 10:00'), false, '2026-12-06 09:59')).toBe(false);
    expect(mayMarkNoShow(visit('2026-12-06 10:00'), true, '2026-12-06 11:00')).toBe(false);
    expect(mayMarkNoShow(visit('2026-12-06 10:00', { clientId: null }), false, '2026-12-06 11:00')).toBe(false);
    expect(mayMarkNoShow(visit('2026-12-06 10:00', { outcome: 'LATE_CANCEL' }), false, '2026-12-06 11:00')).toBe(false);
  });
  it('counts a cancellation as late inside the window before a visit to come', () => {
    const now = '2026-12-06 10:00';
    expect(isLateCancel(visit('2026-12-07 10:00'), false, now, 24)).toBe(true);
    expect(isLateCancel(visit('2026-12-07 10:01'), false, now, 24)).toBe(false);
    expect(isLateCancel(visit('2026-12-06 11:00'), false, now, 2)).toBe(true);
    expect(isLateCancel(visit('2026-12-06 10:00'), false, now, 24)).toBe(false);
    expect(isLateCancel(visit('2026-12-06 11:00'), false, now, 0)).toBe(false);
    expect(isLateCancel(visit('2026-12-06 11:00'), true, now, 24)).toBe(false);
    expect(isLateCancel(visit('2026-12-06 11:00', { clientId: null }), false, now, 24)).toBe(false);
  });
  it('asks of a delete only where it can be late, ticked inside the window', () => {
    const now = '2026-12-06 10:00';
    expect(lateCancelChoice(visit('2026-12-06 11:00'), false, now, 24)).toBe(true);
    expect(lateCancelChoice(visit('2026-12-09 11:00'), false, now, 24)).toBe(false);
    expect(lateCancelChoice(visit('2026-12-06 09:00'), false, now, 24)).toBeNull();
    expect(lateCancelChoice(visit('2026-12-06 11:00'), true, now, 24)).toBeNull();
    expect(lateCancelChoice(visit('2026-12-06 11:00', { clientId: null }), false, now, 24)).toBeNull();
    expect(lateCancelChoice(visit('2026-12-06 11:00', { outcome: 'NO_SHOW' }), false, now, 24)).toBeNull();
  });
  it("takes the salon's window, 24 hours until it chose", () => {
    expect(lateCancelHoursOf(null)).toBe(24);
    expect(lateCancelHoursOf({ clientMessages: { lateCancelHours: 2 } })).toBe(2);
    expect(lateCancelHoursOf({ clientMessages: { lateCancelHours: 0 } })).toBe(0);
  });
  it('counts outcomes, and the no-show rate of the visits in a range', () => {
    const rows = [
      visit('2026-12-01 10:00', { outcome: 'NO_SHOW' }),
      visit('2026-12-02 10:00'),
      visit('2026-12-03 10:00', { outcome: 'LATE_CANCEL', archived: true }),
      visit('2026-12-04 10:00', { archived: true }),
      visit('2026-12-05 10:00', { clientId: null }),
      visit('2026-12-09 10:00', { outcome: 'NO_SHOW' }),
    ];
    expect(outcomeCounts(rows)).toEqual({ noShows: 2, lateCancels: 1 });
    const now = '2026-12-10 09:00';
    expect(attendance(rows, '2026-12-01', '2026-12-05', now)).toEqual({ noShows: 1, lateCancels: 1, visits: 3, noShowRate: 1 / 3 });
    expect(attendance(rows, '2026-12-06', '2026-12-08', now)).toEqual({ noShows: 0, lateCancels: 0, visits: 0, noShowRate: null });
    // A visit to come is not yet due: the rate is of the visits that were.
    expect(attendance(rows, '2026-12-01', '2026-12-05', '2026-12-02 10:00')).toMatchObject({ visits: 2, noShowRate: 1 / 2 });
  });
});
