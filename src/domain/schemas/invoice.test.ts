import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { firstIssue } from './access';
import { invoiceFormSchema, toUpdateInvoiceInput, updateInvoiceSchema, type InvoiceItemValues } from './invoice';

const item = (overrides: Partial<InvoiceItemValues> = {}): InvoiceItemValues => ({
  id: newId(),
  type: 'SERVICE',
  entity: newId(),
  quantity: 1,
  price: '12,5',
  paymentType: 'CASH',
  seller: newId(),
  discountType: null,
  discount: '',
  ...overrides,
});
const NO_TIP = { tip: '', tipMaster: null, tipPaymentType: null };
const issue = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? null : firstIssue(result.issues);
};

describe('invoice form (part 1 §5)', () => {
  it('reads a typed price with a comma or a dot as an exact decimal', () => {
    const parsed = v.parse(invoiceFormSchema, { items: [item(), item({ price: '0.1' }), item({ price: '7' })] });
    expect(parsed.items.map((i) => i.price)).toEqual(['12.50', '0.10', '7.00']);
  });

  it("'Add at least one item'", () => {
    expect(issue(invoiceFormSchema, { items: [] })).toEqual({ field: 'items', message: 'invoice.addItem' });
  });

  it.each([
    ['type', null, 'invoice.selectType'],
    ['entity', null, 'invoice.selectEntity'],
    ['entity', 'x', 'invoice.selectEntity'],
    ['quantity', null, 'invoice.selectQuantity'],
    ['quantity', 0, 'invoice.selectQuantity'],
    ['quantity', 1.5, 'invoice.selectQuantity'],
    ['price', '', 'invoice.enterPrice'],
    ['price', 'abc', 'invoice.enterPrice'],
    ['price', '1.234', 'invoice.enterPrice'],
    ['price', '-3', 'invoice.enterPrice'],
    // A sane maximum with its own message, not the bare 'Enter price' (issue 60 item 12).
    ['price', '100000.01', 'validation.price.tooLarge'],
    ['price', '1000000', 'validation.price.tooLarge'],
    ['paymentType', null, 'invoice.selectPaymentType'],
    ['paymentType', 'BITCOIN', 'invoice.selectPaymentType'],
    ['seller', null, 'invoice.selectSeller'],
  ] as const)('%s = %j → %s on the line field', (field, value, message) => {
    expect(issue(invoiceFormSchema, { items: [item({ [field]: value } as Partial<InvoiceItemValues>)] })).toEqual({
      field: `items.0.${field}`,
      message,
    });
  });

  it("'Only one use of membership is allowed'", () => {
    expect(issue(invoiceFormSchema, { items: [item({ paymentType: 'MEMBERSHIP' }), item({ paymentType: 'MEMBERSHIP' })] })).toEqual({
      field: 'items',
      message: 'invoice.oneMembershipUse',
    });
  });
});

describe('updateInvoice input', () => {
  it('names the membership only when a line is paid by it; carries paid', () => {
    const membership = newId();
    const cash = toUpdateInvoiceInput(newId(), { items: [item()], ...NO_TIP }, membership, false);
    expect(cash.membership).toBeNull();
    const used = v.parse(
      updateInvoiceSchema,
      toUpdateInvoiceInput(newId(), { items: [item({ paymentType: 'MEMBERSHIP' })], ...NO_TIP }, membership, true),
    );
    expect(used).toMatchObject({ membership, paid: true, items: [{ price: '12.50', paymentType: 'MEMBERSHIP' }] });
  });
  it('refuses a malformed membership id and a missing paid flag', () => {
    expect(issue(updateInvoiceSchema, { invoiceId: newId(), membership: 'x', items: [item()], paid: false })?.field).toBe('membership');
    expect(issue(updateInvoiceSchema, { invoiceId: newId(), items: [item()] })?.field).toBe('paid');
  });
});
