import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clientMessagesOf,
  DEFAULT_CLIENT_MESSAGES,
  NO_CLIENT_MESSAGES,
  sendsAny,
  inQuietHours,
  plannedMessages,
  REMINDER_LEADS,
  smsTime,
  type AppointmentEvent,
  type ClientMessageSettings,
} from './client-messages';
import { addMinutes, minutesOfDay } from './time';

const BOTH = { email: true, sms: true };
const settings = (over: Partial<ClientMessageSettings> = {}): ClientMessageSettings => ({ ...DEFAULT_CLIENT_MESSAGES, ...over });

describe('plannedMessages', () => {
  it('a booking three days ahead: the confirmation now and each reminder at its lead, by e-mail and SMS', () => {
    const planned = plannedMessages('BOOKED', '2026-12-08 15:00', '2026-12-05 11:20', settings({ reminders: [2, 24] }), BOTH);
    expect(planned).toEqual([
      { kind: 'CONFIRMATION', channel: 'EMAIL', due: '2026-12-05 11:20' },
      { kind: 'CONFIRMATION', channel: 'SMS', due: '2026-12-05 11:20' },
      { kind: 'REMINDER', channel: 'EMAIL', due: '2026-12-07 15:00' },
      { kind: 'REMINDER', channel: 'SMS', due: '2026-12-07 15:00' },
      { kind: 'REMINDER', channel: 'EMAIL', due: '2026-12-08 13:00' },
      { kind: 'REMINDER', channel: 'SMS', due: '2026-12-08 13:00' },
    ]);
  });

  it('a visit booked less than a lead ahead gets no reminder of that lead', () => {
    const planned = plannedMessages('BOOKED', '2026-12-05 18:00', '2026-12-05 11:20', settings({ reminders: [2, 24] }), {
      email: true,
      sms: false,
    });
    expect(planned.map((m) => [m.kind, m.due])).toEqual([
      ['CONFIRMATION', '2026-12-05 11:20'],
      ['REMINDER', '2026-12-05 16:00'],
    ]);
    expect(
      plannedMessages('BOOKED', '2026-12-05 12:00', '2026-12-05 11:20', settings({ reminders: [2] }), BOTH).map((m) => m.kind),
    ).toEqual(['CONFIRMATION', 'CONFIRMATION']);
  });

  it('a move tells the new time and plans the reminders again; a cancellation and a no-show plan no reminder', () => {
    const s = settings({ noShow: true });
    expect(plannedMessages('MOVED', '2026-12-09 10:00', '2026-12-05 11:20', s, { email: true, sms: false }).map((m) => m.kind)).toEqual([
      'MOVED',
      'REMINDER',
    ]);
    expect(plannedMessages('CANCELLED', '2026-12-09 10:00', '2026-12-05 11:20', s, BOTH).map((m) => m.kind)).toEqual([
      'CANCELLED',
      'CANCELLED',
    ]);
    expect(plannedMessages('NO_SHOW', '2026-12-05 10:00', '2026-12-05 11:20', s, { email: true, sms: false }).map((m) => m.kind)).toEqual([
      'NO_SHOW',
    ]);
  });

  it('tells nothing of a visit already begun, but the no-show note', () => {
    const s = settings({ noShow: true });
    for (const event of ['BOOKED', 'MOVED', 'CANCELLED'] as const) {
      expect(plannedMessages(event, '2026-12-05 10:00', '2026-12-05 11:20', s, BOTH)).toEqual([]);
    }
    expect(plannedMessages('NO_SHOW', '2026-12-05 10:00', '2026-12-05 11:20', s, BOTH)).toHaveLength(2);
  });

  it('says when settings send nothing at all', () => {
    expect(sendsAny(NO_CLIENT_MESSAGES)).toBe(false);
    expect(sendsAny(settings({ email: false, sms: false }))).toBe(false);
    expect(sendsAny(settings())).toBe(true);
    expect(sendsAny(settings({ ...NO_CLIENT_MESSAGES, reminders: [2] }))).toBe(true);
    expect(clientMessagesOf({})).toEqual(NO_CLIENT_MESSAGES);
  });

  it('sends nothing switched off, nothing on a channel the salon does not use or the client cannot be reached on', () => {
    expect(plannedMessages('NO_SHOW', '2026-12-05 10:00', '2026-12-05 11:20', settings(), BOTH)).toEqual([]);
    const off = settings({ confirmation: false, reminders: [] });
    expect(plannedMessages('BOOKED', '2026-12-09 10:00', '2026-12-05 11:20', off, BOTH)).toEqual([]);
    expect(
      plannedMessages('BOOKED', '2026-12-09 10:00', '2026-12-05 11:20', settings({ sms: false }), { email: false, sms: true }),
    ).toEqual([]);
    expect(plannedMessages('BOOKED', '2026-12-09 10:00', '2026-12-05 11:20', settings(), { email: false, sms: false })).toEqual([]);
  });

  it('keeps SMS out of quiet hours: what happened waits for their end, e-mail goes at once', () => {
    const planned = plannedMessages('BOOKED', '2026-12-09 10:00', '2026-12-05 23:10', settings({ reminders: [] }), BOTH);
    expect(planned).toEqual([
      { kind: 'CONFIRMATION', channel: 'EMAIL', due: '2026-12-05 23:10' },
      { kind: 'CONFIRMATION', channel: 'SMS', due: '2026-12-06 09:00' },
    ]);
  });
});

