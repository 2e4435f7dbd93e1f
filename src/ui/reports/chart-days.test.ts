import { describe, expect, it } from 'vitest';
import { dayBarsRange } from './chart-days';

describe('dayBarsRange', () => {
  it('reaches half a day past the first and the last day, so their bars are whole', () => {
    const first = Date.UTC(2026, 11, 1) / 1000;
    const last = Date.UTC(2026, 11, 31) / 1000;
    expect(dayBarsRange(first, last)).toEqual([Date.UTC(2026, 10, 30, 12) / 1000, Date.UTC(2026, 11, 31, 12) / 1000]);
  });
});
