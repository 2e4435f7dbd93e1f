import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeOf, previousPeriod } from './report-compare';
import { addDays, daysFromTo } from './time';

describe('periods compared', () => {
  it('takes the period of equal length just before: a day, a week, a month across a year', () => {
    expect(previousPeriod('2026-12-04', '2026-12-04')).toEqual({ from: '2026-12-03', to: '2026-12-03' });
    expect(previousPeriod('2026-11-30', '2026-12-06')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(previousPeriod('2026-01-01', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    // 1 to 31 March 2028 is 31 days: the leap February's 29 and two days of January.
    expect(previousPeriod('2028-03-01', '2028-03-31')).toEqual({ from: '2028-01-30', to: '2028-02-29' });
  });

  it('is as long as the range and touches it, for any range', () => {
    const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('1990-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), (from, length) => {
        const to = addDays(from, length);
        const p = previousPeriod(from, to);
        expect(daysFromTo(p.from, p.to)).toBe(daysFromTo(from, to));
        expect(addDays(p.to, 1)).toBe(from);
      }),
    );
  });

  it('gives the change as a fraction to a thousandth, none from zero', () => {
    expect(changeOf(11_250, 10_000)).toBe(0.125);
    expect(changeOf(5_000, 10_000)).toBe(-0.5);
    expect(changeOf(10_000, 10_000)).toBe(0);
    expect(changeOf(1, 3)).toBe(-0.667);
    expect(changeOf(0, 2_500)).toBe(-1);
    expect(changeOf(2_500, 0)).toBeNull();
    expect(changeOf(0, 0)).toBeNull();
  });
});
