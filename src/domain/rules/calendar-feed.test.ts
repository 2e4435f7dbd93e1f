import { describe, expect, it } from 'vitest';
import { feedEvents, feedRange, type FeedAppointment } from './calendar-feed';

const row = (o: Partial<FeedAppointment>): FeedAppointment => ({
  id: 'a',
  startAt: '2026-12-10 10:00',
  endAt: '2026-12-10 10:30',
  archived: false,
  serviceNames: { en: 'Haircut', lv: 'Matu griezums' },
  clientFirstName: 'Anna',
  cabinetNames: { en: 'Room 1', lv: 'Kabinets 1' },
  ...o,
});

describe('calendar feed', () => {
  it('covers 30 days back to the working days’ horizon, across a year', () => {
    expect(feedRange('2026-01-15')).toEqual({ from: '2025-12-16', to: '2026-07-17' });
  });

  it('names the service and the client’s first name in the feed’s language, the cabinet as the place', () => {
    expect(feedEvents([row({})], 'lv', feedRange('2026-12-06'))).toEqual([
      { id: 'a', startAt: '2026-12-10 10:00', endAt: '2026-12-10 10:30', summary: 'Matu griezums · Anna', location: 'Kabinets 1' },
    ]);
    // Names missing in the language fall back to another; a walk-in has no client and no cabinet.
    const walkIn = row({ serviceNames: { lv: 'Manikīrs' }, clientFirstName: null, cabinetNames: null });
    expect(feedEvents([walkIn], 'ru', feedRange('2026-12-06'))[0]).toMatchObject({ summary: 'Manikīrs', location: '' });
  });

  it('leaves out archived appointments and those outside the range, and sorts by time', () => {
    const range = { from: '2026-12-01', to: '2026-12-31' };
    const rows = [
      row({ id: 'late', startAt: '2026-12-20 09:00' }),
      row({ id: 'archived', archived: true }),
      row({ id: 'before', startAt: '2026-11-30 23:30' }),
      row({ id: 'after', startAt: '2027-01-01 00:00' }),
      row({ id: 'first', startAt: '2026-12-01 00:00' }),
      row({ id: 'last', startAt: '2026-12-31 23:45' }),
    ];
    expect(feedEvents(rows, 'en', range).map((e) => e.id)).toEqual(['first', 'late', 'last']);
  });
});
