import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasUsesLeft,
  invoiceTotal,
  type InvoiceMembership,
  invoiceTotalDecimal,
  itemDefaults,
  membershipForInvoice,
  membershipRefusal,
  priceOnPaymentChange,
  quantityLimit,
  UNKNOWN_STOCK_LIMIT,
  type MembershipLine,
} from './invoice';
import { centsToDecimal, MAX_CENTS } from './money';

const membership = (id: string, overrides: Partial<InvoiceMembership> = {}): InvoiceMembership => ({
  id,
  clientId: 'client',
  serviceId: 'service',
  serialNumber: 1,
  quantity: 5,
  pricePerUse: '10.00',
  totalUses: 0,
  createdAt: '2025-01-01T10:00:00.000Z',
  ...overrides,
});
const appointment = { clientId: 'client', serviceId: 'service', membershipId: null };
const use = (overrides: Partial<MembershipLine> = {}): MembershipLine => ({
  type: 'SERVICE',
  entity: 'service',
  quantity: 1,
  paymentType: 'MEMBERSHIP',
  ...overrides,
});

describe('item defaults (part 1 §4)', () => {
  it('a service: its price, quantity 1, CASH', () => {
    expect(itemDefaults('SERVICE', { price: '25.00' })).toEqual({ price: '25.00', quantity: 1, paymentType: 'CASH' });
  });
  it('a product: its price, quantity 1, or 0 when out of stock, CASH', () => {
    expect(itemDefaults('PRODUCT', { price: '9.90', stock: 3 })).toEqual({ price: '9.90', quantity: 1, paymentType: 'CASH' });
    expect(itemDefaults('PRODUCT', { price: '9.90', stock: 0 })).toEqual({ price: '9.90', quantity: 0, paymentType: 'CASH' });
  });
  it('quantity is limited to the stock of a product, 100 when unknown', () => {
    expect(quantityLimit('PRODUCT', 7)).toBe(7);
    expect(quantityLimit('PRODUCT', -2)).toBe(0);
    expect(quantityLimit('PRODUCT', null)).toBe(UNKNOWN_STOCK_LIMIT);
    expect(quantityLimit('SERVICE', null)).toBe(100);
  });
});

describe('membership for an invoice (part 1 §4)', () => {
  const oldest = membership('m1', { createdAt: '2025-01-01T00:00:00.000Z' });
  const newer = membership('m2', { createdAt: '2025-02-01T00:00:00.000Z', serialNumber: 2 });
  it("uses the invoice's or the appointment's membership when there is one", () => {
    expect(membershipForInvoice(appointment, { paid: false, membershipId: 'm2' }, [oldest, newer])?.id).toBe('m2');
    expect(membershipForInvoice({ ...appointment, membershipId: 'm2' }, null, [oldest, newer])?.id).toBe('m2');
    expect(membershipForInvoice({ ...appointment, membershipId: 'gone' }, null, [oldest])).toBeNull();
  });
  it('for an unpaid invoice picks the oldest of the same client and service with uses left', () => {
    expect(membershipForInvoice(appointment, { paid: false, membershipId: null }, [newer, oldest])?.id).toBe('m1');
    const usedUp = membership('m1', { totalUses: 5 });
    expect(membershipForInvoice(appointment, null, [usedUp, newer])?.id).toBe('m2');
    expect(
      membershipForInvoice(appointment, null, [membership('x', { clientId: 'other' }), membership('y', { serviceId: 'other' })]),
    ).toBeNull();
  });
  it('picks none for a paid invoice without one, nor for a walk-in', () => {
    expect(membershipForInvoice(appointment, { paid: true, membershipId: null }, [oldest])).toBeNull();
    expect(membershipForInvoice({ ...appointment, clientId: null }, null, [oldest])).toBeNull();
  });
  it('uses left: totalUses below quantity', () => {
    expect(hasUsesLeft({ totalUses: 4, quantity: 5 })).toBe(true);
    expect(hasUsesLeft({ totalUses: 5, quantity: 5 })).toBe(false);
  });
});

