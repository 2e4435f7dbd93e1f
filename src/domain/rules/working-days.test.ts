import { describe, expect, it } from 'vitest';
import { workingDays, workingDaysWindow } from './working-days';

const wt = (masterId: string | null, startAt: string) => ({ masterId, startAt });
const ap = (masterId: string | null, startAt: string, archived = false) => ({ masterId, startAt, archived });

describe('workingDays (getWorkingDays from the mirror)', () => {
  const times = [wt('m1', '2031-03-04 09:00'), wt('m2', '2031-03-05 10:00'), wt(null, '2031-03-06 09:00'), wt('m1', '2031-03-04 14:00')];
  const appointments = [
    ap('m1', '2031-03-04 09:00'),
    ap('m2', '2031-03-04 11:00'),
    ap('m1', '2031-03-04 12:00', true),
    ap('m2', '2031-03-05 10:00'),
    ap('m1', '2031-03-07 10:00'),
  ];

  it('lists the days a master works, in order, with the live appointments of the day', () => {
    expect(workingDays(times, appointments)).toEqual([
      { date: '2031-03-04', appointmentCount: 2 },
      { date: '2031-03-05', appointmentCount: 1 },
    ]);
  });

  it("for one master: that master's days and appointments only; a cabinet's working time is no master's day", () => {
    expect(workingDays(times, appointments, 'm1')).toEqual([{ date: '2031-03-04', appointmentCount: 1 }]);
    expect(workingDays(times, appointments, 'm3')).toEqual([]);
  });
});

describe('workingDaysWindow (part 1 §7, §9: today to about six months ahead)', () => {
  it.each([
    ['2026-12-06', '2026-12-01', '2026-12-31', { from: '2026-12-06', to: '2026-12-31' }],
    ['2026-12-06', '2026-11-01', '2026-11-30', null],
    ['2026-12-06', '2027-06-01', '2027-06-30', { from: '2027-06-01', to: '2027-06-07' }],
    ['2026-12-06', '2027-07-01', '2027-07-31', null],
    ['2026-12-06', '2027-01-01', '2027-01-31', { from: '2027-01-01', to: '2027-01-31' }],
  ])('on %s, %s..%s → %j', (today, from, to, expected) => {
    expect(workingDaysWindow(today, from, to)).toEqual(expected);
  });
});
