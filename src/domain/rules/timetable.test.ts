import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMinutes } from './time';
import {
  boxInView,
  cardBox,
  cardDetails,
  columnInView,
  columnWidth,
  hoursOf,
  isBirthdayOn,
  layoutLanes,
  nowLineTop,
  providerRank,
  slotsOfHour,
  TIME_COLUMN_WIDTH,
  viewAround,
} from './timetable';

const at = (time: string) => `2026-11-23 ${time}`;

describe('columns and rows', () => {
  it.each([
    [1300, 30, 4, 300],
    [1300, 15, 4, 296],
    [1300, 30, 30, 120],
    [800, 60, 0, 120],
  ])('width for window %i, step %i, %i providers → %i', (w, step, n, expected) => {
    expect(columnWidth(w, step, n)).toBe(expected);
  });
  it('shows whole hours of the salon schedule and splits them by the step', () => {
    expect(hoursOf({ startAt: 480, endAt: 1200 })).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(hoursOf({ startAt: 510, endAt: 1230 })).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(slotsOfHour(15)).toEqual([0, 15, 30, 45]);
    expect(slotsOfHour(30)).toEqual([0, 30]);
    expect(slotsOfHour(60)).toEqual([0]);
  });
  it('orders providers hairdresser, cosmetologist, manicure, others', () => {
    expect(providerRank(['MANICURE', 'HAIRDRESSER'])).toBe(0);
    expect(providerRank(['COSMETOLOGIST'])).toBe(1);
    expect(providerRank(['OTHER'])).toBe(3);
    expect(providerRank([null])).toBe(3);
    expect(providerRank([])).toBe(4);
  });
});

describe('cards', () => {
  it('places a card by its times from the first hour', () => {
    expect(cardBox(at('09:30'), at('10:45'), 8)).toEqual({ top: 60, height: 50 });
  });
  it.each([
    [48, { service: false, provider: false, times: false }],
    [49, { service: true, provider: false, times: false }],
    [59, { service: true, provider: true, times: false }],
    [80, { service: true, provider: true, times: true }],
  ])('a %i px card shows %j', (h, shown) => {
    expect(cardDetails(h)).toEqual(shown);
  });
  it('knows birthdays and the now line', () => {
    expect(isBirthdayOn('1990-11-23', '2026-11-23')).toBe(true);
    expect(isBirthdayOn('1990-11-24', '2026-11-23')).toBe(false);
    expect(isBirthdayOn(null, '2026-11-23')).toBe(false);
    expect(nowLineTop(at('09:15'), 8, 20)).toBe(50);
    expect(nowLineTop(at('07:59'), 8, 20)).toBeNull();
    expect(nowLineTop(at('20:00'), 8, 20)).toBeNull();
  });
});

describe('layoutLanes', () => {
  it('puts lone cards full width and overlapping ones side by side', () => {
    const lanes = layoutLanes([
      { id: 'a', startAt: at('09:00'), endAt: at('10:00') },
      { id: 'b', startAt: at('09:30'), endAt: at('10:30') },
      { id: 'c', startAt: at('10:00'), endAt: at('11:00') },
      { id: 'd', startAt: at('12:00'), endAt: at('12:30') },
    ]);
    expect(lanes.get('a')).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get('b')).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get('c')).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get('d')).toEqual({ lane: 0, lanes: 1 });
  });
  it('widens to 15-minute slots: 09:00-09:05 and 09:10-09:20 share a slot and sit side by side', () => {
    const lanes = layoutLanes([
      { id: 'a', startAt: at('09:00'), endAt: at('09:05') },
      { id: 'b', startAt: at('09:10'), endAt: at('09:20') },
    ]);
    expect(lanes.get('a')?.lanes).toBe(2);
  });
  it('property: every card gets a lane below its group width and cards sharing a lane never overlap in slots', () => {
    const span = fc.record({ start: fc.integer({ min: 0, max: 40 }), length: fc.integer({ min: 1, max: 12 }) });
    fc.assert(
      fc.property(fc.array(span, { maxLength: 25 }), (raw) => {
        const spans = raw.map((r, i) => ({
          id: `s${i}`,
          startAt: addMinutes(at('08:00'), r.start * 15),
          endAt: addMinutes(at('08:00'), (r.start + r.length) * 15),
        }));
        const lanes = layoutLanes(spans);
        expect(lanes.size).toBe(spans.length);
        for (const s of spans) {
          const l = lanes.get(s.id) as { lane: number; lanes: number };
          expect(l.lane).toBeLessThan(l.lanes);
        }
        for (const a of spans)
          for (const b of spans) {
            if (a.id >= b.id || lanes.get(a.id)?.lane !== lanes.get(b.id)?.lane) continue;
            const overlap = a.startAt < b.endAt && b.startAt < a.endAt;
            if (overlap) expect(lanes.get(a.id)?.lanes).toBeGreaterThan(1);
            expect(overlap).toBe(false);
          }
      }),
    );
  });
});

describe("a new day's first view", () => {
  it('is the scroll view widened by a quarter of it each way', () => {
    expect(viewAround({ left: 600, top: 400, width: 1000, height: 500 })).toEqual({ left: 350, right: 1850, top: 275, bottom: 1025 });
  });

  it('takes the columns and cards it touches, in part or whole, and no other', () => {
    const view = viewAround({ left: 0, top: 0, width: 1280, height: 816 });
    // Columns of 120 px after the 90 px time column: the view reaches x = 1600.
    const columns = Array.from({ length: 30 }, (_, i) => i).filter((i) => columnInView(view, i, 120));
    expect(columns).toEqual(Array.from({ length: Math.ceil((1600 - TIME_COLUMN_WIDTH) / 120) }, (_, i) => i));
    expect(columnInView({ left: 300, right: 400, top: 0, bottom: 0 }, 1, 120)).toBe(true); // 210..330
    expect(columnInView({ left: 330, right: 400, top: 0, bottom: 0 }, 1, 120)).toBe(false);
    // Cards: 8:00 is the first hour, 160 px an hour (15-minute steps of 40 px); the view ends at y = 1020.
    const box = (start: string, end: string) => cardBox(`2026-11-26 ${start}`, `2026-11-26 ${end}`, 8, 160);
    expect(boxInView(view, box('08:00', '09:00'))).toBe(true);
    expect(boxInView(view, box('14:15', '15:00'))).toBe(true); // from y = 1000
    expect(boxInView(view, box('14:30', '15:00'))).toBe(false); // from y = 1040
    expect(boxInView({ left: 0, right: 0, top: 160, bottom: 400 }, box('08:00', '09:00'))).toBe(false); // ends at 160
  });
});
