import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppointmentRow, Change, InvoiceRow, PaymentType, SalonRow } from '../domain/entities';
import { salonReport, type ReportFilter, type ReportReads, type SalonReport } from '../domain/rules/report';
import { reportFromSums } from '../domain/rules/report-sums';
import { DEFAULT_SALON_SETTINGS } from '../domain/rules/salon-defaults';
import { SERVICE_TIME_ZONE } from '../domain/rules/time';
import { applyPullPage } from './pull';
import { REPORT_DAYS, reportDayKey, type ReportDayRecord } from '../db/report-days';
import type { SalonDb } from '../db/salon-db';
import { SALON, testDb } from '../db/testing/fixtures';
import { buildReportDays, buildSpans, refreshReportDays, reportDaysSource, reportDaysSums } from '../db/queries/report-days';
import { reportSource } from '../db/queries/report-source';

/**
 * The report's days (decision 040) are a copy of the invoices and appointments: whatever is written, by whatever
 * path (a command's or re-base's transaction over every table, a narrow transaction, a pull page, a clear), a
 * report from the kept days equals the report from the rows. In memory (fake-indexeddb); REPORT_DAYS_RUNS=500
 * explores further, and a failure prints its seed and shrunk steps.
 */
const RUNS = Number(process.env.REPORT_DAYS_RUNS ?? 40);
const DAY0 = '2026-03-10';
const day = (offset: number) => new Date(Date.parse(`${DAY0}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(23, '0')}`;
const FILTER: Omit<ReportFilter, 'from' | 'to'> = { kind: 'all', showArchive: true, showAppRecords: true };

let db: SalonDb;
afterEach(async () => {
  // Builds a report scheduled in the background finish (or fail on the closed database) before the next test.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await db.delete();
});

const salonRow = (timeZone: string): SalonRow => ({
  id: SALON,
  name: 'Salon',
  address: '',
  administratorId: 'b'.repeat(24),
  settings: DEFAULT_SALON_SETTINGS,
  timeZone,
});

const appointmentRow = (n: number, offset: number, hour: number, over: Partial<AppointmentRow> = {}): AppointmentRow => ({
  id: id('a', n),
  salonId: SALON,
  masterId: id('m', n % 2),
  cabinetId: null,
  clientId: id('c', n % 3),
  serviceId: id('s', 1),
  authorId: null,
  authorRole: 'ADMIN',
  startAt: `${day(offset)} ${String(hour).padStart(2, '0')}:00`,
  endAt: `${day(offset)} ${String(hour + 1).padStart(2, '0')}:00`,
  duration: 60,
  notes: '',
  groupId: null,
  archived: false,
  membershipId: null,
  createdAt: `${day(offset)}T08:00:00.000Z`,
  ...over,
});

const invoiceRow = (
  n: number,
  appointment: number | null,
  made: string,
  over: Partial<InvoiceRow> = {},
  price = '25.00',
  payment: PaymentType = 'CASH',
): InvoiceRow => ({
  id: id('i', n),
  salonId: SALON,
  appointmentId: appointment === null ? null : id('a', appointment),
  type: appointment === null ? 'CART' : 'APPOINTMENT',
  administratorId: null,
  paid: true,
  archived: false,
  totalPrice: price,
  membershipId: null,
  items: [
    {
      id: id('l', n),
      type: appointment === null ? 'PRODUCT' : 'SERVICE',
      entityId: id('s', 1),
      sellerId: id('m', n % 2),
      sellerType: 'MASTER',
      quantity: 1 + (n % 2),
      price,
      paymentType: payment,
    },
  ],
  createdAt: made,
  ...over,
});

/** The report from the rows alone (what the page showed before the kept days). */
async function rowsReport(from: string, to: string) {
  const [source, salon] = await Promise.all([reportSource(db, SALON, from, to), db.mirror('salons').get(SALON)]);
  const appointments = new Map(source.appointments.map((a) => [a.id, a]));
  const reads: ReportReads = {
    appointmentOf: (a) => appointments.get(a),
    groupOfService: () => undefined,
    timeZone: salon?.timeZone ?? SERVICE_TIME_ZONE,
  };
  return salonReport(source.invoices, { ...FILTER, from, to }, reads);
}

async function daysReport(from: string, to: string) {
  const source = await reportDaysSource(db, SALON, from, to);
  const appointments = new Map(source.appointments.map((a) => [a.id, a]));
  const reads: ReportReads = {
    appointmentOf: (a) => appointments.get(a),
    groupOfService: () => undefined,
    timeZone: source.timeZone ?? SERVICE_TIME_ZONE,
  };
  return salonReport(source.invoices, { ...FILTER, from, to }, reads);
}

/** The report from the kept days' sums (issue 65 item 3), as the page paints it. */
async function sumsReport(from: string, to: string) {
  const source = await reportDaysSums(db, SALON, from, to);
  const appointments = new Map(source.appointments.map((a) => [a.id, a]));
  const reads: ReportReads = {
    appointmentOf: (a) => appointments.get(a),
    groupOfService: () => undefined,
    timeZone: source.timeZone ?? SERVICE_TIME_ZONE,
  };
  return reportFromSums(source.days, { ...FILTER, from, to }, reads);
}

/** A report's figures: its groups without their rows (the sums' groups hold archived rows only). */
const figures = (r: SalonReport) => ({ tiles: r.tiles, archived: r.archived, groups: r.groups.map((g) => ({ ...g, rows: [] })) });

const kept = () => db.table<ReportDayRecord, string>(REPORT_DAYS).toCollection().primaryKeys();

describe('report days', () => {
  it('a built day is what the report reads, and a write deletes only the days it changes', async () => {
    db = testDb();
    await db.mirror('salons').put(salonRow('Europe/Riga'));
    await db.transaction('rw', db.tables, async () => {
      await db.mirror('appointments').bulkPut([appointmentRow(1, 0, 10), appointmentRow(2, 1, 10)]);
      await db.mirror('invoices').bulkPut([invoiceRow(1, 1, `${day(0)}T09:00:00.000Z`), invoiceRow(2, 2, `${day(1)}T09:00:00.000Z`)]);
    });
    await buildReportDays(db, SALON, day(-3), day(4));
    expect(await kept()).toHaveLength(8);
    expect(await daysReport(day(-3), day(4))).toEqual(await rowsReport(day(-3), day(4)));
    expect(figures(await sumsReport(day(-3), day(4)))).toEqual(figures(await rowsReport(day(-3), day(4))));
    expect((await daysReport(day(0), day(1))).tiles.total.total).toBe(5000 + 2500);

    // The report reads the kept copy: a changed copy shows (so the figure above came from it).
    const table = db.table<ReportDayRecord, string>(REPORT_DAYS);
    const record = (await table.get(reportDayKey(SALON, day(1)))) as ReportDayRecord;
    await table.put({ ...record, data: record.data.replace('"25.00"', '"30.00"'), sums: record.sums?.replace(',2500,', ',3000,') });
    expect((await daysReport(day(1), day(1))).tiles.total.total).toBe(3000);
    expect((await sumsReport(day(1), day(1))).tiles.total.total).toBe(3000);

    // Moving appointment 2 to day 3 deletes day 1 (its old day) and day 3, and nothing else.
    await db.transaction('rw', db.tables, async () => {
      await db.mirror('appointments').put(appointmentRow(2, 3, 12));
    });
    const left = await kept();
    expect(left).not.toContain(reportDayKey(SALON, day(1)));
    expect(left).not.toContain(reportDayKey(SALON, day(3)));
    expect(left).toHaveLength(6);
    expect(await daysReport(day(-3), day(4))).toEqual(await rowsReport(day(-3), day(4)));

    // refreshReportDays builds the deleted days between the first and the last kept.
    await refreshReportDays(db, SALON);
    expect(await kept()).toHaveLength(8);
    expect((await daysReport(day(3), day(3))).tiles.total.total).toBe(2500);
  });

  it('a device that never built a day keeps none: writes read nothing more and refresh builds nothing', async () => {
    db = testDb();
    await db.mirror('salons').put(salonRow('Europe/Riga'));
    await db.mirror('appointments').put(appointmentRow(1, 0, 10));
    await refreshReportDays(db, SALON);
    expect(await kept()).toEqual([]);
    // Asked to keep a range (the engine does for those who open the Report), it builds those days.
    await refreshReportDays(db, SALON, { from: day(-2), to: day(2) });
    expect(await kept()).toEqual([-2, -1, 0, 1, 2].map((n) => reportDayKey(SALON, day(n))));
  });

  it('days asked for while a build runs are built after it', async () => {
    db = testDb();
    await db.mirror('salons').put(salonRow('Europe/Riga'));
    await db.mirror('appointments').put(appointmentRow(1, 0, 10));
    // A report's days asked for while the engine builds others (buildSpans runs one build at a time).
    const first = buildSpans(db, SALON, [[day(0), day(3)]]);
    const second = buildSpans(db, SALON, [[day(-9), day(-8)]]);
    await Promise.all([first, second]);
    expect(await kept()).toEqual([-9, -8, 0, 1, 2, 3].map((n) => reportDayKey(SALON, day(n))));
  });

  it('a live report over years follows the rows of a first sync while its days are built', async () => {
    db = testDb();
    const totals: number[] = [];
    const live = liveQuery(() => daysReport('2020-01-01', day(9))).subscribe({ next: (r) => totals.push(r.tiles.total.total) });
    await db.mirror('salons').put(salonRow('Europe/Riga'));
    for (let n = 0; n < 5; n++) {
      // One pull page each: an appointment and its paid invoice.
      await db.transaction('rw', db.tables, async () => {
        await db.mirror('appointments').put(appointmentRow(n, n, 10));
        await db.mirror('invoices').put(invoiceRow(n, n, `${day(n)}T09:00:00.000Z`));
      });
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    const expected = (await rowsReport('2020-01-01', day(9))).tiles.total.total;
    await expect.poll(() => totals[totals.length - 1], { timeout: 10_000 }).toBe(expected);
    await expect.poll(() => db.table(REPORT_DAYS).count(), { timeout: 10_000 }).toBeGreaterThan(2000);
    live.unsubscribe();
    expect(expected).toBe(3 * 2500 + 2 * 5000);
  });

  type Step =
    | { kind: 'appointment'; n: number; offset: number; hour: number; archived: boolean; app: boolean; path: Path }
    | { kind: 'deleteAppointment'; n: number; path: Path }
    | {
        kind: 'invoice';
        n: number;
        ofAppointment: boolean;
        made: number;
        hour: number;
        paid: boolean;
        archived: boolean;
        price: string;
        payment: PaymentType;
        /** A line discount and a tip (issue 59 item 5): the kept days carry them as the rows do. */
        discount: ['PERCENT' | 'AMOUNT', string] | null;
        tip: string;
        path: Path;
      }
    | { kind: 'deleteInvoice'; n: number; path: Path }
    | { kind: 'build'; from: number; to: number }
    | { kind: 'refresh' }
    | { kind: 'timeZone'; zone: string }
    | { kind: 'clear' };
  type Path = 'transaction' | 'narrow' | 'pull';

  const path = fc.constantFrom<Path>('transaction', 'narrow', 'pull');
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('appointment' as const),
      n: fc.nat(5),
      offset: fc.integer({ min: -1, max: 6 }),
      hour: fc.integer({ min: 0, max: 22 }),
      archived: fc.boolean(),
      app: fc.boolean(),
      path,
    }),
    fc.record({ kind: fc.constant('deleteAppointment' as const), n: fc.nat(5), path }),
    fc.record({
      kind: fc.constant('invoice' as const),
      n: fc.nat(7),
      // At most one live invoice per appointment, as the server's unique index keeps it: invoice n is appointment n's.
      ofAppointment: fc.boolean(),
      made: fc.integer({ min: -2, max: 8 }),
      hour: fc.nat(23),
      paid: fc.boolean(),
      archived: fc.boolean(),
      price: fc.constantFrom('25.00', '12.50', '0.99'),
      payment: fc.constantFrom<PaymentType>('CASH', 'CC', 'GIFT', 'MEMBERSHIP'),
      discount: fc.constantFrom<['PERCENT' | 'AMOUNT', string] | null>(null, ['PERCENT', '10.00'], ['AMOUNT', '0.50']),
      tip: fc.constantFrom('0.00', '2.00'),
      path,
    }),
    fc.record({ kind: fc.constant('deleteInvoice' as const), n: fc.nat(7), path }),
    fc.record({ kind: fc.constant('build' as const), from: fc.integer({ min: -3, max: 4 }), to: fc.integer({ min: 4, max: 9 }) }),
    fc.constant<Step>({ kind: 'refresh' }),
    fc.record({ kind: fc.constant('timeZone' as const), zone: fc.constantFrom('Europe/Riga', 'America/New_York', 'Pacific/Kiritimati') }),
    fc.constant<Step>({ kind: 'clear' }),
  );

  let cursor = 0;
  async function write(how: Path, entity: 'appointments' | 'invoices', row: AppointmentRow | InvoiceRow | null, rowId: string) {
    if (how === 'pull') {
      const change = { entity, id: rowId, data: row } as unknown as Change;
      cursor += 1;
      await applyPullPage(db, SALON, { changes: [change], cursor, hasMore: false, salonRev: cursor });
    } else if (how === 'narrow') {
      // A transaction over the one table (as a test or a future path might write): the days still follow.
      if (row) await db.table(entity).put(row);
      else await db.table(entity).delete(rowId);
    } else {
      await db.transaction('rw', db.tables, async () => {
        if (row) await db.table(entity).put(row);
        else await db.table(entity).delete(rowId);
      });
    }
  }

  async function run(s: Step) {
    switch (s.kind) {
      case 'appointment':
        return write(
          s.path,
          'appointments',
          appointmentRow(s.n, s.offset, s.hour, { archived: s.archived, authorRole: s.app ? 'CLIENT' : 'ADMIN' }),
          id('a', s.n),
        );
      case 'deleteAppointment':
        return write(s.path, 'appointments', null, id('a', s.n));
      case 'invoice': {
        const made = `${day(s.made)}T${String(s.hour).padStart(2, '0')}:30:00.000Z`;
        const row = invoiceRow(
          s.n,
          s.ofAppointment && s.n <= 5 ? s.n : null,
          made,
          { paid: s.paid, archived: s.archived },
          s.price,
          s.payment,
        );
        const discounted = s.discount
          ? row.items.map((i) => ({ ...i, discountType: s.discount?.[0], discount: s.discount?.[1] }))
          : row.items;
        const tipped = s.tip === '0.00' ? {} : { tip: s.tip, tipMasterId: id('m', 0), tipPaymentType: 'CASH' as const };
        return write(s.path, 'invoices', { ...row, ...tipped, items: discounted }, id('i', s.n));
      }
      case 'deleteInvoice':
        return write(s.path, 'invoices', null, id('i', s.n));
      case 'build':
        return buildReportDays(db, SALON, day(s.from), day(s.to));
      case 'refresh':
        return refreshReportDays(db, SALON);
      case 'timeZone':
        return db.mirror('salons').put(salonRow(s.zone));
      case 'clear':
        return db.transaction('rw', db.tables, async () => {
          await db.mirror('appointments').clear();
        });
    }
  }

  it('after any writes by any path, the report from the kept days equals the report from the rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 24 }), async (steps) => {
        db = testDb();
        cursor = 0;
        await db.mirror('salons').put(salonRow('Europe/Riga'));
        try {
          for (const s of steps) {
            await run(s);
            for (const [from, to] of [
              [-3, 9],
              [0, 0],
              [2, 5],
            ] as const) {
              const rows = await rowsReport(day(from), day(to));
              expect(await daysReport(day(from), day(to)), JSON.stringify({ s, from, to })).toEqual(rows);
              expect(figures(await sumsReport(day(from), day(to))), JSON.stringify({ s, from, to })).toEqual(figures(rows));
            }
          }
        } finally {
          await new Promise((resolve) => setTimeout(resolve, 5));
          await db.delete();
        }
      }),
      { numRuns: RUNS },
    );
    db = testDb();
  }, 120_000);
});
