import { describe, expect, it } from 'vitest';
import type { Role } from '../roles';
import type { Actor } from './appointments';
import {
  checkCreateInvoice,
  checkDeleteInvoice,
  checkEditInvoice,
  checkUpdateInvoice,
  invoiceLines,
  type LineReads,
  type PriorLine,
} from './invoices';

const SALON = 's'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };
const as = (role: Role): Actor => ({ ...admin, role });
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;

describe('createInvoice check', () => {
  const input = (salon = SALON) => ({ id: 'inv', salon, appointment: 'a1', command: null });
  const ok = { appointmentExists: true, idTaken: false, hasInvoice: false };
  it('refuses another salon, a gone appointment, a taken id, a second invoice, in that order', () => {
    expect(checkCreateInvoice(input('x'.repeat(24)), admin, { ...ok, appointmentExists: false })).toMatchObject({
      code: 'Forbidden',
      reason: 'NOT_THE_SESSION_SALON',
    });
    expect(checkCreateInvoice(input(), admin, { ...ok, appointmentExists: false, idTaken: true })).toMatchObject({
      code: 'NotExists',
      messageId: 'appointment.notExists',
    });
    expect(reason(checkCreateInvoice(input(), admin, { ...ok, idTaken: true, hasInvoice: true }))).toBe('ID_ALREADY_EXISTS');
    expect(checkCreateInvoice(input(), admin, { ...ok, hasInvoice: true })).toMatchObject({
      reason: 'INVOICE_ALREADY_EXISTS',
      messageId: 'invoice.alreadyExists',
    });
  });
  it('lets anyone of the salon make it, a master too', () => {
    expect(checkCreateInvoice(input(), admin, ok)).toBeNull();
    expect(checkCreateInvoice(input(), as('MASTER'), ok)).toBeNull();
  });
});

type Item = {
  id: string;
  type: 'SERVICE' | 'PRODUCT';
  entity: string;
  quantity: number;
  price: string;
  paymentType: 'CASH' | 'MEMBERSHIP' | 'CC' | 'GIFT';
  seller: string;
  discountType: 'PERCENT' | 'AMOUNT' | null;
  discount: string;
};
const line = (over: Partial<Item> = {}): Item => ({
  id: 'l1',
  type: 'SERVICE',
  entity: 'v1',
  quantity: 1,
  price: '25.00',
  paymentType: 'CASH',
  seller: 'm1',
  discountType: null,
  discount: '0.00',
  ...over,
});
const prior = (over: Partial<PriorLine> = {}): PriorLine => ({
  id: 'l1',
  type: 'SERVICE',
  entityId: 'v1',
  sellerId: 'm1',
  sellerType: 'MASTER',
  ...over,
});
const update = (
  items: Item[],
  over: Partial<{
    paid: boolean;
    membership: string | null;
    tip: string;
    tipMaster: string | null;
    tipPaymentType: 'CASH' | 'CC' | null;
  }> = {},
) => ({
  invoiceId: 'inv',
  membership: null,
  items,
  paid: false,
  tip: '0.00',
  tipMaster: null,
  tipPaymentType: null,
  command: null,
  ...over,
});
const lines: LineReads = {
  services: new Set(['v1']),
  products: new Set(['p1']),
  sellers: new Map([
    ['m1', 'MASTER'],
    ['u1', 'ADMINISTRATOR'],
    ['k1', 'CABINET'],
  ]),
};
const membership = { serviceId: 'v1', totalUses: 0, quantity: 5 };
const reads = {
  invoice: { paid: false, appointmentId: 'a1', items: [prior()] },
  lines,
  appointment: { clientId: 'c1' },
  membership: null,
  itemIdTaken: false,
  stock: new Map<string, number>(),
};

