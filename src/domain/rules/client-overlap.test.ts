import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientOverlaps, overlapKey, type ClientOverlapBooked } from './client-overlap';

const date = '2026-03-02';
const line = (id: string, startTime: number | null, duration: number | null = 60) => ({ id, startTime, duration });
const booked = (id: string, clientId: string | null, from: string, to: string, extra: Partial<ClientOverlapBooked> = {}) => ({
  id,
  clientId,
  masterId: 'm9',
  cabinetId: null,
  startAt: `${date} ${from}`,
  endAt: `${date} ${to}`,
  ...extra,
});

describe('clientOverlaps', () => {
  it('finds two lines of one form at the same time for the same client', () => {
    const found = clientOverlaps('c1', date, [line('a', 540), line('b', 540)], []);
    expect(found).toEqual([{ kind: 'line', line: 1, other: 0, startAt: `${date} 09:00` }]);
  });

  it('lets lines that only touch pass, and a walk-in never overlaps', () => {
    expect(clientOverlaps('c1', date, [line('a', 540), line('b', 600)], [])).toEqual([]);
    expect(clientOverlaps(null, date, [line('a', 540), line('b', 540)], [booked('x', null, '09:00', '10:00')])).toEqual([]);
  });

  it('finds a booked appointment of the same client, not of others, not archived, not the one being edited', () => {
    const day = [
      booked('x', 'c2', '09:00', '10:00'),
      booked('y', 'c1', '09:30', '10:30', { archived: true }),
      booked('z', 'c1', '09:30', '10:30'),
    ];
    const found = clientOverlaps('c1', date, [line('a', 540)], day);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'booked', line: 0, appointment: { id: 'z' } });
    expect(clientOverlaps('c1', date, [line('z', 540)], day, 'z')).toEqual([]);
  });

  it('skips lines without a time or a duration', () => {
    expect(clientOverlaps('c1', date, [line('a', null), line('b', 540, null), line('c', 540)], [])).toEqual([]);
  });

  it('agrees with interval arithmetic on the first overlapping line for any two lines', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1300 }),
        fc.integer({ min: 5, max: 240 }),
        fc.integer({ min: 0, max: 1300 }),
        fc.integer({ min: 5, max: 240 }),
        (s1, d1, s2, d2) => {
          const found = clientOverlaps('c1', date, [line('a', s1, d1), line('b', s2, d2)], []);
          expect(found.length).toBe(s1 < s2 + d2 && s2 < s1 + d1 ? 1 : 0);
        },
      ),
    );
  });

  it('keys change when what overlaps changes', () => {
    const one = clientOverlaps('c1', date, [line('a', 540), line('b', 540)], []);
    const two = clientOverlaps('c1', date, [line('a', 540), line('b', 570)], []);
    expect(overlapKey(one)).not.toBe(overlapKey(two));
    expect(overlapKey([])).toBe('');
  });
});
