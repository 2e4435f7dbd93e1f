import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentType } from '../entities';
import { centsToDecimal } from './money';
import {
  reportDayOf,
  revenueByDay,
  salonReport,
  type ReportAppointment,
  type ReportFilter,
  type ReportInvoice,
  type ReportReads,
} from './report';
import { reportFromSums, sumsOfDay } from './report-sums';
import type { SalesReportKind } from './report';

/**
 * A report from the days' sums equals the report from the invoices (issue 65 item 3) for every filter: kinds,
 * archive, app records, masters, manufacturers; tiles, tips, archived figures, groups in the same order with the same
 * hours, counts and revenue, and the chart's days. Only the rows differ: the sums' groups hold the rows of the
 * invoices kept as rows (archived ones) and no others.
 */
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];
const SELLERS = [
  ['MASTER', 'm1'],
  ['MASTER', 'm2'],
  ['CABINET', 'c1'],
  ['ADMINISTRATOR', 'u1'],
  ['ADMINISTRATOR', 'r1'],
  [null, null],
] as const;
const ENTITIES = ['s1', 's2', 's3', 'p1', 'p2'];
const PAYMENTS: PaymentType[] = ['CASH', 'CC', 'GIFT', 'MEMBERSHIP'];

const appointment = fc.record({
  day: fc.constantFrom(...DAYS),
  hour: fc.integer({ min: 8, max: 19 }),
  duration: fc.integer({ min: 15, max: 180 }),
  archived: fc.boolean(),
  client: fc.boolean(),
});

const item = fc.record({
  seller: fc.constantFrom(...SELLERS),
  service: fc.boolean(),
  entity: fc.constantFrom(...ENTITIES),
  payment: fc.constantFrom(...PAYMENTS),
  quantity: fc.integer({ min: 1, max: 3 }),
  cents: fc.integer({ min: 0, max: 20_000 }),
  percent: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
});

const invoice = fc.record({
  /** An index into the appointments, or a sale (-1), or an appointment no longer there (-2). */
  appointment: fc.integer({ min: -2, max: 7 }),
  paid: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
  archived: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
  madeDay: fc.constantFrom(...DAYS),
  hour: fc.integer({ min: 0, max: 9 }),
  minute: fc.integer({ min: 0, max: 59 }),
  items: fc.array(item, { minLength: 1, maxLength: 4 }),
  tip: fc.option(fc.record({ cents: fc.integer({ min: 1, max: 2000 }), master: fc.constantFrom('m1', 'm2', null), cash: fc.boolean() }), {
    nil: null,
  }),
});

const filter = fc.record({
  kind: fc.constantFrom<SalesReportKind>('all', 'services', 'products', 'grouped_by_services'),
  from: fc.constantFrom(...DAYS),
  span: fc.integer({ min: 0, max: 2 }),
  showArchive: fc.boolean(),
  showAppRecords: fc.boolean(),
  // None chosen is the common case: half the runs.
  masters: fc.oneof(fc.constant([]), fc.subarray(['m1', 'm2', 'm9'])),
  manufacturers: fc.oneof(fc.constant([]), fc.subarray(['f1', 'f2'])),
});

const READS: Omit<ReportReads, 'appointmentOf'> = {
  groupOfService: (id) => ({ s1: 'g1', s2: 'g1', s3: 'g2', p1: 'g2' })[id],
  administratorOfUser: (id) => (id === 'u1' ? 'r1' : undefined),
  manufacturerOfProduct: (id) => ({ p1: 'f1', p2: 'f2' })[id],
  timeZone: 'Europe/Riga',
};

