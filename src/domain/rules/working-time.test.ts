import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkGenerateRanges,
  checkWorkingTime,
  clock,
  findWorkingTimeOverlap,
  freeEndOptions,
  freeStartOptions,
  plannedWorkingTimes,
  spanMinutes,
  timeOptions,
  workingRange,
  type WorkingTimeSpan,
} from './working-time';

const S30 = { startAt: 480, endAt: 1200, step: 30 };
const wt = (id: string, startAt: string, endAt: string, masterId = 'm1'): WorkingTimeSpan => ({ id, masterId, startAt, endAt });

describe('workingRange and timeOptions', () => {
  it.each([
    [
      { startAt: 480, endAt: 1200, step: 30 },
      { startAt: 480, endAt: 1200 },
    ],
    [
      { startAt: 510, endAt: 1170, step: 60 },
      { startAt: 480, endAt: 1200 },
    ],
    [
      { startAt: 0, endAt: 1430, step: 60 },
      { startAt: 0, endAt: 1440 },
    ],
    [
      { startAt: 525, endAt: 1200, step: 15 },
      { startAt: 525, endAt: 1200 },
    ],
  ])('%o → %o', (schedule, expected) => {
    expect(workingRange(schedule)).toMatchObject(expected);
  });

  it('lists the range by step, both ends included', () => {
    expect(timeOptions({ startAt: 480, endAt: 600, step: 60 })).toEqual([480, 540, 600]);
    expect(timeOptions({ startAt: 480, endAt: 540, step: 15 }).map(clock)).toEqual(['08:00', '08:15', '08:30', '08:45', '09:00']);
  });
});

describe('spanMinutes', () => {
  it.each([
    [
      { startAt: '2030-01-02 08:00', endAt: '2030-01-02 09:30' },
      { date: '2030-01-02', start: 480, end: 570 },
    ],
    [
      { startAt: '2030-01-02 23:00', endAt: '2030-01-03 00:00' },
      { date: '2030-01-02', start: 1380, end: 1440 },
    ],
    [{ startAt: '2030-01-02 23:00', endAt: '2030-01-03 01:00' }, null],
  ])('%o → %o', (span, expected) => {
    expect(spanMinutes(span)).toEqual(expected);
  });
});

describe('checkWorkingTime', () => {
  const others = [wt('a', '2030-01-02 10:00', '2030-01-02 12:00'), wt('b', '2030-01-02 10:00', '2030-01-02 12:00', 'm2')];
  it.each([
    ['a free span', wt('x', '2030-01-02 08:00', '2030-01-02 10:00'), null],
    ['touching the next one', wt('x', '2030-01-02 12:00', '2030-01-02 13:00'), null],
    ['end equal to start', wt('x', '2030-01-02 09:00', '2030-01-02 09:00'), 'workingTime.endBeforeStart'],
    ['end before start', wt('x', '2030-01-02 09:00', '2030-01-02 08:30'), 'workingTime.endBeforeStart'],
    ['overlapping the same master', wt('x', '2030-01-02 11:00', '2030-01-02 13:00'), 'workingTime.overlaps'],
    ['the edited one itself', wt('a', '2030-01-02 10:30', '2030-01-02 12:30'), null],
    ['before the salon opens', wt('x', '2030-01-02 07:30', '2030-01-02 09:00'), 'workingTime.outOfRange'],
    ['after the salon closes', wt('x', '2030-01-02 19:00', '2030-01-02 20:30'), 'workingTime.outOfRange'],
    ['off the step', wt('x', '2030-01-02 08:10', '2030-01-02 09:00'), 'workingTime.outOfRange'],
    ['crossing midnight', wt('x', '2030-01-02 19:00', '2030-01-03 09:00'), 'workingTime.outOfRange'],
  ])('%s', (_, candidate, messageId) => {
    expect(checkWorkingTime(candidate, S30, others)?.messageId ?? null).toBe(messageId);
  });

  it('puts end-before-start on the end field and overlap on the start field', () => {
    expect(checkWorkingTime(wt('x', '2030-01-02 09:00', '2030-01-02 08:00'), S30, [])).toMatchObject({
      field: 'endAt',
      reason: 'END_BEFORE_START',
    });
    expect(checkWorkingTime(wt('x', '2030-01-02 11:00', '2030-01-02 13:00'), S30, others)).toMatchObject({
      field: 'startAt',
      code: 'AlreadyExists',
    });
  });

  it('with step 60 allows whole hours of the widened range only', () => {
    const s60 = { startAt: 510, endAt: 1170, step: 60 };
    expect(checkWorkingTime(wt('x', '2030-01-02 08:00', '2030-01-02 20:00'), s60, [])).toBeNull();
    expect(checkWorkingTime(wt('x', '2030-01-02 08:30', '2030-01-02 10:00'), s60, [])?.messageId).toBe('workingTime.outOfRange');
  });
});

