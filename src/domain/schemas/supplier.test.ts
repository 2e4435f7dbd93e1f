import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  BLANK_SUPPLIER_FORM,
  connectionsUnchanged,
  getSuppliersSchema,
  manufacturerOptions,
  supplierConnectionsSchema,
  supplierFormSchema,
  supplierInput,
} from './supplier';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const m = (id: string, salonId: string, deletedAt: string | null = null) => ({ id, salonId, deletedAt, name: id });
const issues = (values: Partial<typeof BLANK_SUPPLIER_FORM>) => {
  const result = v.safeParse(supplierFormSchema, { ...BLANK_SUPPLIER_FORM, ...values });
  // The first message of each field, as the form shows it.
  return result.success ? {} : Object.fromEntries(result.issues.reverse().map((i) => [i.path?.map((p) => p.key).join('.'), i.message]));
};

describe('the supplier form (part 2 §5)', () => {
  const filled = {
    firstName: 'Sandis',
    email: 'S@Example.test',
    phone: '+371 2000 1234',
    password: 'secret-pass',
    passwordRepeat: 'secret-pass',
  };

  it('asks for a first name, a valid e-mail, a password and its repeat for a new person', () => {
    expect(issues({})).toMatchObject({
      firstName: 'client.enterFirstName',
      email: 'validation.email.invalid',
      password: 'supplier.enterPassword',
      passwordRepeat: 'supplier.repeatPassword',
    });
    expect(issues(filled)).toEqual({});
  });

  it('checks the phone: + and a valid number; the bare +371 counts as none', () => {
    expect(issues({ ...filled, phone: '2000 1234' })).toEqual({ phone: 'validation.phone.countryCode' });
    expect(issues({ ...filled, phone: '+371 123' })).toEqual({ phone: 'validation.phone.invalid' });
    expect(issues({ ...filled, phone: '+371' })).toEqual({});
  });

  it('shows a mismatch on both password fields; an existing person needs no password', () => {
    expect(issues({ ...filled, passwordRepeat: 'other-pass' })).toEqual({
      password: 'supplier.passwordMismatch',
      passwordRepeat: 'supplier.passwordMismatch',
    });
    expect(issues({ ...filled, password: '', passwordRepeat: '', existing: true })).toEqual({});
    expect(issues({ ...filled, passwordRepeat: '', existing: true })).toEqual({ passwordRepeat: 'supplier.repeatPassword' });
  });

  it('sends the phone stripped, the e-mail lower-cased and no password when none was typed', () => {
    expect(supplierInput({ ...BLANK_SUPPLIER_FORM, ...filled })).toEqual({
      firstName: 'Sandis',
      lastName: '',
      email: 's@example.test',
      phone: '+37120001234',
      password: 'secret-pass',
    });
    expect(supplierInput({ ...BLANK_SUPPLIER_FORM, ...filled, password: '', phone: '+371' })).toMatchObject({
      phone: null,
      password: null,
    });
  });
});

describe('the Connections tab (part 2 §2, §5)', () => {
  const all = [m('m1', A), m('m2', A), m('m3', A, '2026-01-01T00:00:00.000Z'), m('m4', B)];

  it("offers the row's salon's live manufacturers not chosen in other rows", () => {
    const rows = [
      { salon: A, manufacturer: 'm1' },
      { salon: A, manufacturer: '' },
    ];
    expect(manufacturerOptions(all, rows, 1).map((x) => x.id)).toEqual(['m2']);
    expect(manufacturerOptions(all, rows, 0).map((x) => x.id)).toEqual(['m1', 'm2']);
    expect(manufacturerOptions(all, [{ salon: '', manufacturer: '' }], 0)).toEqual([]);
  });

  it('keeps a deleted manufacturer only as the row it is already chosen in', () => {
    expect(manufacturerOptions(all, [{ salon: A, manufacturer: 'm3' }], 0).map((x) => x.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('counts as unchanged when the rows equal the initial ones or there are none', () => {
    const initial = [{ salon: A, manufacturer: 'm1' }];
    expect(connectionsUnchanged([], initial)).toBe(true);
    expect(connectionsUnchanged([{ salon: A, manufacturer: 'm1' }], initial)).toBe(true);
    expect(connectionsUnchanged([{ salon: A, manufacturer: 'm2' }], initial)).toBe(false);
    expect(connectionsUnchanged([...initial, { salon: B, manufacturer: 'm4' }], initial)).toBe(false);
  });

  it('refuses on the server no rows, a row without salon or manufacturer, and a manufacturer twice', () => {
    const parse = (connections: unknown) => v.safeParse(supplierConnectionsSchema, { supplier: A, connections });
    expect(parse([]).issues?.[0]?.message).toBe('supplier.addAtLeastOne');
    expect(parse([{ salon: '', manufacturer: B }]).issues?.[0]?.message).toBe('supplier.selectSalon');
    expect(parse([{ salon: A, manufacturer: '' }]).issues?.[0]?.message).toBe('supplier.selectManufacturer');
    expect(
      parse([
        { salon: A, manufacturer: B },
        { salon: A, manufacturer: B },
      ]).issues?.[0]?.message,
    ).toBe('supplier.manufacturerTwice');
  });
});

describe('getSuppliers input', () => {
  it('pages by 20 at most', () => {
    expect(v.parse(getSuppliersSchema, {})).toEqual({ search: '', first: 20, after: null });
    expect(v.safeParse(getSuppliersSchema, { first: 21 }).success).toBe(false);
  });
});
