import { describe, expect, it } from 'vitest';
import { cashDifference, cashUpFilter, expectedCash } from './cash-up';
import { salonReport, type ReportInvoice } from './report';

const sale = (id: string, price: string, paymentType: 'CASH' | 'CC' | 'GIFT', over: Partial<ReportInvoice> = {}): ReportInvoice => ({
  id,
  appointmentId: null,
  type: 'CART',
  paid: true,
  archived: false,
  createdAt: '2026-12-04T10:00:00.000Z',
  items: [{ id: `${id}-1`, type: 'PRODUCT', entityId: 'p', sellerId: null, sellerType: null, quantity: 1, price, paymentType }],
  ...over,
});
const reads = { appointmentOf: () => undefined, groupOfService: () => undefined, timeZone: 'Europe/Riga' };

describe('expected cash of a day (issue 59 item 3)', () => {
  it('is every cash line of the day, archived ones too, and memberships sold for cash', () => {
    const invoices = [
      sale('a', '30.00', 'CASH'),
      sale('b', '20.00', 'CC'),
      sale('c', '12.50', 'CASH', { archived: true }),
      sale('d', '9.99', 'CASH', { paid: false }),
      sale('e', '5.00', 'CASH', { createdAt: '2026-12-05T10:00:00.000Z' }),
    ];
    const memberships = [
      {
        id: 'm',
        clientId: 'c',
        serviceId: 's',
        authorId: null,
        serialNumber: 1,
        quantity: 5,
        price: '100.00',
        paymentType: 'CASH' as const,
        createdAt: '2026-12-04T12:00:00.000Z',
      },
      {
        id: 'n',
        clientId: 'c',
        serviceId: 's',
        authorId: null,
        serialNumber: 2,
        quantity: 5,
        price: '50.00',
        paymentType: 'CC' as const,
        createdAt: '2026-12-04T12:00:00.000Z',
      },
    ];
    const report = salonReport(invoices, cashUpFilter('2026-12-04'), reads, memberships);
    expect(expectedCash(report)).toBe(3000 + 1250 + 10_000);
  });

  it('says more in the till as a positive difference', () => {
    expect(cashDifference(4000, 4250)).toBe(-250);
    expect(cashDifference(4300, 4250)).toBe(50);
  });
});
