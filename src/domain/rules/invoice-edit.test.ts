import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceItemRow } from '../entities';
import { changesInvoice, editedInvoice, editPaymentTypes, isMembershipItem, removedInvoice, type EditedInvoice } from './invoice-edit';
import { decimalToCents } from './money';

const line = (id: string, overrides: Partial<InvoiceItemRow> = {}): InvoiceItemRow => ({
  id,
  type: 'SERVICE',
  entityId: 'svc',
  sellerId: 'm1',
  sellerType: 'MASTER',
  quantity: 1,
  price: '20.00',
  paymentType: 'CASH',
  ...overrides,
});
const invoice = (items: InvoiceItemRow[], overrides: Partial<EditedInvoice> = {}): EditedInvoice => ({
  paid: true,
  membershipId: null,
  items,
  ...overrides,
});

describe('membership items (part 2 §5)', () => {
  const membership = { serviceId: 'svc' };
  it('a line paid by MEMBERSHIP, or one of the membership service on an invoice that used the membership', () => {
    expect(isMembershipItem({ membershipId: null }, line('a', { paymentType: 'MEMBERSHIP' }), null)).toBe(true);
    expect(isMembershipItem({ membershipId: 'mb' }, line('a'), membership)).toBe(true);
    expect(isMembershipItem({ membershipId: null }, line('a'), membership)).toBe(false);
    expect(isMembershipItem({ membershipId: 'mb' }, line('a', { entityId: 'other' }), membership)).toBe(false);
    expect(isMembershipItem({ membershipId: 'mb' }, line('a', { quantity: 2 }), membership)).toBe(false);
    expect(isMembershipItem({ membershipId: 'mb' }, line('a', { type: 'PRODUCT' }), membership)).toBe(false);
    expect(isMembershipItem({ membershipId: 'mb' }, line('a'), null)).toBe(false);
  });
  it('offer MEMBERSHIP first; every other line cash, card and gift card', () => {
    expect(editPaymentTypes(true)).toEqual(['MEMBERSHIP', 'CASH', 'CC', 'GIFT']);
    expect(editPaymentTypes(false)).toEqual(['CASH', 'CC', 'GIFT']);
  });
});

describe('editedInvoice', () => {
  it('changes one line, sums the total again in cents and keeps the others', () => {
    const before = invoice([line('a', { price: '0.10', quantity: 3 }), line('b')]);
    const effect = editedInvoice(before, { itemId: 'b', price: '0.20', paymentType: 'GIFT' }, null);
    expect(effect.items).toEqual([line('a', { price: '0.10', quantity: 3 }), line('b', { price: '0.20', paymentType: 'GIFT' })]);
    expect(effect.totalPrice).toBe('0.50');
    expect(effect.useDelta).toBe(0);
  });
  it('a MEMBERSHIP line costs the price per use whatever was typed; a paid invoice spends or gives back the use', () => {
    const per = { pricePerUse: '8.33' };
    const to = editedInvoice(invoice([line('a')], { membershipId: 'mb' }), { itemId: 'a', price: '99.00', paymentType: 'MEMBERSHIP' }, per);
    expect(to.item).toMatchObject({ price: '8.33', paymentType: 'MEMBERSHIP' });
    expect(to.useDelta).toBe(1);
    const away = editedInvoice(
      invoice([line('a', { paymentType: 'MEMBERSHIP', price: '8.33' })]),
      { itemId: 'a', price: '30.00', paymentType: 'CC' },
      per,
    );
    expect(away.item.price).toBe('30.00');
    expect(away.useDelta).toBe(-1);
    const staying = editedInvoice(
      invoice([line('a', { paymentType: 'MEMBERSHIP', price: '8.33' })]),
      { itemId: 'a', price: '1.00', paymentType: 'MEMBERSHIP' },
      per,
    );
    expect(staying.useDelta).toBe(0);
    const draft = editedInvoice(
      invoice([line('a', { paymentType: 'MEMBERSHIP' })], { paid: false }),
      { itemId: 'a', price: '5.00', paymentType: 'CASH' },
      per,
    );
    expect(draft.useDelta).toBe(0);
  });
  it('throws for a line the invoice does not have (the check refuses it first)', () => {
    expect(() => editedInvoice(invoice([line('a')]), { itemId: 'x', price: '1.00', paymentType: 'CASH' }, null)).toThrow();
  });
  it('the total is always the sum of price × quantity of the lines after the edit', () => {
    const cents = fc.integer({ min: 0, max: 10_000_00 });
    const row = fc.record({ cents, quantity: fc.integer({ min: 1, max: 50 }) });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), fc.nat(), cents, (rows, pick, newCents) => {
        const items = rows.map((r, i) => line(`l${i}`, { price: (r.cents / 100).toFixed(2), quantity: r.quantity }));
        const target = items[pick % items.length] as InvoiceItemRow;
        const effect = editedInvoice(invoice(items), { itemId: target.id, price: (newCents / 100).toFixed(2), paymentType: 'CC' }, null);
        const expected = effect.items.reduce((sum, i) => sum + decimalToCents(i.price) * i.quantity, 0);
        expect(decimalToCents(effect.totalPrice)).toBe(expected);
        expect(effect.items.filter((i) => i.id !== target.id)).toEqual(items.filter((i) => i.id !== target.id));
      }),
    );
  });
});

describe('changesInvoice', () => {
  it('is false for the same price and type only', () => {
    expect(changesInvoice(line('a'), { price: '20.00', paymentType: 'CASH' })).toBe(false);
    expect(changesInvoice(line('a'), { price: '20.01', paymentType: 'CASH' })).toBe(true);
    expect(changesInvoice(line('a'), { price: '20.00', paymentType: 'CC' })).toBe(true);
  });
});

describe('removedInvoice', () => {
  it('a paid invoice gives back its products, summed per product, and its membership use', () => {
    const paid = invoice(
      [
        line('a', { paymentType: 'MEMBERSHIP' }),
        line('b', { type: 'PRODUCT', entityId: 'p1', quantity: 2 }),
        line('c', { type: 'PRODUCT', entityId: 'p1', quantity: 1 }),
        line('d', { type: 'PRODUCT', entityId: 'p2', quantity: 4 }),
      ],
      { membershipId: 'mb' },
    );
    const removal = removedInvoice(paid);
    expect([...removal.stockBack]).toEqual([
      ['p1', 3],
      ['p2', 4],
    ]);
    expect(removal.useBack).toBe('mb');
  });
  it('a paid invoice that no longer pays by membership gives no use back; a draft gives nothing back', () => {
    expect(removedInvoice(invoice([line('a')], { membershipId: 'mb' })).useBack).toBeNull();
    const draft = removedInvoice(
      invoice([line('b', { type: 'PRODUCT', entityId: 'p1' }), line('a', { paymentType: 'MEMBERSHIP' })], {
        paid: false,
        membershipId: 'mb',
      }),
    );
    expect([...draft.stockBack]).toEqual([]);
    expect(draft.useBack).toBeNull();
  });
});
