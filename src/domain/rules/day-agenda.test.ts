import { describe, expect, it } from 'vitest';
import type { AppointmentRow } from '../entities';
import { agendaOf, swipeDays } from './day-agenda';

const row = (id: string, startAt: string, masterId: string | null, cabinetId: string | null = null): AppointmentRow => ({
  id,
  salonId: 's',
  masterId,
  cabinetId,
  clientId: null,
  serviceId: 'svc',
  authorId: null,
  authorRole: 'ADMIN',
  startAt,
  endAt: startAt,
  duration: 30,
  notes: '',
  groupId: null,
  archived: false,
  membershipId: null,
  createdAt: '2026-12-01T00:00:00Z',
});
const names = new Map([
  ['m1', 'Zane'],
  ['m2', 'Anna'],
  ['c1', 'Room B'],
  ['c2', 'Room A'],
]);

describe('agendaOf', () => {
  it('orders by start, then master name, then cabinet name, then id', () => {
    const day = [
      row('x3', '2026-12-05 10:00', 'm1'),
      row('x1', '2026-12-05 09:00', 'm1'),
      row('x2', '2026-12-05 10:00', 'm2'),
      row('x5', '2026-12-05 11:00', null, 'c1'),
      row('x4', '2026-12-05 11:00', null, 'c2'),
      row('x7', '2026-12-05 12:00', 'm2'),
      row('x6', '2026-12-05 12:00', 'm2'),
    ];
    expect(agendaOf(day, names, null, 'lv').map((a) => a.id)).toEqual(['x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'x7']);
  });

  it('keeps only the given masters, leaving out cabinet-only bookings', () => {
    const day = [row('a', '2026-12-05 09:00', 'm1'), row('b', '2026-12-05 09:30', 'm2'), row('c', '2026-12-05 10:00', null, 'c1')];
    expect(agendaOf(day, names, ['m2'], 'en').map((a) => a.id)).toEqual(['b']);
    expect(agendaOf(day, names, [], 'en')).toEqual([]);
  });

  it('does not reorder its input', () => {
    const day = [row('b', '2026-12-05 10:00', 'm1'), row('a', '2026-12-05 09:00', 'm1')];
    agendaOf(day, names, null, 'en');
    expect(day.map((a) => a.id)).toEqual(['b', 'a']);
  });
});

describe('swipeDays', () => {
  it('turns a clear sideways swipe into a day', () => {
    expect(swipeDays(-80, 10)).toBe(1);
    expect(swipeDays(90, -20)).toBe(-1);
  });

  it('ignores short and mostly vertical moves', () => {
    expect(swipeDays(-59, 0)).toBe(0);
    expect(swipeDays(80, 41)).toBe(0);
    expect(swipeDays(0, 300)).toBe(0);
  });
});
