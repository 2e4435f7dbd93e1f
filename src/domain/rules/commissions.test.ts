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
    expect(commissionsOf({ serviceCommission: null, productCommission: '5.00' })).toEqual({
      serviceCommission: null,
      productCommission: '5.00',
    });
  });
});

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
        base: 5468,
        commission: 300 + 309,
      },
      { masterId: 'm2', services: 4500, products: 0, sales: 4500, serviceRate: 0, productRate: 500, base: 0, commission: 0 },
      { masterId: 'gone', services: 1000, products: 0, sales: 1000, serviceRate: 0, productRate: 0, base: 0, commission: 0 },
    ]);
    expect(report.totals).toEqual({ services: 8500, products: 2468, sales: 10_968, base: 5468, commission: 609 });
  });

  it('is the sum of its lines: never more than the base, the base never more than the sales', () => {
    const line = fc.record({
      seller: fc.constantFrom('m1', 'm2', 'm3'),
      type: fc.constantFrom<'SERVICE' | 'PRODUCT'>('SERVICE', 'PRODUCT'),
      cents: fc.integer({ min: 0, max: 10_000_000 }),
      quantity: fc.integer({ min: 1, max: 5 }),
    });
    const rateArb = fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.array(fc.tuple(rateArb, rateArb), { minLength: 3, maxLength: 3 }),
        (lines, rates) => {
          const items = lines.map((l, i) =>
            item(String(i), {
              sellerId: l.seller,
              type: l.type,
              price: `${Math.floor(l.cents / 100)}.${String(l.cents % 100).padStart(2, '0')}`,
              quantity: l.quantity,
            }),
          );
          const masters = ['m1', 'm2', 'm3'].map((id, i) => ({
            id,
            serviceCommission: basisToDecimal(rates[i]?.[0] ?? null),
            productCommission: basisToDecimal(rates[i]?.[1] ?? null),
          }));
          const report = commissionReport(groupsOf([sale('s', items)]), masters);
          let expected = 0;
          lines.forEach((l, i) => {
            const basis = rates[['m1', 'm2', 'm3'].indexOf(l.seller)]?.[l.type === 'SERVICE' ? 0 : 1] ?? 0;
            expected += basis ? commissionOf(l.cents * (items[i]?.quantity ?? 0), basis) : 0;
          });
          expect(report.totals.commission).toBe(expected);
          for (const r of report.rows) {
            expect(r.commission).toBeLessThanOrEqual(r.base);
            expect(r.base).toBeLessThanOrEqual(r.sales);
            expect(r.sales).toBe(r.services + r.products);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
