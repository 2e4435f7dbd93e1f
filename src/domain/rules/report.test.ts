import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentType } from '../entities';
import {
  clientRating,
  revenueByDay,
  salonReport,
  type ReportAppointment,
  type ReportFilter,
  type ReportInvoice,
  type ReportItem,
  type ReportReads,
  type Revenue,
  type SalesReportKind,
} from './report';

const appointment = (id: string, over: Partial<ReportAppointment> = {}): ReportAppointment => ({
  id,
  clientId: 'c1',
  serviceId: 's1',
  startAt: '2026-11-10 10:00',
  duration: 60,
  archived: false,
  authorRole: 'ADMIN',
  ...over,
});
const item = (id: string, over: Partial<ReportItem> = {}): ReportItem => ({
  id,
  type: 'SERVICE',
  entityId: 's1',
  sellerId: 'm1',
  sellerType: 'MASTER',
  quantity: 1,
  price: '30.00',
  paymentType: 'CASH',
  ...over,
});
const invoice = (id: string, items: ReportItem[], over: Partial<ReportInvoice> = {}): ReportInvoice => ({
  id,
  appointmentId: `a-${id}`,
  type: 'APPOINTMENT',
  paid: true,
  archived: false,
  createdAt: '2026-11-10T09:00:00.000Z',
  items,
  ...over,
});
const month: ReportFilter = { kind: 'all', from: '2026-11-01', to: '2026-11-30', showArchive: false, showAppRecords: false };
const readsOf = (appointments: ReportAppointment[], groups: Record<string, string> = { s1: 'g1', s2: 'g2' }): ReportReads => {
  const byId = new Map(appointments.map((a) => [a.id, a]));
  return { appointmentOf: (id) => byId.get(id), groupOfService: (id) => groups[id], timeZone: 'Europe/Riga' };
};