describe('free options', () => {
  it("leave out times inside the master's other working time and stop the end at the next one", () => {
    const others = [wt('a', '2030-01-02 10:00', '2030-01-02 11:00')];
    const self = wt('', '', '');
    const starts = freeStartOptions({ startAt: 480, endAt: 720, step: 60 }, '2030-01-02', others, self);
    expect(starts.map(clock)).toEqual(['08:00', '09:00', '11:00']);
    expect(freeEndOptions({ startAt: 480, endAt: 720, step: 60 }, '2030-01-02', 480, others, self).map(clock)).toEqual(['09:00', '10:00']);
  });
});

describe('overlap rule (property)', () => {
  const span = fc
    .tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 600 }))
    .map(([s, len]) => [s, Math.min(1440, s + len)] as const);
  const at = (m: number) => `2030-01-02 ${clock(m)}`.replace(' 24:00', ' 23:59');
  it('two spans of one master overlap exactly when their minute ranges intersect, and the check is symmetric', () => {
    fc.assert(
      fc.property(span, span, ([s1, e1], [s2, e2]) => {
        fc.pre(e1 < 1440 && e2 < 1440);
        const a = wt('a', at(s1), at(e1));
        const b = wt('b', at(s2), at(e2));
        const expected = s1 < e2 && s2 < e1;
        expect(Boolean(findWorkingTimeOverlap(a, [b]))).toBe(expected);
        expect(Boolean(findWorkingTimeOverlap(b, [a]))).toBe(expected);
        // Another master's time never overlaps.
        expect(findWorkingTimeOverlap(a, [{ ...b, masterId: 'm2' }])).toBeNull();
      }),
    );
  });
});

describe('Generate schedule', () => {
  const ranges = (firstRangeFrom: string, firstRangeTo: string, secondRangeFrom: string, secondRangeTo: string) => ({
    firstRangeFrom,
    firstRangeTo,
    secondRangeFrom,
    secondRangeTo,
  });
  it.each([
    ['a week then four weeks', ranges('2030-01-07', '2030-01-13', '2030-01-14', '2030-02-10'), null],
    ['first range of 8 days', ranges('2030-01-07', '2030-01-14', '2030-01-15', '2030-02-10'), 'schedule.generate.firstTooLong'],
    [
      "second starts on the first range's last day",
      ranges('2030-01-07', '2030-01-13', '2030-01-13', '2030-02-10'),
      'schedule.generate.secondBeforeFirst',
    ],
    [
      'second starts before the first',
      ranges('2030-01-07', '2030-01-13', '2030-01-01', '2030-01-05'),
      'schedule.generate.secondBeforeFirst',
    ],
    ['first range backwards', ranges('2030-01-13', '2030-01-07', '2030-01-14', '2030-01-20'), 'schedule.generate.rangeOrder'],
    ['second range backwards', ranges('2030-01-07', '2030-01-13', '2030-01-20', '2030-01-14'), 'schedule.generate.rangeOrder'],
  ])('%s', (_, r, messageId) => {
    expect(checkGenerateRanges(r)?.messageId ?? null).toBe(messageId);
  });

  it('repeats the pattern by day offset (a week keeps weekdays) and skips copies that overlap', () => {
    const pattern = [
      wt('a', '2030-01-07 09:00', '2030-01-07 12:00'),
      wt('b', '2030-01-08 10:00', '2030-01-08 14:00'),
      wt('c', '2030-01-07 09:00', '2030-01-07 10:00', 'm2'),
    ];
    const existing = [wt('d', '2030-01-15 11:00', '2030-01-15 12:00')];
    const planned = plannedWorkingTimes(ranges('2030-01-07', '2030-01-13', '2030-01-14', '2030-01-22'), ['m1'], [...pattern, ...existing]);
    expect(planned).toEqual([
      { masterId: 'm1', startAt: '2030-01-14 09:00', endAt: '2030-01-14 12:00' },
      { masterId: 'm1', startAt: '2030-01-21 09:00', endAt: '2030-01-21 12:00' },
      { masterId: 'm1', startAt: '2030-01-22 10:00', endAt: '2030-01-22 14:00' },
    ]);
  });
});
