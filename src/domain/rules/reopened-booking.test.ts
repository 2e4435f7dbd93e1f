import { describe, expect, it } from 'vitest';
import type { NewAppointmentValues } from '../schemas/appointment-form';
import { reopenedValues } from './reopened-booking';

describe('reopenedValues', () => {
  const at = (id: string, startTime: number) => ({ id, master: 'm', cabinet: null, service: 's', duration: 60, startTime });
  const values: NewAppointmentValues = { client: null, date: '2026-12-05', notes: '', lines: [at('a', 600), at('b', 660)] };

  it('leaves the refused start time unselected, on one line or on every line', () => {
    expect(reopenedValues(values, { field: 'startTime' }).lines.map((l) => l.startTime)).toEqual([null, null]);
    expect(reopenedValues(values, { field: 'lines.1.startTime' }).lines.map((l) => l.startTime)).toEqual([600, null]);
  });

  it('keeps the values of other refusals as they were sent', () => {
    expect(reopenedValues(values, { field: 'client' })).toBe(values);
    expect(reopenedValues(values, null)).toBe(values);
    expect(reopenedValues(values, { field: 'startDate' })).toBe(values);
  });
});