describe('report from the days’ sums', () => {
  it('equals the report from the invoices for every filter, rows aside', () => {
    fc.assert(
      fc.property(fc.array(appointment, { maxLength: 8 }), fc.array(invoice, { maxLength: 14 }), filter, (apps, invs, f) => {
        const appointments: ReportAppointment[] = apps.map((a, n) => ({
          id: `a${n}`,
          clientId: `k${n % 3}`,
          serviceId: 's1',
          startAt: `${a.day} ${String(a.hour).padStart(2, '0')}:00`,
          duration: a.duration,
          archived: a.archived,
          authorRole: a.client ? 'CLIENT' : 'ADMIN',
        }));
        const invoices: ReportInvoice[] = invs.map((i, n) => {
          const target = i.appointment >= 0 ? appointments[i.appointment] : undefined;
          const appointmentId = target?.id ?? (i.appointment === -2 ? 'gone' : null);
          return {
            id: `i${n}`,
            appointmentId,
            type: appointmentId ? 'APPOINTMENT' : 'CART',
            paid: i.paid,
            archived: i.archived,
            createdAt: `${i.madeDay}T0${i.hour}:${String(i.minute).padStart(2, '0')}:00.000Z`,
            ...(i.tip ? { tip: centsToDecimal(i.tip.cents), tipMasterId: i.tip.master, tipPaymentType: i.tip.cash ? 'CASH' : 'CC' } : {}),
            items: i.items.map((t, k) => ({
              id: `l${n}-${k}`,
              type: t.service ? 'SERVICE' : 'PRODUCT',
              entityId: t.entity,
              sellerId: t.seller[1],
              sellerType: t.seller[0],
              quantity: t.quantity,
              price: centsToDecimal(t.cents),
              paymentType: t.payment,
              ...(t.percent === null ? {} : { discountType: 'PERCENT' as const, discount: String(t.percent) }),
            })),
          };
        });
        const byId = new Map(appointments.map((a) => [a.id, a]));
        const reads: ReportReads = { ...READS, appointmentOf: (id) => byId.get(id) };
        // Each day's invoices as the kept days hold them (src/db/queries/report-days.ts): the paid ones placed on it.
        const days = [
          ...new Set(invoices.map((i) => reportDayOf(i, i.appointmentId ? byId.get(i.appointmentId) : undefined, READS.timeZone))),
        ];
        const sums = days.map((d) =>
          sumsOfDay(
            d,
            invoices.filter((i) => i.paid && reportDayOf(i, i.appointmentId ? byId.get(i.appointmentId) : undefined, READS.timeZone) === d),
            (id) => byId.get(id),
          ),
        );
        const to = DAYS[Math.min(DAYS.indexOf(f.from) + f.span, DAYS.length - 1)] as string;
        const reportFilter: ReportFilter = { ...f, to };
        const expected = salonReport(invoices, reportFilter, reads);
        const actual = reportFromSums(sums, reportFilter, reads);
        expect(actual.tiles).toEqual(expected.tiles);
        expect(actual.archived).toEqual(expected.archived);
        // The sums' groups: the same groups, figures and order; their rows are those of the invoices kept as rows.
        const kept = new Set(sums.flatMap((s) => s.rest.map((i) => i.id)));
        expect(actual.groups.map((g) => ({ ...g, rows: [] }))).toEqual(expected.groups.map((g) => ({ ...g, rows: [] })));
        expect(actual.groups.map((g) => g.rows)).toEqual(expected.groups.map((g) => g.rows.filter((r) => kept.has(r.invoiceId))));
        const chart = revenueByDay(expected.groups, reportFilter.from, to).filter((d) => d.total !== 0);
        expect(chart.map((d) => [d.date, actual.dayTotals.get(d.date)])).toEqual(chart.map((d) => [d.date, d.total]));
        expect([...actual.dayTotals.values()].reduce((a, b) => a + b, 0)).toBe(expected.tiles.total.total);
      }),
      { numRuns: Number(process.env.REPORT_SUMS_RUNS ?? 500) },
    );
  });

  it('orders the groups by their first line, wherever it stands among the day’s invoices', () => {
    const sale = (n: number, hour: string, sellerId: string): ReportInvoice => ({
      id: `i${n}`,
      appointmentId: null,
      type: 'CART',
      paid: true,
      archived: false,
      createdAt: `2026-03-01T${hour}:00:00.000Z`,
      items: [
        { id: `l${n}`, type: 'PRODUCT', entityId: 'p1', sellerId, sellerType: 'MASTER', quantity: 1, price: '5.00', paymentType: 'CASH' },
      ],
    });
    // m1's first line is the third invoice read: the groups still start with m1.
    const invoices = [sale(1, '09', 'm1'), sale(2, '08', 'm2'), sale(3, '07', 'm1')];
    const reads: ReportReads = { ...READS, appointmentOf: () => undefined };
    const f: ReportFilter = { kind: 'all', from: '2026-03-01', to: '2026-03-01', showArchive: false, showAppRecords: false };
    const groups = reportFromSums([sumsOfDay('2026-03-01', invoices, () => undefined)], f, reads).groups;
    expect(groups.map((g) => g.key)).toEqual(['MASTER:m1', 'MASTER:m2']);
    expect(groups.map((g) => g.key)).toEqual(salonReport(invoices, f, reads).groups.map((g) => g.key));
  });
});