describe('MEMBERSHIP price (part 1 §4)', () => {
  const m = { pricePerUse: '8.33' };
  it('choosing MEMBERSHIP sets the price per use; switching away restores the price', () => {
    expect(priceOnPaymentChange('CASH', 'MEMBERSHIP', '25.00', m, '25.00')).toBe('8.33');
    expect(priceOnPaymentChange('MEMBERSHIP', 'CC', '8.33', m, '25.00')).toBe('25.00');
  });
  it('other changes keep what was typed', () => {
    expect(priceOnPaymentChange('CASH', 'CC', '19,99', m, '25.00')).toBe('19,99');
    expect(priceOnPaymentChange('CASH', 'MEMBERSHIP', '19,99', null, '25.00')).toBe('19,99');
  });
});

describe('membership rules of an invoice (part 1 §5, §8)', () => {
  const m = membership('m1');
  it('allows lines without MEMBERSHIP and one use of the membership service', () => {
    expect(membershipRefusal([use({ paymentType: 'CASH' })], null)).toBeNull();
    expect(membershipRefusal([use(), use({ paymentType: 'CC', type: 'PRODUCT', entity: 'p', quantity: 3 })], m)).toBeNull();
  });
  it("'Only one use of membership is allowed'", () => {
    expect(membershipRefusal([use(), use()], m)).toMatchObject({
      reason: 'ONLY_ONE_MEMBERSHIP_USE',
      messageId: 'invoice.oneMembershipUse',
    });
  });
  it.each([
    ['without a membership', [use()], null],
    ['quantity 2', [use({ quantity: 2 })], m],
    ['another service', [use({ entity: 'other' })], m],
    ['a product', [use({ type: 'PRODUCT' })], m],
  ] as const)("'Membership does not exist' %s", (_what, items, chosen) => {
    expect(membershipRefusal(items, chosen)).toMatchObject({
      code: 'NotExists',
      reason: 'MEMBERSHIP_DOES_NOT_EXIST',
      messageId: 'invoice.membershipNotExists',
    });
  });
  it("'Membership is run out of uses' when none is left", () => {
    expect(membershipRefusal([use()], membership('m1', { totalUses: 5 }))).toMatchObject({
      reason: 'NEGATIVE_QUANTITY_OF_MEMBERSHIP_USES',
      messageId: 'invoice.membershipRunOut',
    });
  });
});

describe('invoice total', () => {
  it('is exact in cents: 3 × 0.10 + 0.20 = 0.50', () => {
    expect(
      invoiceTotal([
        { price: '0.10', quantity: 3 },
        { price: '0.20', quantity: 1 },
      ]),
    ).toBe(50);
    expect(
      invoiceTotalDecimal([
        { price: '0,10', quantity: 3 },
        { price: '0.2', quantity: 1 },
      ]),
    ).toBe('0.50');
  });
  it('counts nothing for lines not yet valid; null beyond numeric(12,2)', () => {
    expect(
      invoiceTotal([
        { price: 'abc', quantity: 2 },
        { price: '5', quantity: null },
        { price: '1,25', quantity: 2 },
      ]),
    ).toBe(250);
    expect(invoiceTotal([])).toBe(0);
    expect(invoiceTotal([{ price: '9999999999.99', quantity: 2 }])).toBeNull();
  });

  /** Reference arithmetic with BigInt, as PostgreSQL's numeric sums. */
  const line = fc.record({
    cents: fc.integer({ min: 0, max: 10_000_000 }),
    quantity: fc.integer({ min: 1, max: 10_000 }),
    comma: fc.boolean(),
  });
  it('never drifts by a cent from exact decimal arithmetic, typed with a comma or a dot', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        const exact = lines.reduce((sum, l) => sum + BigInt(l.cents) * BigInt(l.quantity), 0n);
        const items = lines.map((l) => ({
          price: l.comma ? centsToDecimal(l.cents).replace('.', ',') : centsToDecimal(l.cents),
          quantity: l.quantity,
        }));
        const total = invoiceTotal(items);
        if (exact > BigInt(MAX_CENTS)) return total === null;
        return total === Number(exact) && invoiceTotalDecimal(items) === centsToDecimal(Number(exact));
      }),
    );
  });
});
