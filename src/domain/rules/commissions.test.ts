import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisToDecimal, commissionOf, commissionReport, commissionsOf, parsePercent, typedPercent } from './commissions';
import { salonReport, type ReportInvoice, type ReportItem } from './report';

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
const sale = (id: string, items: ReportItem[]): ReportInvoice => ({
  id,
  appointmentId: null,
  type: 'CART',
  paid: true,
  archived: false,
  createdAt: '2026-11-10T09:00:00.000Z',
  items,
});
const filter = { kind: 'all', from: '2026-11-01', to: '2026-11-30', showArchive: false, showAppRecords: false } as const;
const reads = { appointmentOf: () => undefined, groupOfService: () => undefined, timeZone: 'Europe/Riga' };
const groupsOf = (invoices: ReportInvoice[]) => salonReport(invoices, filter, reads).groups;

describe('commission percentages', () => {
  it('reads what people type, up to 100 with two decimals', () => {
    expect(parsePercent('10')).toBe(1000);
    expect(parsePercent('12,5')).toBe(1250);
    expect(parsePercent(' 7.25 % ')).toBe(725);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('100.01')).toBeNull();
    expect(parsePercent('1.234')).toBeNull();
    expect(parsePercent('-5')).toBeNull();
    expect(parsePercent('')).toBeNull();
    expect(basisToDecimal(1250)).toBe('12.50');
    expect(basisToDecimal(5)).toBe('0.05');
    expect(typedPercent('12.50', 'lv')).toBe('12,5');
    expect(typedPercent('10.00', 'en')).toBe('10');
    expect(typedPercent(null, 'en')).toBe('');
  });

  it('rounds each line half away from zero to the cent', () => {
    expect(commissionOf(3000, 1000)).toBe(300);
    expect(commissionOf(1234, 1250)).toBe(154); // 154.25
    expect(commissionOf(1, 5000)).toBe(1); // 0.5 of a cent rounds up
    expect(commissionOf(999, 3333)).toBe(333); // 332.97
  });

  it('an update keeps a commission it leaves out and clears one it sends empty', () => {
    expect(commissionsOf({})).toEqual({});
    expect(commissionsOf({ groupCommissions: [] })).toEqual({ groupCommissions: [] });
    expect(commissionsOf({ serviceCommission: null, productCommission: '5.00' })).toEqual({
      serviceCommission: null,
      productCommission: '5.00',
    });
  });
});

const none = {
  services: 0,
  products: 0,
  sales: 0,
  serviceRate: 0,
  productRate: 0,
  groupRates: [],
  base: 0,
  commission: 0,
  tips: 0,
  pay: 0,
};

