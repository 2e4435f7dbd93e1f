import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { firstIssue } from './access';
import { createMembershipSchema, membershipFormSchema, nextSerialNumber, pricePerUseOf } from './membership';
import { isAdministrator } from '../roles';

const form = { client: newId(), service: newId(), serialNumber: '7', quantity: '10', price: '120,5', paymentType: 'CC' };
const input = (overrides: Record<string, unknown> = {}) => ({
  id: newId(),
  salon: newId(),
  ...form,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});
const issue = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? null : firstIssue(result.issues);
};

describe('membership form and createMembership', () => {
  it('reads the typed values: whole numbers, the price with a comma, the price per use computed', () => {
    expect(v.parse(membershipFormSchema, form)).toEqual({
      client: form.client,
      service: form.service,
      serialNumber: 7,
      quantity: 10,
      price: '120.50',
      paymentType: 'CC',
    });
    const parsed = v.parse(createMembershipSchema, input({ author: newId() }));
    expect(parsed).toMatchObject({ serialNumber: 7, quantity: 10, price: '120.50', pricePerUse: '12.05' });
    expect(parsed).not.toHaveProperty('author');
  });

  it.each([
    ['client', null, 'membership.selectClient'],
    ['client', 'nope', 'membership.selectClient'],
    ['service', null, 'membership.selectService'],
    ['serialNumber', '', 'membership.enterSerialNumber'],
    ['serialNumber', '0', 'membership.enterSerialNumber'],
    ['serialNumber', '1.5', 'membership.enterSerialNumber'],
    ['serialNumber', '-3', 'membership.enterSerialNumber'],
    ['serialNumber', '1000000000', 'membership.enterSerialNumber'],
    ['quantity', '', 'membership.enterUses'],
    ['quantity', '0', 'membership.enterUses'],
    ['quantity', '10001', 'membership.enterUses'],
    ['price', '', 'membership.enterPrice'],
    ['price', 'abc', 'membership.enterPrice'],
    ['price', '1.234', 'membership.enterPrice'],
    ['price', '-5', 'membership.enterPrice'],
    ['price', '100000,01', 'validation.price.tooLarge'],
    ['paymentType', '', 'membership.selectPaymentType'],
    ['paymentType', undefined, 'membership.selectPaymentType'],
    ['paymentType', 'MEMBERSHIP', 'membership.selectPaymentType'],
  ])('%s = %j → %s on that field (form and server alike)', (field, value, message) => {
    expect(issue(membershipFormSchema, { ...form, [field]: value })).toEqual({ field, message });
    expect(issue(createMembershipSchema, input({ [field]: value }))).toEqual({ field, message });
  });

  it('takes a sent price per use only when it is the computed one', () => {
    expect(v.parse(createMembershipSchema, input({ price: '100', quantity: 3, pricePerUse: '33.33' })).pricePerUse).toBe('33.33');
    expect(issue(createMembershipSchema, input({ price: '100', quantity: 3, pricePerUse: '33.34' }))).toEqual({
      field: 'pricePerUse',
      message: 'membership.pricePerUseMismatch',
    });
  });

  it('needs a creation instant', () => {
    expect(issue(createMembershipSchema, input({ createdAt: 'yesterday' }))?.field).toBe('createdAt');
  });
});

describe('membership rules', () => {
  it.each([
    ['100.00', 3, '33.33'],
    ['120.50', 10, '12.05'],
    ['0.05', 2, '0.03'],
    ['0.00', 5, '0.00'],
  ])('price per use of %s over %d uses is %s', (price, uses, expected) => {
    expect(pricePerUseOf(price, uses)).toBe(expected);
  });

  it('pre-fills the serial number as the highest plus one, or 1', () => {
    expect(nextSerialNumber([])).toBe(1);
    expect(nextSerialNumber([{ serialNumber: 4 }, { serialNumber: 12 }, { serialNumber: 7 }])).toBe(13);
  });

  it('lets administrators and sysadmins manage memberships, not masters', () => {
    expect(isAdministrator({ role: 'ADMIN', isOwner: false })).toBe(true);
    expect(isAdministrator({ role: 'SYSADMIN', isOwner: false })).toBe(true);
    expect(isAdministrator({ role: 'MASTER', isOwner: false })).toBe(false);
  });
});
