import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { addMinutes, dayText, dayTimeText, isCalendarDate, isWallTime, minutesOfDay, salonDate, salonWallTime, WALL_TIME } from './time';

describe('wall time', () => {
  it.each([
    ['2026-03-28 23:30', 60, '2026-03-29 00:30'],
    ['2026-03-29 02:30', 60, '2026-03-29 03:30'],
    ['2026-12-31 23:45', 30, '2027-01-01 00:15'],
    ['2028-02-28 12:00', 1440, '2028-02-29 12:00'],
  ])('%s + %i min = %s (no time-zone shifts)', (wall, minutes, expected) => {
    expect(addMinutes(wall, minutes)).toBe(expected);
  });
  it('reads minutes of the day and checks the format', () => {
    expect(minutesOfDay('2026-03-01 09:30')).toBe(570);
    expect(WALL_TIME.test('2026-03-01 09:30')).toBe(true);
    expect(WALL_TIME.test('2026-13-01 09:30')).toBe(false);
    expect(WALL_TIME.test('2026-03-01 24:00')).toBe(false);
  });
  it.each([
    ['2028-02-29', true],
    ['2026-12-31', true],
    ['2026-02-29', false],
    ['2026-02-31', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['undefined', false],
    ['2026-1-01', false],
  ])('%s is a calendar date: %s', (date, expected) => {
    expect(isCalendarDate(date)).toBe(expected);
    expect(isWallTime(`${date} 10:00`)).toBe(expected);
  });
  it('a wall time needs a time of the day', () => {
    expect(isWallTime('2026-03-01 24:00')).toBe(false);
    expect(isWallTime('2026-03-01')).toBe(false);
    expect(isCalendarDate(undefined)).toBe(false);
  });
});

describe('salonDate', () => {
  it('is the date in Riga, whatever the machine zone', () => {
    // 22:30 UTC on 21 Nov is already 22 Nov in Riga (UTC+2 in winter), 23:30 on 21 Jun is 22 Jun (UTC+3).
    expect(salonDate(new Date('2026-11-21T22:30:00Z'), 'Europe/Riga')).toBe('2026-11-22');
    expect(salonDate(new Date('2026-11-21T21:30:00Z'), 'Europe/Riga')).toBe('2026-11-21');
    expect(salonDate(new Date('2026-06-21T21:30:00Z'), 'Europe/Riga')).toBe('2026-06-22');
  });
});

describe('salonWallTime', () => {
  it('is the wall time in Riga', () => {
    expect(salonWallTime(new Date('2026-11-21T22:30:00Z'), 'Europe/Riga')).toBe('2026-11-22 00:30');
    expect(salonWallTime(new Date('2026-06-21T09:05:00Z'), 'Europe/Riga')).toBe('2026-06-21 12:05');
  });

  it('keeps a minute per zone and answers every instant as Temporal does, across the clocks changing', () => {
    // Riga's clocks go back at 2026-10-25 01:00 UTC: 03:59 is followed by 03:00 again.
    const start = Date.parse('2026-10-25T00:58:00Z');
    for (let s = 0; s < 4 * 60; s += 7) {
      const instant = new Date(start + s * 1000);
      for (const zone of ['Europe/Riga', 'America/New_York', 'Asia/Kolkata']) {
        const expected = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone).toPlainDateTime();
        expect(salonWallTime(instant, zone), `${instant.toISOString()} ${zone}`).toBe(expected.toString().slice(0, 16).replace('T', ' '));
      }
    }
  });
});

describe('dayText and dayTimeText (DD.MM.YYYY, DD.MM.YYYY HH:mm)', () => {
  it('shows a wall time and a date as they are', () => {
    expect(dayText('2026-03-07 09:05')).toBe('07.03.2026');
    expect(dayText('2026-12-31')).toBe('31.12.2026');
    expect(dayTimeText('2026-03-07 09:05')).toBe('07.03.2026 09:05');
  });
  it('shows an instant in salon time (Riga), whatever the machine zone', () => {
    expect(dayTimeText('2026-06-30T21:30:00.000Z')).toBe('01.07.2026 00:30');
    expect(dayText(new Date('2026-01-15T22:10:00Z'))).toBe('16.01.2026');
  });
});
