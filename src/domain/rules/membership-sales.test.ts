import { describe, expect, it } from 'vitest';
import { membershipSales, type MembershipSaleSource } from './membership-sales';
import { salonReport } from './report';

const sold = (id: string, over: Partial<MembershipSaleSource> = {}): MembershipSaleSource => ({
  id,
  clientId: 'c1',
  serviceId: 's1',
  authorId: 'u1',
  serialNumber: 1,
  quantity: 10,
  price: '120.00',
  paymentType: 'CASH',
  createdAt: '2026-11-10T10:00:00.000Z',
  ...over,
});
const RIGA = 'Europe/Riga';
const range = (from: string, to = from, kind = 'all') => ({ kind, from, to });

describe('memberships sold in the report', () => {
  it('adds each sale on its salon day to its payment type, in the order they were sold', () => {
    const sales = membershipSales(
      [
        sold('b', { price: '50.50', paymentType: 'CC', createdAt: '2026-11-10T12:00:00.000Z' }),
        sold('a', { price: '120.00', paymentType: 'CASH', createdAt: '2026-11-10T09:00:00.000Z' }),
        sold('c', { price: '30.00', paymentType: 'GIFT', createdAt: '2026-11-11T09:00:00.000Z' }),
      ],
      range('2026-11-10', '2026-11-11'),
      RIGA,
    );
    expect(sales).toMatchObject({ count: 3, total: 20050, cash: 12000, card: 5050, gift: 3000 });
    expect(sales.rows.map((r) => [r.membershipId, r.date, r.price, r.paymentType])).toEqual([
      ['a', '2026-11-10', 12000, 'CASH'],
      ['b', '2026-11-10', 5050, 'CC'],
      ['c', '2026-11-11', 3000, 'GIFT'],
    ]);
  });

  it("counts a sale on the salon's day, not UTC's: 23:30 in Riga on the 10th is 21:30 UTC", () => {
    const lateEvening = [sold('a', { createdAt: '2026-11-10T21:30:00.000Z' })];
    expect(membershipSales(lateEvening, range('2026-11-10'), RIGA).count).toBe(1);
    const afterMidnight = [sold('a', { createdAt: '2026-11-10T22:30:00.000Z' })];
    expect(membershipSales(afterMidnight, range('2026-11-10'), RIGA).count).toBe(0);
    expect(membershipSales(afterMidnight, range('2026-11-11'), RIGA).count).toBe(1);
  });

  it('leaves out one sold before payment types were recorded, and every one from the products report', () => {
    expect(membershipSales([sold('a', { paymentType: null })], range('2026-11-10'), RIGA).count).toBe(0);
    expect(membershipSales([sold('a')], range('2026-11-10', '2026-11-10', 'products'), RIGA).count).toBe(0);
    expect(membershipSales([sold('a')], range('2026-11-10', '2026-11-10', 'services'), RIGA).count).toBe(1);
  });

  it('stays out of Total revenue, which counts the uses paid by membership', () => {
    const report = salonReport(
      [],
      { kind: 'all', from: '2026-11-10', to: '2026-11-10', showArchive: false, showAppRecords: false },
      { appointmentOf: () => undefined, groupOfService: () => undefined, timeZone: RIGA },
      [sold('a')],
    );
    expect(report.memberships.total).toBe(12000);
    expect(report.tiles.total.total).toBe(0);
  });
});