describe('salon report', () => {
  it('adds paid lines into tiles by payment type, card being every other type, and groups them by seller', () => {
    const invoices = [
      invoice('i1', [item('1'), item('2', { type: 'PRODUCT', entityId: 'p1', quantity: 3, price: '2.10', paymentType: 'CC' })]),
      invoice('i2', [item('3', { sellerId: 'k1', sellerType: 'CABINET', price: '12.34', paymentType: 'GIFT' })]),
      invoice('i3', [item('4', { price: '7.50', paymentType: 'MEMBERSHIP' })]),
      invoice('i4', [item('5', { price: '99.00' })], { paid: false }),
    ];
    const report = salonReport(invoices, month, readsOf(['a-i1', 'a-i2', 'a-i3', 'a-i4'].map((id) => appointment(id))));
    expect(report.tiles).toEqual({
      services: { total: 4984, cash: 3000, card: 0, gift: 1234, membership: 750 },
      products: { total: 630, cash: 0, card: 630, gift: 0, membership: 0 },
      total: { total: 5614, cash: 3000, card: 630, gift: 1234, membership: 750 },
      servicesSold: 3,
      itemsSold: 3,
      discounts: 0,
      tips: { total: 0, cash: 0, card: 0, byMaster: {} },
    });
    expect(report.groups.map((g) => [g.key, g.minutes, g.services, g.products, g.revenue.total, g.rows.length])).toEqual([
      ['MASTER:m1', 120, 2, 3, 4380, 3],
      ['CABINET:k1', 60, 1, 0, 1234, 1],
    ]);
  });

  it('keeps products or services for those kinds, and groups by service group with the seller on each row', () => {
    const invoices = [
      invoice('i1', [item('1'), item('2', { type: 'PRODUCT', entityId: 'p1' }), item('3', { entityId: 's2', sellerId: 'm2' })]),
    ];
    const reads = readsOf([appointment('a-i1')]);
    expect(salonReport(invoices, { ...month, kind: 'products' }, reads).groups.flatMap((g) => g.rows.map((r) => r.itemId))).toEqual(['2']);
    expect(salonReport(invoices, { ...month, kind: 'services' }, reads).groups.flatMap((g) => g.rows.map((r) => r.itemId))).toEqual([
      '1',
      '3',
    ]);
    const grouped = salonReport(invoices, { ...month, kind: 'grouped_by_services' }, reads);
    expect(grouped.groups.map((g) => [g.key, g.rows.map((r) => `${r.itemId}@${r.sellerId}`)])).toEqual([
      ['SERVICE_GROUP:g1', ['1@m1']],
      ['SERVICE_GROUP:g2', ['3@m2']],
    ]);
  });

  it('places an appointment invoice on its appointment day and a sale on the salon day it was made', () => {
    const invoices = [
      invoice('i1', [item('1')]),
      // 22:30 UTC on 30 Nov is 1 Dec in Riga: outside November.
      invoice('s1', [item('2', { type: 'PRODUCT' })], { type: 'CART', appointmentId: null, createdAt: '2026-11-30T22:30:00.000Z' }),
      invoice('s2', [item('3', { type: 'PRODUCT' })], { type: 'CART', appointmentId: null, createdAt: '2026-11-30T21:30:00.000Z' }),
    ];
    const report = salonReport(invoices, month, readsOf([appointment('a-i1', { startAt: '2026-11-02 23:30' })]));
    expect(report.groups[0]?.rows.map((r) => [r.itemId, r.date])).toEqual([
      ['1', '2026-11-02'],
      ['3', '2026-11-30'],
    ]);
  });

  it('leaves out archived records unless shown, and records clients booked in the application unless asked', () => {
    const invoices = [
      invoice('i1', [item('1')]),
      invoice('i2', [item('2')]),
      invoice('s1', [item('3', { type: 'PRODUCT' })], { type: 'CART', appointmentId: null, archived: true }),
      invoice('i3', [item('4')]),
    ];
    const reads = readsOf([appointment('a-i1'), appointment('a-i2', { archived: true }), appointment('a-i3', { authorRole: 'CLIENT' })]);
    const ids = (filter: ReportFilter) => salonReport(invoices, filter, reads).groups.flatMap((g) => g.rows.map((r) => r.itemId));
    expect(ids(month)).toEqual(['1']);
    expect(ids({ ...month, showArchive: true })).toEqual(['1', '2', '3']);
    expect(ids({ ...month, showAppRecords: true })).toEqual(['1', '4']);
  });

  it('says how much archived revenue the range holds, left out or included (issue 59 item 2)', () => {
    const invoices = [
      invoice('i1', [item('1')]),
      invoice('i2', [item('2', { price: '12.50' }), item('3', { type: 'PRODUCT', price: '4.00', quantity: 2 })]),
      invoice('s1', [item('4', { type: 'PRODUCT', price: '7.25' })], { type: 'CART', appointmentId: null, archived: true }),
      invoice('s2', [item('5', { type: 'PRODUCT', price: '99.00' })], { type: 'CART', appointmentId: null, archived: true, paid: false }),
    ];
    const reads = readsOf([appointment('a-i1'), appointment('a-i2', { archived: true })]);
    const left = salonReport(invoices, month, reads);
    expect(left.archived).toEqual({ total: 1250 + 800 + 725, invoices: 2, included: false });
    expect(left.tiles.total.total).toBe(3000);
    const shown = salonReport(invoices, { ...month, showArchive: true }, reads);
    expect(shown.archived).toEqual({ total: 2775, invoices: 2, included: true });
    expect(shown.tiles.total.total).toBe(3000 + 2775);
    // Only the kind's lines: the services report holds the archived service, not the products.
    expect(salonReport(invoices, { ...month, kind: 'services' }, reads).archived).toEqual({ total: 1250, invoices: 1, included: false });
  });

  it("puts an administrator's sales (by user id) and invoice lines (by row id) in one group", () => {
    const invoices = [
      invoice('i1', [item('1', { sellerId: 'adm-row', sellerType: 'ADMINISTRATOR' })]),
      invoice('s1', [item('2', { type: 'PRODUCT', sellerId: 'user-1', sellerType: 'ADMINISTRATOR' })], {
        type: 'CART',
        appointmentId: null,
      }),
    ];
    const reads = { ...readsOf([appointment('a-i1')]), administratorOfUser: (id: string) => (id === 'user-1' ? 'adm-row' : undefined) };
    const report = salonReport(invoices, month, reads);
    expect(report.groups.map((g) => [g.key, g.rows.map((r) => r.sellerId)])).toEqual([['ADMINISTRATOR:adm-row', ['adm-row', 'user-1']]]);
  });

  it('keeps a paid invoice whose appointment was deleted, on the day it was made, with no client and no hours', () => {
    const report = salonReport([invoice('i1', [item('1')])], month, readsOf([]));
    expect(report.groups[0]).toMatchObject({ minutes: 0, services: 1, rows: [{ date: '2026-11-10', clientId: null }] });
  });
});

