import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addProductSchema, productFormSchema, productFormValues, type ProductFormValues } from './product';

const M = 'a'.repeat(24);
const valid: ProductFormValues = {
  name: ' Shampoo ',
  manufacturer: M,
  code: ' W-1 ',
  quantity: '12',
  price: '12,5',
  supplierPrice: '',
  type: 'SALE',
};
const messages = (values: unknown) => v.safeParse(productFormSchema, values).issues?.map((i) => i.message) ?? [];
const firstIssue = (values: unknown) => {
  const issue = v.safeParse(productFormSchema, values).issues?.[0];
  return { field: issue?.path?.map((p) => String(p.key)).join('.'), message: issue?.message };
};

describe('product schema', () => {
  it('gives the spec message for each empty required field', () => {
    expect(messages(productFormValues(null))).toEqual([
      'product.enterName',
      'product.enterManufacturer',
      'product.enterQuantity',
      'product.enterPrice',
      'product.chooseType',
    ]);
  });

  it('on submit: comma becomes dot with two decimals, quantity an integer, empty supplier price null, text trimmed', () => {
    expect(v.parse(productFormSchema, valid)).toEqual({
      name: 'Shampoo',
      manufacturer: M,
      code: 'W-1',
      quantity: 12,
      price: '12.50',
      supplierPrice: null,
      type: 'SALE',
    });
    expect(v.parse(productFormSchema, { ...valid, price: '0.05', supplierPrice: '7,25', type: 'INTERNAL' })).toMatchObject({
      price: '0.05',
      supplierPrice: '7.25',
      type: 'INTERNAL',
    });
    expect(v.parse(productFormSchema, { ...valid, price: '10' }).price).toBe('10.00');
  });

  it('is idempotent: the parsed values (what commands and the server get) parse to themselves', () => {
    const once = v.parse(addProductSchema, { ...valid, id: 'c'.repeat(24), salon: 'd'.repeat(24) });
    expect(v.parse(addProductSchema, once)).toEqual(once);
  });

  it('quantity: digits only', () => {
    for (const quantity of ['1.5', '-1', '1e3', 'five', '', '1234567890', 2.5])
      expect(firstIssue({ ...valid, quantity })).toEqual({ field: 'quantity', message: 'product.enterQuantity' });
    expect(v.parse(productFormSchema, { ...valid, quantity: '007' }).quantity).toBe(7);
    expect(v.parse(productFormSchema, { ...valid, quantity: 0 }).quantity).toBe(0);
  });

  it('price: digits with one comma or dot, two decimals at most; supplier price the same, with its own message', () => {
    for (const price of ['abc', '12.345', '1,2,3', '-5', ' ', '12a'])
      expect(firstIssue({ ...valid, price })).toEqual({ field: 'price', message: 'product.enterPrice' });
    for (const supplierPrice of ['x', '1.234', '5$'])
      expect(firstIssue({ ...valid, supplierPrice })).toEqual({ field: 'supplierPrice', message: 'product.supplierPriceInvalid' });
    expect(v.parse(productFormSchema, { ...valid, supplierPrice: null }).supplierPrice).toBeNull();
    expect(firstIssue({ ...valid, price: '100000.01' })).toEqual({ field: 'price', message: 'validation.price.tooLarge' });
    expect(firstIssue({ ...valid, supplierPrice: '999999' })).toEqual({ field: 'supplierPrice', message: 'validation.price.tooLarge' });
    expect(v.safeParse(productFormSchema, { ...valid, price: '100000' }).success).toBe(true);
  });

  it('manufacturer must be an id; type one of SALE and INTERNAL', () => {
    expect(firstIssue({ ...valid, manufacturer: 'wella' })).toEqual({ field: 'manufacturer', message: 'product.enterManufacturer' });
    expect(firstIssue({ ...valid, type: 'GIFT' })).toEqual({ field: 'type', message: 'product.chooseType' });
  });

  it('fills the edit form from a row, with the decimal mark of the language', () => {
    const row = { name: 'Oil', manufacturerId: M, code: '', quantity: 3, price: '4.50', supplierPrice: null, type: 'INTERNAL' as const };
    expect(productFormValues(row, ',')).toEqual({
      name: 'Oil',
      manufacturer: M,
      code: '',
      quantity: '3',
      price: '4,50',
      supplierPrice: '',
      type: 'INTERNAL',
    });
    expect(v.parse(productFormSchema, productFormValues(row, ','))).toMatchObject({ price: '4.50', quantity: 3, supplierPrice: null });
  });
});
