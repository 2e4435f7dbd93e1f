import { describe, expect, it } from 'vitest';
import { DaySpans } from './free-slots';
import { RowSpans } from './row-spans';

describe('RowSpans', () => {
  it('answers as DaySpans for the same rows, a span past midnight on both days', () => {
    const rows = [
      { id: 'a', m: 'anna', c: 'room', startAt: '2026-12-07 10:00', endAt: '2026-12-07 11:30' },
      { id: 'b', m: 'anna', c: null, startAt: '2026-12-07 23:00', endAt: '2026-12-08 01:00' },
      { id: 'c', m: 'beate', c: 'room', startAt: '2026-12-08 09:00', endAt: '2026-12-08 09:30' },
    ];
    const kept = new RowSpans();
    const once = new DaySpans();
    for (const r of rows) {
      kept.put(r.id, [r.m, r.c], r);
      once.add(r.m, r);
      once.add(r.c, r);
    }
    for (const id of ['anna', 'beate', 'room', 'nobody'])
      for (const date of ['2026-12-07', '2026-12-08', '2026-12-09']) expect(kept.of(id, date), `${id} ${date}`).toEqual(once.of(id, date));
    expect(kept.of('anna', '2026-12-08')).toEqual([{ from: 0, to: 60 }]);
  });

  it('follows a row moved to another master and day, and one removed', () => {
    const kept = new RowSpans();
    kept.put('a', ['anna', 'room'], { startAt: '2026-12-07 10:00', endAt: '2026-12-07 11:00' });
    kept.put('b', ['anna', null], { startAt: '2026-12-07 12:00', endAt: '2026-12-07 13:00' });
    expect(kept.of('anna', '2026-12-07')).toEqual([
      { from: 600, to: 660 },
      { from: 720, to: 780 },
    ]);
    kept.put('a', ['beate', null], { startAt: '2026-12-08 10:00', endAt: '2026-12-08 10:30' });
    expect(kept.of('anna', '2026-12-07')).toEqual([{ from: 720, to: 780 }]);
    expect(kept.of('room', '2026-12-07')).toEqual([]);
    expect(kept.of('beate', '2026-12-08')).toEqual([{ from: 600, to: 630 }]);
    kept.remove('b');
    kept.remove('unknown');
    expect(kept.of('anna', '2026-12-07')).toEqual([]);
    expect(kept.size).toBe(1);
  });
});
