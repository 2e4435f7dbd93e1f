import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findOverlap, overlaps } from './overlap';
import { addMinutes } from './time';

const at = (m: number) => addMinutes('2026-03-01 00:00', m);
const span = (s: number, e: number) => ({ startAt: at(s), endAt: at(e) });

describe('overlaps', () => {
  it.each([
    [[60, 120], [90, 150], true],
    [[60, 120], [120, 180], false],
    [[60, 120], [0, 60], false],
    [[60, 120], [70, 80], true],
    [[60, 120], [0, 1440], true],
  ])('%o and %o → %s', (a, b, expected) => {
    expect(overlaps(span(a[0] as number, a[1] as number), span(b[0] as number, b[1] as number))).toBe(expected);
  });

  it('matches integer interval arithmetic, symmetrically, across midnight and month ends', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * 24 * 40 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 60 * 24 * 40 }),
        fc.integer({ min: 1, max: 600 }),
        (s1, d1, s2, d2) => {
          const expected = s1 < s2 + d2 && s2 < s1 + d1;
          expect(overlaps(span(s1, s1 + d1), span(s2, s2 + d2))).toBe(expected);
          expect(overlaps(span(s2, s2 + d2), span(s1, s1 + d1))).toBe(expected);
        },
      ),
    );
  });
});

describe('findOverlap', () => {
  const base = { id: 'a', masterId: 'm1', cabinetId: null, ...span(600, 660) };
  it('finds the same master at an overlapping time, not itself, not archived ones, not other masters', () => {
    expect(findOverlap(base, [{ ...base }])).toBeNull();
    expect(findOverlap(base, [{ ...base, id: 'b', archived: true }])).toBeNull();
    expect(findOverlap(base, [{ ...base, id: 'b', masterId: 'm2' }])).toBeNull();
    expect(findOverlap(base, [{ ...base, id: 'b', ...span(630, 700) }])?.id).toBe('b');
    expect(findOverlap(base, [{ ...base, id: 'b', ...span(660, 700) }])).toBeNull();
  });
  it('finds the same cabinet too', () => {
    const c = { id: 'c', masterId: 'm2', cabinetId: 'k1', ...span(600, 660) };
    expect(findOverlap(c, [{ id: 'd', masterId: 'm3', cabinetId: 'k1', ...span(650, 700) }])?.id).toBe('d');
  });
});