describe('smsTime', () => {
  const s = settings();
  it('moves a reminder due in quiet hours to their end while that is before the visit, else before they began', () => {
    expect(smsTime('REMINDER', '2026-12-09 07:00', '2026-12-05 12:00', '2026-12-09 10:00', s)).toBe('2026-12-09 09:00');
    expect(smsTime('REMINDER', '2026-12-09 06:30', '2026-12-05 12:00', '2026-12-09 08:30', s)).toBe('2026-12-08 20:59');
    expect(smsTime('REMINDER', '2026-12-08 22:30', '2026-12-05 12:00', '2026-12-09 08:30', s)).toBe('2026-12-08 20:59');
    // Quiet hours already begun and the visit before their end: no SMS.
    expect(smsTime('REMINDER', '2026-12-09 06:30', '2026-12-08 22:00', '2026-12-09 08:30', s)).toBeNull();
  });

  it('reads quiet hours within one day too', () => {
    const lunch = settings({ quietFrom: 13 * 60, quietTo: 14 * 60 });
    expect(smsTime('MOVED', '2026-12-05 13:20', '2026-12-05 13:20', '2026-12-09 10:00', lunch)).toBe('2026-12-05 14:00');
    expect(smsTime('MOVED', '2026-12-05 22:20', '2026-12-05 22:20', '2026-12-09 10:00', lunch)).toBe('2026-12-05 22:20');
    expect(inQuietHours(600, 600, 600)).toBe(false);
  });
});

describe('plannedMessages, for any visit, moment and settings', () => {
  const wall = (day: number, minute: number) => addMinutes('2026-12-01 00:00', day * 1440 + minute);
  const arbitrary = fc.record({
    event: fc.constantFrom<AppointmentEvent>('BOOKED', 'MOVED', 'CANCELLED', 'NO_SHOW'),
    now: fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 1439 })).map(([d, m]) => wall(d, m)),
    visitAfter: fc.integer({ min: 1, max: 6 * 1440 }),
    reminders: fc.subarray([...REMINDER_LEADS], { maxLength: 2 }),
    quietFrom: fc.integer({ min: 0, max: 1439 }),
    quietTo: fc.integer({ min: 0, max: 1439 }),
    reachable: fc.record({ email: fc.boolean(), sms: fc.boolean() }),
  });

  it('plans nothing before now, reminders only before the visit, and no SMS in quiet hours', () => {
    fc.assert(
      fc.property(arbitrary, ({ event, now, visitAfter, reminders, quietFrom, quietTo, reachable }) => {
        const s = settings({ reminders, quietFrom, quietTo, noShow: true });
        const visit = addMinutes(now, visitAfter);
        for (const m of plannedMessages(event, visit, now, s, reachable)) {
          expect(m.due >= now).toBe(true);
          if (m.kind === 'REMINDER') expect(m.due < visit).toBe(true);
          if (m.channel === 'SMS') expect(inQuietHours(minutesOfDay(m.due), quietFrom, quietTo)).toBe(false);
          expect(m.channel === 'EMAIL' ? reachable.email : reachable.sms).toBe(true);
        }
      }),
    );
  });
});