describe('salon report by master and manufacturer (part 1 §1 report filters)', () => {
  const invoices = [
    invoice('i1', [
      item('1'),
      item('2', { type: 'PRODUCT', entityId: 'p1', quantity: 2, price: '5.00' }),
      item('3', { type: 'PRODUCT', entityId: 'p2', price: '7.00', sellerId: 'm2' }),
    ]),
    invoice('i2', [
      item('4', { sellerId: 'm2', price: '40.00' }),
      item('5', { sellerId: 'u1', sellerType: 'ADMINISTRATOR', price: '3.00' }),
    ]),
  ];
  const reads: ReportReads = {
    ...readsOf(invoices.map((i) => appointment(i.appointmentId as string))),
    manufacturerOfProduct: (id) => ({ p1: 'brandA', p2: 'brandB' })[id],
  };
  const lines = (filter: Partial<ReportFilter>) =>
    salonReport(invoices, { ...month, ...filter }, reads)
      .groups.flatMap((g) => g.rows.map((r) => r.itemId))
      .sort();

  it("keeps the chosen masters' lines, every kind of line they sold, and the tiles follow", () => {
    expect(lines({ masters: ['m2'] })).toEqual(['3', '4']);
    expect(lines({ masters: ['m1', 'm2'] })).toEqual(['1', '2', '3', '4']);
    expect(salonReport(invoices, { ...month, masters: ['m2'] }, reads).tiles.total.total).toBe(4700);
  });

  it("keeps only the chosen manufacturers' products, no service; with a master too, both must hold", () => {
    expect(lines({ manufacturers: ['brandA'] })).toEqual(['2']);
    expect(lines({ manufacturers: ['brandA', 'brandB'], masters: ['m2'] })).toEqual(['3']);
    expect(lines({ manufacturers: [], masters: [] })).toEqual(['1', '2', '3', '4', '5']);
  });

  it('leaves the memberships sold out while a master or manufacturer is chosen', () => {
    const sold = [
      {
        id: 'ms1',
        clientId: 'c1',
        serviceId: 's1',
        authorId: 'u1',
        serialNumber: 1,
        quantity: 5,
        price: '50.00',
        paymentType: 'CASH' as const,
        createdAt: '2026-11-10T09:00:00.000Z',
      },
    ];
    expect(salonReport(invoices, month, reads, sold).memberships.count).toBe(1);
    expect(salonReport(invoices, { ...month, masters: ['m1'] }, reads, sold).memberships.count).toBe(0);
  });
});

