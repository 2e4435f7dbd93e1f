import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentOption, durationOptions, freeSpans, timeOptions } from './time-options';

const schedule = { startAt: 480, endAt: 1200, step: 30 };

describe('timeOptions', () => {
  it('offers starts by the step where the whole appointment fits the working time and nothing booked', () => {
    const options = timeOptions({ schedule, duration: 60, working: [{ from: 540, to: 720 }], busy: [{ from: 600, to: 630 }] });
    // 09:00 fits (9-10), 09:30 and 10:00 clash with 10:00-10:30, 10:30 and 11:00 fit; 11:30 would end after 12:00.
    expect(options).toEqual([540, 630, 660]);
  });
  it('offers nothing without working time and keeps the edited start while unchanged', () => {
    expect(timeOptions({ schedule, duration: 30, working: [], busy: [] })).toEqual([]);
    expect(timeOptions({ schedule, duration: 30, working: [{ from: 540, to: 600 }], busy: [{ from: 540, to: 570 }], keep: 540 })).toEqual([
      540, 570,
    ]);
  });
  it('never runs past the schedule end ("Time is out of range")', () => {
    expect(
      timeOptions({ schedule: { startAt: 480, endAt: 600, step: 60 }, duration: 60, working: [{ from: 0, to: 1440 }], busy: [] }),
    ).toEqual([480, 540]);
  });
  it('in master view needs a cabinet offering the service to be free as well', () => {
    const options = timeOptions({
      schedule,
      duration: 30,
      working: [{ from: 540, to: 660 }],
      busy: [],
      cabinetFree: [{ from: 600, to: 630 }],
    });
    expect(options).toEqual([600]);
  });
  it('property: every option fits and clashes with nothing; every other step start breaks a rule', () => {
    const span = fc
      .record({ from: fc.integer({ min: 0, max: 96 }), len: fc.integer({ min: 1, max: 24 }) })
      .map((s) => ({ from: s.from * 15, to: (s.from + s.len) * 15 }));
    fc.assert(
      fc.property(
        fc.array(span, { maxLength: 4 }),
        fc.array(span, { maxLength: 6 }),
        fc.constantFrom(15, 30, 60),
        fc.integer({ min: 1, max: 16 }),
        (working, busy, step, units) => {
          const duration = units * 15;
          const options = new Set(timeOptions({ schedule: { startAt: 480, endAt: 1200, step }, duration, working, busy }));
          for (let t = 480; t + duration <= 1200; t += step) {
            const fits = working.some((w) => w.from <= t && t + duration <= w.to);
            const clash = busy.some((b) => t < b.to && b.from < t + duration);
            expect(options.has(t)).toBe(fits && !clash);
          }
        },
      ),
    );
  });
});

describe('helpers', () => {
  it('free spans are working time minus busy', () => {
    expect(
      freeSpans(
        [{ from: 540, to: 720 }],
        [
          { from: 600, to: 630 },
          { from: 700, to: 800 },
        ],
      ),
    ).toEqual([
      { from: 540, to: 600 },
      { from: 630, to: 700 },
    ]);
  });
  it('durations run by the step up to 240 minutes and keep a current odd one', () => {
    expect(durationOptions(60)).toEqual([60, 120, 180, 240]);
    expect(durationOptions(60, 90)).toEqual([60, 90, 120, 180, 240]);
    expect(durationOptions(30)).toHaveLength(8);
  });
  it('a slot within 30 minutes of now is current', () => {
    expect(currentOption([540, 570, 600], 580)).toBe(570);
    expect(currentOption([540, 570, 600], 700)).toBeNull();
  });
});