describe('commission report', () => {
  it('gives each master who sold her services and products, the base of the kinds with a rate, and the commission', () => {
    const groups = groupsOf([
      sale('i1', [item('1'), item('2', { type: 'PRODUCT', entityId: 'p1', price: '12.34', quantity: 2 })]),
      sale('i2', [item('3', { sellerId: 'm2', price: '45.00' }), item('4', { sellerId: 'k1', sellerType: 'CABINET' })]),
      sale('i3', [item('5', { sellerId: 'gone', price: '10.00' })]),
    ]);
    const report = commissionReport(groups, [
      { id: 'm1', serviceCommission: '10.00', productCommission: '12.50' },
      { id: 'm2', serviceCommission: null, productCommission: '5.00' },
    ]);
    expect(report.rows).toEqual([
      {
        masterId: 'm1',
        services: 3000,
        products: 2468,
        sales: 5468,
        serviceRate: 1000,
        productRate: 1250,
        groupRates: [],
        base: 5468,
        commission: 300 + 309,
        tips: 0,
        pay: 609,
      },
      { ...none, masterId: 'm2', services: 4500, sales: 4500, productRate: 500 },
      { ...none, masterId: 'gone', services: 1000, sales: 1000 },
    ]);
    expect(report.totals).toEqual({ services: 8500, products: 2468, sales: 10_968, base: 5468, commission: 609, tips: 0, pay: 609 });
  });

  it('counts a service at her rate for its group when she has one, else at her service rate; products at the product rate', () => {
    const groups = groupsOf([
      sale('i1', [
        item('1', { entityId: 'cut', price: '40.00' }),
        item('2', { entityId: 'nails', price: '20.00' }),
        item('3', { entityId: 'unknown', price: '10.00' }),
        item('4', { type: 'PRODUCT', entityId: 'cut', price: '8.00' }),
      ]),
    ]);
    const groupOfService = new Map([
      ['cut', 'hair'],
      ['nails', 'nails'],
    ]);
    const rates = [
      { id: 'm1', serviceCommission: '10.00', productCommission: null, groupCommissions: [{ groupId: 'hair', rate: '25.00' }] },
    ];
    const [row] = commissionReport(groups, rates, {}, groupOfService).rows;
    // 40 × 25 % + 20 × 10 % + 10 × 10 %; the product has no rate, whatever group an id of its name is in.
    expect(row).toMatchObject({ services: 7000, products: 800, base: 7000, commission: 1000 + 200 + 100 });
    expect(row?.groupRates).toEqual([{ groupId: 'hair', rate: 2500 }]);
    // A group's rate applies without a service rate too, and a group rate of 0 earns nothing of that group.
    const only = [
      {
        id: 'm1',
        serviceCommission: null,
        groupCommissions: [
          { groupId: 'nails', rate: '50' },
          { groupId: 'hair', rate: '0' },
        ],
      },
    ];
    expect(commissionReport(groups, only, {}, groupOfService).rows[0]).toMatchObject({ base: 2000, commission: 1000 });
  });

  it('adds her tips to what she is paid, never to her sales or commission, and lists a master who was only tipped', () => {
    const groups = groupsOf([sale('i1', [item('1')])]);
    const report = commissionReport(groups, [{ id: 'm1', serviceCommission: '10.00' }], { m1: 450, m3: 200, m4: 0 });
    expect(report.rows).toEqual([
      expect.objectContaining({ masterId: 'm1', sales: 3000, commission: 300, tips: 450, pay: 750 }),
      { ...none, masterId: 'm3', tips: 200, pay: 200 },
    ]);
    expect(report.totals).toMatchObject({ sales: 3000, commission: 300, tips: 650, pay: 950 });
  });

  it('is the sum of its lines: never more than the base, the base never more than the sales', () => {
    const line = fc.record({
      seller: fc.constantFrom('m1', 'm2', 'm3'),
      type: fc.constantFrom<'SERVICE' | 'PRODUCT'>('SERVICE', 'PRODUCT'),
      service: fc.constantFrom('s1', 's2', 's3'),
      cents: fc.integer({ min: 0, max: 10_000_000 }),
      quantity: fc.integer({ min: 1, max: 5 }),
    });
    const rateArb = fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null });
    // s1 is in g1, s2 in g2, s3 in no group the masters have a rate for.
    const groupOfService = new Map([
      ['s1', 'g1'],
      ['s2', 'g2'],
      ['s3', 'g3'],
    ]);
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.array(fc.tuple(rateArb, rateArb, rateArb, rateArb), { minLength: 3, maxLength: 3 }),
        (lines, rates) => {
          const items = lines.map((l, i) =>
            item(String(i), {
              sellerId: l.seller,
              type: l.type,
              entityId: l.service,
              price: `${Math.floor(l.cents / 100)}.${String(l.cents % 100).padStart(2, '0')}`,
              quantity: l.quantity,
            }),
          );
          const masters = ['m1', 'm2', 'm3'].map((id, i) => ({
            id,
            serviceCommission: basisToDecimal(rates[i]?.[0] ?? null),
            productCommission: basisToDecimal(rates[i]?.[1] ?? null),
            groupCommissions: (['g1', 'g2'] as const).flatMap((groupId, g) => {
              const basis = rates[i]?.[2 + g] ?? null;
              return basis === null ? [] : [{ groupId, rate: basisToDecimal(basis) as string }];
            }),
          }));
          const report = commissionReport(groupsOf([sale('s', items)]), masters, {}, groupOfService);
          let expected = 0;
          lines.forEach((l, i) => {
            const own = rates[['m1', 'm2', 'm3'].indexOf(l.seller)];
            const group = l.type === 'SERVICE' ? ({ s1: own?.[2], s2: own?.[3], s3: null } as const)[l.service] : null;
            const basis = group ?? own?.[l.type === 'SERVICE' ? 0 : 1] ?? 0;
            expected += basis ? commissionOf(l.cents * (items[i]?.quantity ?? 0), basis) : 0;
          });
          expect(report.totals.commission).toBe(expected);
          for (const r of report.rows) {
            expect(r.commission).toBeLessThanOrEqual(r.base);
            expect(r.base).toBeLessThanOrEqual(r.sales);
            expect(r.sales).toBe(r.services + r.products);
            expect(r.pay).toBe(r.commission + r.tips);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