describe('revenue by day', () => {
  it('gives every day of the range, zero where nothing was sold', () => {
    const invoices = [
      invoice('i1', [item('1', { price: '10.00', quantity: 2 })]),
      invoice('i2', [item('2', { price: '5.50' })]),
      invoice('s1', [item('3', { type: 'PRODUCT', price: '1.25' })], {
        type: 'CART',
        appointmentId: null,
        createdAt: '2026-11-12T08:00:00Z',
      }),
    ];
    const reads = readsOf([appointment('a-i1'), appointment('a-i2', { startAt: '2026-11-12 09:00' })]);
    const { groups } = salonReport(invoices, month, reads);
    expect(revenueByDay(groups, '2026-11-10', '2026-11-13')).toEqual([
      { date: '2026-11-10', total: 2000 },
      { date: '2026-11-11', total: 0 },
      { date: '2026-11-12', total: 675 },
      { date: '2026-11-13', total: 0 },
    ]);
  });
});

describe('salon report over random invoices', () => {
  const payment = fc.constantFrom<PaymentType>('CASH', 'CC', 'GIFT', 'MEMBERSHIP');
  const cents = fc.integer({ min: 0, max: 100_000 }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);
  const itemArb = fc.record({
    id: fc.uuid(),
    type: fc.constantFrom<'SERVICE' | 'PRODUCT'>('SERVICE', 'PRODUCT'),
    entityId: fc.constantFrom('s1', 's2', 's3'),
    sellerId: fc.option(fc.constantFrom('m1', 'm2', 'k1', 'd1'), { nil: null }),
    sellerType: fc.constantFrom<ReportItem['sellerType']>('MASTER', 'CABINET', 'ADMINISTRATOR', null),
    quantity: fc.integer({ min: 1, max: 20 }),
    price: cents,
    paymentType: payment,
  });
  const day = fc.integer({ min: 1, max: 31 }).map((d) => `2026-10-${String(d).padStart(2, '0')}`.replace('2026-10-31', '2026-11-01'));
  const invoiceArb = fc.record({
    id: fc.uuid(),
    withAppointment: fc.boolean(),
    paid: fc.boolean(),
    archived: fc.boolean(),
    appointmentArchived: fc.boolean(),
    author: fc.constantFrom<ReportAppointment['authorRole']>('ADMIN', 'MASTER', 'CLIENT'),
    day,
    duration: fc.integer({ min: 5, max: 240 }),
    items: fc.array(itemArb, { maxLength: 5 }),
  });
  const filterArb = fc.record({
    kind: fc.constantFrom<SalesReportKind>('all', 'products', 'services', 'grouped_by_services'),
    from: day,
    to: day,
    showArchive: fc.boolean(),
    showAppRecords: fc.boolean(),
  });
  const parts = (r: Revenue) => r.cash + r.card + r.gift + r.membership;

  it('tiles are the sums of the rows, each revenue is the sum of its payment types, every counted line is in one group', () => {
    fc.assert(
      fc.property(fc.array(invoiceArb, { maxLength: 25 }), filterArb, (generated, filter) => {
        const appointments: ReportAppointment[] = [];
        const invoices: ReportInvoice[] = generated.map((g) => {
          if (g.withAppointment)
            appointments.push(
              appointment(`a-${g.id}`, {
                startAt: `${g.day} 12:00`,
                duration: g.duration,
                archived: g.appointmentArchived,
                authorRole: g.author,
              }),
            );
          return invoice(g.id, g.items, {
            appointmentId: g.withAppointment ? `a-${g.id}` : null,
            type: g.withAppointment ? 'APPOINTMENT' : 'CART',
            paid: g.paid,
            archived: g.archived,
            createdAt: `${g.day}T10:00:00.000Z`,
          });
        });
        const { tiles, groups, archived } = salonReport(invoices, filter, readsOf(appointments, { s1: 'g1', s2: 'g1' }));
        const rows = groups.flatMap((g) => g.rows);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

        // An oracle written apart from the function: which lines count.
        const counted = generated.flatMap((g) => {
          const archived = g.archived || (g.withAppointment && g.appointmentArchived);
          const inRange = g.day >= filter.from && g.day <= filter.to;
          const app = g.withAppointment && g.author === 'CLIENT';
          if (!g.paid || !inRange || (archived && !filter.showArchive) || (app && !filter.showAppRecords)) return [];
          return g.items.filter((i) => filter.kind === 'all' || (filter.kind === 'products') === (i.type === 'PRODUCT'));
        });
        expect(rows.map((r) => r.itemId).sort()).toEqual(counted.map((i) => i.id).sort());
        // The archived lines the filter keeps, counted or not: what the report says it leaves out or includes.
        const archivedLines = generated.flatMap((g) => {
          const inRange = g.day >= filter.from && g.day <= filter.to;
          const app = g.withAppointment && g.author === 'CLIENT';
          if (!(g.archived || (g.withAppointment && g.appointmentArchived))) return [];
          if (!g.paid || !inRange || (app && !filter.showAppRecords)) return [];
          const kept = g.items.filter((i) => filter.kind === 'all' || (filter.kind === 'products') === (i.type === 'PRODUCT'));
          return kept.length ? [kept] : [];
        });
        const cents = (i: ReportItem) => Math.round(Number(i.price) * 100) * i.quantity;
        expect(archived).toEqual({
          total: sum(archivedLines.flat().map(cents)),
          invoices: archivedLines.length,
          included: filter.showArchive,
        });
        expect(new Set(rows.map((r) => r.itemId)).size).toBe(rows.length);

        const lineSum = sum(counted.map((i) => Math.round(Number(i.price) * 100) * i.quantity));
        expect(tiles.total.total).toBe(lineSum);
        expect(sum(groups.map((g) => g.revenue.total))).toBe(lineSum);
        expect(tiles.services.total + tiles.products.total).toBe(tiles.total.total);
        for (const r of [tiles.services, tiles.products, tiles.total, ...groups.map((g) => g.revenue)]) expect(parts(r)).toBe(r.total);
        expect(tiles.servicesSold).toBe(sum(counted.filter((i) => i.type === 'SERVICE').map((i) => i.quantity)));
        expect(tiles.itemsSold).toBe(sum(counted.filter((i) => i.type === 'PRODUCT').map((i) => i.quantity)));
        expect(sum(groups.map((g) => g.services))).toBe(tiles.servicesSold);
        for (const g of groups) expect(g.revenue.total).toBe(sum(g.rows.map((r) => r.total)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('client rating', () => {
  const clients = [
    { id: 'c1', firstName: 'Anna', lastName: 'Bērziņa', phone: '+37120000001' },
    { id: 'c2', firstName: 'Jānis', lastName: 'Krūmiņš', phone: null },
    { id: 'c3', firstName: 'Zane', lastName: 'Balode', phone: '+37120000003' },
  ];
  it('counts visits that have started, most first, then the latest visit; a client with none is left out', () => {
    const now = '2026-11-25 12:00';
    const rating = clientRating(
      clients,
      [
        { clientId: 'c1', startAt: '2026-11-01 10:00' },
        { clientId: 'c2', startAt: '2026-10-01 10:00' },
        { clientId: 'c2', startAt: '2026-11-20 10:00' },
        { clientId: 'c1', startAt: '2026-11-24 10:00' },
        { clientId: 'c1', startAt: '2026-11-30 10:00' },
        { clientId: 'c3', startAt: '2026-11-26 10:00' },
        { clientId: null, startAt: '2026-11-02 10:00' },
      ],
      now,
    );
    expect(rating.map((e) => [e.id, e.totalVisits, e.firstVisit, e.lastVisit])).toEqual([
      ['c1', 2, '2026-11-01 10:00', '2026-11-24 10:00'],
      ['c2', 2, '2026-10-01 10:00', '2026-11-20 10:00'],
    ]);
    expect(rating[1]?.phone).toBeNull();
  });
});
