import { describe, expect, it } from 'vitest';
import { dayLabel } from './day-label';

describe('dayLabel', () => {
  it("reads 'MMM D, dddd' in each language's own order (issue 22 item 8)", () => {
    expect(dayLabel('2026-11-25', 'en')).toBe('Nov 25, Wednesday');
    expect(dayLabel('2026-11-25', 'lv')).toBe('25. nov., trešdiena');
    expect(dayLabel('2026-11-25', 'ru')).toBe('25 нояб., среда');
    expect(dayLabel('2027-01-03', 'lv')).toBe('3. janv., svētdiena');
  });
});