describe('updateInvoice check', () => {
  it('refuses a gone invoice and a paid one', () => {
    expect(checkUpdateInvoice(update([line()]), admin, { ...reads, invoice: null })).toMatchObject({
      code: 'NotExists',
      messageId: 'invoice.notExists',
    });
    expect(reason(checkUpdateInvoice(update([line()]), admin, { ...reads, invoice: { ...reads.invoice, paid: true } }))).toBe(
      'INVOICE_IS_PAID',
    );
    expect(checkUpdateInvoice(update([line()]), admin, reads)).toBeNull();
  });
  it('lets a master change and pay the lines but not add one (MASTER_CANNOT_ADD_INVOICE_ITEMS)', () => {
    expect(checkUpdateInvoice(update([line({ price: '20' })]), as('MASTER'), reads)).toBeNull();
    expect(reason(checkUpdateInvoice(update([line(), line({ id: 'l2' })]), as('MASTER'), reads))).toBe('MASTER_CANNOT_ADD_INVOICE_ITEMS');
    expect(checkUpdateInvoice(update([line(), line({ id: 'l2' })]), admin, reads)).toBeNull();
  });
  it("refuses a line's unknown entity or seller on its field, unless the line keeps it as it was", () => {
    expect(checkUpdateInvoice(update([line(), line({ id: 'l2', entity: 'gone' })]), admin, reads)).toMatchObject({
      field: 'items.1.entity',
      messageId: 'invoice.selectEntity',
    });
    expect(checkUpdateInvoice(update([line({ id: 'l2', type: 'PRODUCT', entity: 'v1' })]), admin, reads)).toMatchObject({
      field: 'items.0.entity',
    });
    expect(checkUpdateInvoice(update([line({ id: 'l2', seller: 'nobody' })]), admin, reads)).toMatchObject({
      field: 'items.0.seller',
      messageId: 'invoice.selectSeller',
    });
    const gone = { ...reads, lines: { services: new Set<string>(), products: new Set<string>(), sellers: new Map() } };
    expect(checkUpdateInvoice(update([line()]), admin, gone)).toBeNull();
    expect(checkUpdateInvoice(update([line({ seller: 'u1' })]), admin, gone)).toMatchObject({ field: 'items.0.seller' });
  });
  it("refuses when the invoice's appointment is gone", () => {
    expect(checkUpdateInvoice(update([line()]), admin, { ...reads, appointment: null })).toMatchObject({
      code: 'NotExists',
      messageId: 'appointment.notExists',
    });
    expect(
      checkUpdateInvoice(update([line()]), admin, { ...reads, appointment: null, invoice: { ...reads.invoice, appointmentId: null } }),
    ).toBeNull();
  });
  it('applies the membership rules', () => {
    const use = line({ paymentType: 'MEMBERSHIP', price: '10.00' });
    expect(reason(checkUpdateInvoice(update([use], { membership: 'ms' }), admin, reads))).toBe('MEMBERSHIP_DOES_NOT_EXIST');
    expect(
      reason(checkUpdateInvoice(update([use], { membership: 'ms' }), admin, { ...reads, membership: { ...membership, totalUses: 5 } })),
    ).toBe('NEGATIVE_QUANTITY_OF_MEMBERSHIP_USES');
    expect(checkUpdateInvoice(update([use], { membership: 'ms' }), admin, { ...reads, membership })).toBeNull();
  });
  it('refuses a total beyond numeric(12,2), then a taken line id', () => {
    const huge = [line({ price: '9999999999.99', quantity: 100 })];
    expect(checkUpdateInvoice(update(huge), admin, { ...reads, itemIdTaken: true })).toMatchObject({
      field: 'items',
      messageId: 'invoice.totalTooLarge',
    });
    expect(reason(checkUpdateInvoice(update([line(), line({ id: 'l2' })]), admin, { ...reads, itemIdTaken: true }))).toBe(
      'ID_ALREADY_EXISTS',
    );
  });
  it('checks the stock when paying only, as the server takes it (no field; a gone product does not exist)', () => {
    const sold = [line(), line({ id: 'l2', type: 'PRODUCT', entity: 'p1', quantity: 2 })];
    expect(checkUpdateInvoice(update(sold), admin, reads)).toBeNull();
    expect(checkUpdateInvoice(update(sold, { paid: true }), admin, { ...reads, stock: new Map([['p1', 1]]) })).toMatchObject({
      reason: 'NEGATIVE_PRODUCT_QUANTITY',
      field: null,
    });
    expect(checkUpdateInvoice(update(sold, { paid: true }), admin, reads)).toMatchObject({
      code: 'NotExists',
      messageId: 'product.notExists',
    });
    expect(checkUpdateInvoice(update(sold, { paid: true }), admin, { ...reads, stock: new Map([['p1', 2]]) })).toBeNull();
  });
});

describe('invoice lines as stored', () => {
  it("keeps a kept seller's type, else takes the salon's", () => {
    const [kept, other] = invoiceLines([line(), line({ id: 'l2', seller: 'k1' })], [prior({ sellerType: 'ADMINISTRATOR' })], lines.sellers);
    expect(kept).toEqual({
      id: 'l1',
      type: 'SERVICE',
      entityId: 'v1',
      sellerId: 'm1',
      sellerType: 'ADMINISTRATOR',
      quantity: 1,
      price: '25.00',
      paymentType: 'CASH',
      discountType: null,
      discount: '0.00',
    });
    expect(other?.sellerType).toBe('CABINET');
  });
});

