import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { firstIssue } from './access';
import {
  archiveCartInvoiceSchema,
  createCartInvoiceSchema,
  MAX_SALE_QUANTITY,
  saleFormSchema,
  toCreateCartInvoiceInput,
  type SaleFormValues,
} from './sale';

const item = (overrides: Record<string, unknown> = {}) => ({
  id: newId(),
  entity: newId(),
  quantity: 2,
  price: '12,5',
  paymentType: 'CASH',
  ...overrides,
});
const form = (overrides: Record<string, unknown> = {}) => ({ administrator: newId(), items: [item()], ...overrides });
const issue = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? null : firstIssue(result.issues);
};

describe('Sale form and createCartInvoice (part 1 §5)', () => {
  it('reads the typed values: the price with a comma becomes the row format, the total is exact', () => {
    const values = form({ items: [item({ price: '12,5', quantity: 2 }), item({ price: '0.1', quantity: 3, paymentType: 'GIFT' })] });
    const parsed = v.parse(createCartInvoiceSchema, { id: newId(), salon: newId(), ...values });
    expect(parsed.items.map((i) => i.price)).toEqual(['12.50', '0.10']);
    expect(parsed.totalPrice).toBe('25.30');
    expect(parsed.command).toBeNull();
  });

  it.each([
    [{ administrator: null }, 'administrator', 'sale.selectAdministrator'],
    [{ administrator: '' }, 'administrator', 'sale.selectAdministrator'],
    [{ administrator: 'not-an-id' }, 'administrator', 'sale.selectAdministrator'],
    [{ items: [] }, 'items', 'sale.addAtLeastOne'],
    [{ items: [item({ entity: null })] }, 'items.0.entity', 'sale.selectProduct'],
    [{ items: [item(), item({ entity: 'x' })] }, 'items.1.entity', 'sale.selectProduct'],
    [{ items: [item({ quantity: null })] }, 'items.0.quantity', 'sale.selectQuantity'],
    [{ items: [item({ quantity: 0 })] }, 'items.0.quantity', 'sale.selectQuantity'],
    [{ items: [item({ quantity: 1.5 })] }, 'items.0.quantity', 'sale.selectQuantity'],
    [{ items: [item({ quantity: -1 })] }, 'items.0.quantity', 'sale.selectQuantity'],
    [{ items: [item({ quantity: MAX_SALE_QUANTITY + 1 })] }, 'items.0.quantity', 'sale.selectQuantity'],
    [{ items: [item({ price: '' })] }, 'items.0.price', 'sale.priceInvalid'],
    [{ items: [item({ price: '0' })] }, 'items.0.price', 'sale.priceInvalid'],
    [{ items: [item({ price: '0,00' })] }, 'items.0.price', 'sale.priceInvalid'],
    [{ items: [item({ price: '250000' })] }, 'items.0.price', 'validation.price.tooLarge'],
    [{ items: [item({ price: '12.345' })] }, 'items.0.price', 'sale.priceInvalid'],
    [{ items: [item({ price: 'abc' })] }, 'items.0.price', 'sale.priceInvalid'],
    [{ items: [item({ price: '-5' })] }, 'items.0.price', 'sale.priceInvalid'],
    [{ items: [item({ paymentType: null })] }, 'items.0.paymentType', 'sale.selectPaymentType'],
    [{ items: [item({ paymentType: 'MEMBERSHIP' })] }, 'items.0.paymentType', 'sale.selectPaymentType'],
  ])('%j → %s: %s', (patch, field, message) => {
    expect(issue(saleFormSchema, form(patch))).toEqual({ field, message });
    expect(issue(createCartInvoiceSchema, { id: newId(), salon: newId(), ...form(patch) })).toEqual({ field, message });
  });

  it('refuses two items with one id, and a price beyond €100 000 before any total could pass numeric(12,2)', () => {
    const same = item();
    expect(issue(saleFormSchema, form({ items: [same, { ...same }] }))?.message).toBe('validation.id.invalid');
    const huge = form({ items: [item({ price: '9999999999,99', quantity: 2 })] });
    expect(issue(saleFormSchema, huge)).toEqual({ field: 'items.0.price', message: 'validation.price.tooLarge' });
  });

  it('turns the form values into the command input unchanged', () => {
    const values: SaleFormValues = {
      administrator: newId(),
      items: [{ id: newId(), entity: newId(), quantity: 1, price: '3', paymentType: 'CC' }],
    };
    const input = toCreateCartInvoiceInput('a'.repeat(24), 'b'.repeat(24), values);
    expect(v.parse(createCartInvoiceSchema, input).totalPrice).toBe('3.00');
  });

  it('archiveCartInvoice takes an id and a flag', () => {
    expect(v.parse(archiveCartInvoiceSchema, { invoiceId: 'c'.repeat(24), archived: true })).toMatchObject({ archived: true });
    expect(issue(archiveCartInvoiceSchema, { invoiceId: 'nope', archived: true })?.field).toBe('invoiceId');
  });
});
