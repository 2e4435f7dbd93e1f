import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents } from './money';
import { warehouseReport, type WarehouseSale } from './warehouse';

const sale = (id: string, boughtAt: string, over: Partial<WarehouseSale> = {}): WarehouseSale => ({
  id,
  date: boughtAt.slice(0, 10),
  boughtAt,
  salon: 's1',
  salonName: 'Demo salon',
  salonAddress: 'Brīvības iela 1, Rīga',
  seller: 'Marta Kalniņa',
  product: 'Oil Reflections 100 ml',
  productCode: 'WR-100',
  manufacturer: 'Wella',
  quantity: 1,
  price: '24.90',
  paymentType: 'CASH',
  ...over,
});

describe('warehouseReport', () => {
  it('answers zeros and no days when nothing was sold', () => {
    expect(warehouseReport([])).toEqual({ totalCount: 0, totalQuantity: 0, revenue: { cash: '0.00', total: '0.00' }, days: [] });
  });

  it('groups the sales by day, newest day first and the newest sale first within a day, each day with its quantity and sum', () => {
    const sales = [
      sale('a', '2026-03-01 10:00', { quantity: 2, price: '10.00' }),
      sale('b', '2026-03-03 09:15', { quantity: 1, price: '5.50', paymentType: 'CC' }),
      sale('c', '2026-03-01 17:45', { quantity: 3, price: '1.25' }),
      sale('d', '2026-03-02 12:00', { quantity: 4, price: '0.99', paymentType: 'GIFT' }),
      // Same minute as 'c': the id decides.
      sale('0', '2026-03-01 17:45', { quantity: 1, price: '2.00' }),
    ];
    const report = warehouseReport(sales);
    expect(report.days.map((d) => [d.date, d.quantity, d.sum, d.lines.map((l) => l.id)])).toEqual([
      ['2026-03-03', 1, '5.50', ['b']],
      ['2026-03-02', 4, '3.96', ['d']],
      ['2026-03-01', 6, '25.75', ['0', 'c', 'a']],
    ]);
    expect(report.days[2]?.lines.map((l) => l.sum)).toEqual(['2.00', '3.75', '20.00']);
    // A line keeps what it was given and adds its sum.
    expect(report.days[0]?.lines[0]).toEqual({ ...sales[1], sum: '5.50' });
    expect(report).toMatchObject({ totalCount: 5, totalQuantity: 11, revenue: { total: '35.21', cash: '25.75' } });
  });

  it('counts only CASH lines as cash', () => {
    const report = warehouseReport([
      sale('1', '2026-03-01 10:00', { price: '7.00', paymentType: 'CC' }),
      sale('2', '2026-03-01 11:00', { price: '3.00', paymentType: 'GIFT' }),
      sale('3', '2026-03-01 12:00', { price: '4.00', paymentType: 'MEMBERSHIP' }),
      sale('4', '2026-03-01 13:00', { price: '1.50', paymentType: 'CASH', quantity: 2 }),
    ]);
    expect(report.revenue).toEqual({ cash: '3.00', total: '17.00' });
    expect(warehouseReport([sale('1', '2026-03-01 10:00', { paymentType: 'CC' })]).revenue.cash).toBe('0.00');
  });

  it('is exact to the cent: 0.10 × 3 = 0.30 and 0.10 + 0.20 = 0.30', () => {
    const three = warehouseReport([sale('1', '2026-03-01 10:00', { price: '0.10', quantity: 3 })]);
    expect(three.days[0]?.lines[0]?.sum).toBe('0.30');
    expect(three.days[0]?.sum).toBe('0.30');
    expect(three.revenue).toEqual({ cash: '0.30', total: '0.30' });
    const pair = warehouseReport([sale('1', '2026-03-01 10:00', { price: '0.10' }), sale('2', '2026-03-02 10:00', { price: '0.2' })]);
    expect(pair.revenue.total).toBe('0.30');
    expect(pair.days.map((d) => d.sum)).toEqual(['0.20', '0.10']);
  });

  it('totals equal the sum of the days, days are newest first and hold only their own lines (property)', () => {
    const line = fc.record({
      day: fc.integer({ min: 1, max: 9 }),
      minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      cents: fc.integer({ min: 1, max: 1_000_000 }),
      paymentType: fc.constantFrom('CASH', 'CC', 'GIFT', 'MEMBERSHIP'),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        const sales = lines.map((l, i) => {
          const time = `${String(Math.floor(l.minute / 60)).padStart(2, '0')}:${String(l.minute % 60).padStart(2, '0')}`;
          return sale(`id${String(i).padStart(3, '0')}`, `2026-05-0${l.day} ${time}`, {
            quantity: l.quantity,
            price: centsToDecimal(l.cents),
            paymentType: l.paymentType,
          });
        });
        const report = warehouseReport(sales);
        const cents = (s: string) => decimalToCents(s);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

        expect(report.totalCount).toBe(sales.length);
        expect(sum(report.days.map((d) => d.lines.length))).toBe(sales.length);
        expect(report.totalQuantity).toBe(sum(report.days.map((d) => d.quantity)));
        expect(report.totalQuantity).toBe(sum(lines.map((l) => l.quantity)));
        expect(cents(report.revenue.total)).toBe(sum(report.days.map((d) => cents(d.sum))));
        expect(cents(report.revenue.total)).toBe(sum(lines.map((l) => l.cents * l.quantity)));
        expect(cents(report.revenue.cash)).toBe(sum(lines.filter((l) => l.paymentType === 'CASH').map((l) => l.cents * l.quantity)));

        const dates = report.days.map((d) => d.date);
        expect(dates).toEqual([...new Set(sales.map((s) => s.date))].sort().reverse());
        for (const d of report.days) {
          expect(d.lines.every((l) => l.date === d.date)).toBe(true);
          expect(d.quantity).toBe(sum(d.lines.map((l) => l.quantity)));
          expect(cents(d.sum)).toBe(sum(d.lines.map((l) => cents(l.sum))));
          for (const l of d.lines) expect(cents(l.sum)).toBe(cents(l.price) * l.quantity);
          const times = d.lines.map((l) => l.boughtAt);
          expect(times).toEqual([...times].sort().reverse());
        }
      }),
    );
  });
});