describe('editInvoice and deleteInvoice checks (decision 039)', () => {
  const owner: Actor = { ...admin, isOwner: true };
  const row = (id: string, overrides: Record<string, unknown> = {}) => ({
    id,
    type: 'SERVICE' as const,
    entityId: 'svc',
    sellerId: 'm1',
    sellerType: 'MASTER' as const,
    quantity: 1,
    price: '20.00',
    paymentType: 'CASH' as const,
    ...overrides,
  });
  const invoice = (overrides: Record<string, unknown> = {}) => ({
    paid: true,
    membershipId: 'mb' as string | null,
    items: [row('a'), row('b', { type: 'PRODUCT', entityId: 'p1' })],
    ...overrides,
  });
  const membership = { serviceId: 'svc', totalUses: 1, quantity: 3, pricePerUse: '8.33' };
  const edit = (itemId: string, paymentType: 'CASH' | 'CC' | 'GIFT' | 'MEMBERSHIP', price = '10.00') => ({
    invoiceId: 'inv',
    itemId,
    price,
    paymentType,
    command: null,
  });

  it('lets the owner and a sysadmin edit and remove; an administrator or a master never', () => {
    expect(checkEditInvoice(edit('a', 'CC'), owner, { invoice: invoice(), membership })).toBeNull();
    expect(checkEditInvoice(edit('a', 'CC'), as('SYSADMIN'), { invoice: invoice(), membership })).toBeNull();
    for (const actor of [admin, as('MASTER')]) {
      expect(reason(checkEditInvoice(edit('a', 'CC'), actor, { invoice: invoice(), membership }))).toBe('ONLY_OWNER_EDITS_INVOICES');
      expect(reason(checkDeleteInvoice(actor, { exists: true }))).toBe('ONLY_OWNER_EDITS_INVOICES');
    }
    expect(checkDeleteInvoice(owner, { exists: true })).toBeNull();
    expect(checkDeleteInvoice(owner, { exists: false })).toMatchObject({ code: 'NotExists', messageId: 'invoice.notExists' });
  });

  it('refuses a gone invoice, then a line it does not have', () => {
    expect(checkEditInvoice(edit('a', 'CC'), owner, { invoice: null, membership })).toMatchObject({ messageId: 'invoice.notExists' });
    expect(checkEditInvoice(edit('x', 'CC'), owner, { invoice: invoice(), membership })).toMatchObject({
      code: 'NotExists',
      messageId: 'invoice.itemNotExists',
    });
  });

  it('MEMBERSHIP only for the membership item, once, with a use left on a paid invoice; a deleted membership does not exist', () => {
    expect(checkEditInvoice(edit('a', 'MEMBERSHIP'), owner, { invoice: invoice(), membership })).toBeNull();
    expect(checkEditInvoice(edit('b', 'MEMBERSHIP'), owner, { invoice: invoice(), membership })).toMatchObject({
      reason: 'MEMBERSHIP_NOT_FOR_ITEM',
      field: 'paymentType',
    });
    expect(reason(checkEditInvoice(edit('a', 'MEMBERSHIP'), owner, { invoice: invoice({ membershipId: null }), membership: null }))).toBe(
      'MEMBERSHIP_NOT_FOR_ITEM',
    );
    expect(checkEditInvoice(edit('a', 'MEMBERSHIP'), owner, { invoice: invoice(), membership: null })).toMatchObject({
      reason: 'MEMBERSHIP_DOES_NOT_EXIST',
      field: 'paymentType',
    });
    const twice = invoice({ items: [row('a'), row('c', { paymentType: 'MEMBERSHIP' })] });
    expect(checkEditInvoice(edit('a', 'MEMBERSHIP'), owner, { invoice: twice, membership })).toMatchObject({
      reason: 'ONLY_ONE_MEMBERSHIP_USE',
      field: 'paymentType',
    });
    const spent = { ...membership, totalUses: 3 };
    expect(checkEditInvoice(edit('a', 'MEMBERSHIP'), owner, { invoice: invoice(), membership: spent })).toMatchObject({
      reason: 'NEGATIVE_QUANTITY_OF_MEMBERSHIP_USES',
      field: 'paymentType',
    });
    // A line already paid by the membership keeps it with no use left: nothing more is spent.
    const using = invoice({ items: [row('a', { paymentType: 'MEMBERSHIP' })] });
    expect(checkEditInvoice(edit('a', 'MEMBERSHIP'), owner, { invoice: using, membership: spent })).toBeNull();
  });

  it('refuses a total beyond numeric(12,2) on the price', () => {
    const big = invoice({ items: [row('a'), row('b', { price: '9999999999.00' })] });
    expect(checkEditInvoice(edit('a', 'CC', '9999999999.00'), owner, { invoice: big, membership })).toMatchObject({
      field: 'price',
      messageId: 'invoice.totalTooLarge',
    });
  });
});
