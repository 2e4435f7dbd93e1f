import { describe, expect, it } from 'vitest';
import { makeAppointment, makeClient, makeMaster, makeService } from '../../../tests/factories/mirror';
import en from '../../i18n/messages/en.json';
import type { InvoiceRow } from '../entities';
import { exportTable, type ExportSource } from './export';

const say = (id: string) => (en as Record<string, string>)[id] ?? id;
const SALON = 'a'.repeat(24);

function source(o: Partial<ExportSource> = {}): ExportSource {
  return {
    language: 'en',
    timeZone: 'Europe/Riga',
    timeFormat: 'HH:mm',
    range: { from: '2026-12-01', to: '2026-12-31' },
    masters: [],
    administrators: [],
    cabinets: [],
    serviceGroups: [],
    services: [],
    clients: [],
    appointments: [],
    invoices: [],
    manufacturers: [],
    products: [],
    ...o,
  };
}

const invoice = (o: Partial<InvoiceRow>): InvoiceRow => ({
  id: 'i1',
  salonId: SALON,
  appointmentId: null,
  type: 'CART',
  administratorId: null,
  paid: true,
  archived: false,
  totalPrice: '0.00',
  membershipId: null,
  items: [],
  createdAt: '2026-12-05T10:00:00.000Z',
  ...o,
});

describe('export tables', () => {
  it('clients: by last name, with gender and blocked in words and the birthday as a date column', () => {
    const table = exportTable(
      'clients',
      source({
        clients: [
          makeClient({ firstName: 'Zane', lastName: 'Ozola', gender: 'FEMALE', birthday: '1990-02-03', phone: '+37120000001' }),
          makeClient({
            firstName: 'Jānis',
            lastName: 'Bērziņš',
            gender: 'MALE',
            blockedAt: '2026-01-01T00:00:00Z',
            notes: '=HYPERLINK("x")',
          }),
        ],
      }),
      say,
    );
    expect(table.columns.map((c) => say(c.title))).toEqual([
      'First name',
      'Last name',
      'Phone',
      'E-mail',
      'Birthday',
      'Gender',
      'Notes',
      'Blocked',
    ]);
    expect(table.columns[4]?.kind).toBe('date');
    expect(table.rows).toEqual([
      ['Jānis', 'Bērziņš', '', '', null, 'Male', '=HYPERLINK("x")', 'Yes'],
      ['Zane', 'Ozola', '+37120000001', '', '1990-02-03', 'Female', '', 'No'],
    ]);
  });

  it('appointments: only the range, with the salon time format, names, and a status for archived, no-show, late', () => {
    const master = makeMaster({ firstName: 'Marta', lastName: 'Kalniņa' });
    const service = makeService({ nameVariants: { en: 'Haircut', lv: 'Griezums' } });
    const client = makeClient({ firstName: 'Anna', lastName: 'B', phone: '+37120000002' });
    const at = (startAt: string, o = {}) =>
      makeAppointment({
        masterId: master.id,
        serviceId: service.id,
        clientId: client.id,
        startAt,
        endAt: startAt.replace(/\d\d:\d\d$/, '14:30'),
        duration: 30,
        ...o,
      });
    const table = exportTable(
      'appointments',
      source({
        timeFormat: 'hh:mm a',
        language: 'lv',
        masters: [master],
        services: [service],
        clients: [client],
        appointments: [
          at('2026-12-02 14:00', { outcome: 'NO_SHOW' }),
          at('2026-11-30 10:00'),
          at('2026-12-01 09:00', { archived: true, outcome: 'LATE_CANCEL' }),
          at('2026-12-31 09:00', { archived: true }),
        ],
      }),
      say,
    );
    expect(table.rows.map((r) => [r[0], r[1], r[2], r[4], r[5], r[6], r[7], r[11]])).toEqual([
      ['2026-12-01', '09:00 AM', '02:30 PM', 'Marta Kalniņa', 'Griezums', 'Anna B', '+37120000002', 'Late cancellation'],
      ['2026-12-02', '02:00 PM', '02:30 PM', 'Marta Kalniņa', 'Griezums', 'Anna B', '+37120000002', 'No-show'],
      ['2026-12-31', '09:00 AM', '02:30 PM', 'Marta Kalniņa', 'Griezums', 'Anna B', '+37120000002', 'Archived'],
    ]);
  });

  it("invoices and their lines: on the Report's day, money in cents, a line's total its price times quantity", () => {
    const service = makeService({ nameVariants: { en: 'Manicure' } });
    const appointment = makeAppointment({ id: 'a1', serviceId: service.id, startAt: '2026-12-03 10:00', endAt: '2026-12-03 11:00' });
    const items = [
      {
        id: 'l1',
        type: 'SERVICE' as const,
        entityId: service.id,
        sellerId: null,
        sellerType: null,
        quantity: 1,
        price: '25.50',
        paymentType: 'CASH' as const,
      },
      {
        id: 'l2',
        type: 'PRODUCT' as const,
        entityId: 'p1',
        sellerId: null,
        sellerType: null,
        quantity: 3,
        price: '4.10',
        paymentType: 'CC' as const,
      },
    ];
    const s = source({
      services: [service],
      products: [
        {
          id: 'p1',
          salonId: SALON,
          manufacturerId: null,
          name: 'Serum',
          code: 'S1',
          quantity: 5,
          price: '4.10',
          supplierPrice: null,
          type: 'SALE',
        },
      ],
      appointments: [appointment],
      invoices: [
        // Made on 31 Dec for an appointment of 3 Dec: the appointment's day counts.
        invoice({
          id: 'in-range',
          type: 'APPOINTMENT',
          appointmentId: 'a1',
          totalPrice: '37.80',
          items,
          createdAt: '2027-01-01T08:00:00.000Z',
        }),
        // A sale made on 1 Jan in Riga (31 Dec 23:30 UTC): outside December.
        invoice({ id: 'next-year', createdAt: '2026-12-31T23:30:00.000Z', totalPrice: '1.00' }),
      ],
    });
    expect(exportTable('invoices', s, say).rows).toEqual([['in-range', '2026-12-03', 'Appointment', '', '', 'Yes', 'No', 3780]]);
    expect(exportTable('invoiceLines', s, say).rows).toEqual([
      ['in-range', '2026-12-03', 'Service', 'Manicure', '', 1, 2550, 2550, 'Cash'],
      ['in-range', '2026-12-03', 'Product', 'Serum', '', 3, 410, 1230, 'Credit card'],
    ]);
  });

  it('everything when the range is null', () => {
    const rows = [makeAppointment({ startAt: '2019-01-01 10:00' }), makeAppointment({ startAt: '2031-01-01 10:00' })];
    expect(exportTable('appointments', source({ range: null, appointments: rows }), say).rows).toHaveLength(2);
  });
});
