import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientStats, type StatsAppointment, type StatsInvoice } from './client-stats';

const NOW = '2026-11-22 12:00';
const appt = (id: string, startAt: string, notes = ''): StatsAppointment => ({ id, serviceId: `s-${id}`, startAt, notes });
const invoice = (appointmentId: string, paid: boolean, totalPrice = '10.00'): StatsInvoice => ({ appointmentId, paid, totalPrice });

describe('clientStats (part 1 §3, §4)', () => {
  it('has nothing for a client without appointments', () => {
    expect(clientStats([], [], NOW)).toEqual({
      totalAppointments: 0,
      failedAppointments: 0,
      successAppointments: 0,
      lastAppointment: null,
      noShows: 0,
      lateCancels: 0,
    });
  });

  it('counts no-shows and late cancellations, a late cancellation in no total (decision 079)', () => {
    const appointments = [
      { ...appt('a', '2026-11-01 10:00'), outcome: 'NO_SHOW' as const },
      { ...appt('b', '2026-11-20 09:00'), outcome: 'LATE_CANCEL' as const },
      appt('c', '2026-11-21 10:00'),
    ];
    expect(clientStats(appointments, [invoice('c', true)], NOW)).toMatchObject({
      totalAppointments: 2,
      failedAppointments: 1,
      successAppointments: 1,
      noShows: 1,
      lateCancels: 1,
      lastAppointment: { id: 'c' },
    });
  });

  it('counts paid as successful, started unpaid as failed, and coming unpaid as neither', () => {
    const appointments = [
      appt('a', '2026-11-01 10:00'),
      appt('b', '2026-11-20 09:00'),
      appt('c', '2026-11-22 12:00'),
      appt('d', '2026-11-30 10:00'),
    ];
    const stats = clientStats(appointments, [invoice('a', true, '25.50'), invoice('b', false), invoice('other', true)], NOW);
    expect(stats).toMatchObject({ totalAppointments: 4, successAppointments: 1, failedAppointments: 2 });
  });

  it('takes the latest started appointment as the last one, with its invoice total', () => {
    const appointments = [appt('a', '2026-11-01 10:00'), appt('b', '2026-11-20 09:00', 'fringe'), appt('d', '2026-11-30 10:00')];
    expect(clientStats(appointments, [invoice('b', true, '31.20')], NOW).lastAppointment).toEqual({
      ...appt('b', '2026-11-20 09:00', 'fringe'),
      invoiceTotal: '31.20',
    });
    expect(clientStats(appointments, [], NOW).lastAppointment?.invoiceTotal).toBeNull();
    expect(clientStats([appt('d', '2026-11-30 10:00')], [], NOW).lastAppointment).toBeNull();
  });

  it('paying a started unpaid appointment turns exactly one failed into one successful', () => {
    const minute = fc.integer({ min: 0, max: 60 * 24 * 60 - 1 }).map((m) => {
      const date = new Date(Date.UTC(2026, 9, 1) + m * 60_000).toISOString();
      return `${date.slice(0, 10)} ${date.slice(11, 16)}`;
    });
    const rows = fc.uniqueArray(
      fc.record({ id: fc.string({ minLength: 1, maxLength: 6 }), startAt: minute, paid: fc.boolean(), invoiced: fc.boolean() }),
      { selector: (r) => r.id, maxLength: 30 },
    );
    fc.assert(
      fc.property(rows, fc.nat(), (list, pick) => {
        const appointments = list.map((r) => appt(r.id, r.startAt));
        const invoices = list.filter((r) => r.invoiced).map((r) => invoice(r.id, r.paid));
        const before = clientStats(appointments, invoices, NOW);
        const payable = list.filter((r) => r.startAt <= NOW && !(r.invoiced && r.paid));
        const chosen = payable[pick % Math.max(payable.length, 1)];
        if (!chosen) return;
        const after = clientStats(appointments, [...invoices.filter((i) => i.appointmentId !== chosen.id), invoice(chosen.id, true)], NOW);
        expect(after.totalAppointments).toBe(before.totalAppointments);
        expect(after.failedAppointments).toBe(before.failedAppointments - 1);
        expect(after.successAppointments).toBe(before.successAppointments + 1);
        expect(before.failedAppointments + before.successAppointments).toBeLessThanOrEqual(before.totalAppointments);
      }),
    );
  });
});
