import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { canManageAdministrators, canSeeAdministrators } from '../rules/administrators';
import {
  addAdministratorInput,
  addAdministratorSchema,
  administratorName,
  BLANK_ADMINISTRATOR_FORM,
  editAdministratorFormSchema,
  newAdministratorFormSchema,
  updateAdministratorSchema,
  type NewAdministratorFormValues,
} from './administrator';

const ID = 'a'.repeat(24);
const valid: NewAdministratorFormValues = {
  ...BLANK_ADMINISTRATOR_FORM,
  firstName: ' Agnese ',
  lastName: 'Liepa',
  email: ' Agnese@Example.TEST ',
  phone: '+371 2612 3456',
  password: 'secret-pass',
  passwordRepeat: 'secret-pass',
};

/** Field → message ids, as the form shows them. */
function issues(values: Partial<NewAdministratorFormValues>): Record<string, string[]> {
  const result = v.safeParse(newAdministratorFormSchema, { ...valid, ...values });
  const out: Record<string, string[]> = {};
  for (const issue of result.issues ?? []) {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

describe('new administrator form (part 2 §5)', () => {
  it('accepts a complete form; trims and lower-cases, strips the phone', () => {
    const parsed = v.parse(newAdministratorFormSchema, valid);
    expect(parsed).toMatchObject({ firstName: 'Agnese', email: 'agnese@example.test', phone: '+37126123456' });
  });

  it.each([
    ['firstName', { firstName: '  ' }, 'administrator.enterFirstName'],
    ['email', { email: '' }, 'administrator.enterEmail'],
    ['email', { email: 'not-an-email' }, 'validation.email.invalid'],
    ['password', { password: '', passwordRepeat: '' }, 'administrator.enterPassword'],
    ['password', { password: 'short', passwordRepeat: 'short' }, 'validation.password.tooShort'],
    ['passwordRepeat', { passwordRepeat: '' }, 'administrator.confirmPassword'],
    ['phone', { phone: '26123456' }, 'validation.phone.countryCode'],
    ['phone', { phone: '+371 123' }, 'validation.phone.invalid'],
  ])('%s: %j → %s', (field, values, message) => {
    expect(issues(values)[field]?.[0]).toBe(message);
  });

  it("puts 'Passwords dont match' on both fields, even while another field is invalid", () => {
    const found = issues({ firstName: '', email: '', password: 'secret-pass', passwordRepeat: 'secret-pasS' });
    expect(found.password).toEqual(['administrator.passwordsDontMatch']);
    expect(found.passwordRepeat).toEqual(['administrator.passwordsDontMatch']);
    expect(found.firstName).toEqual(['administrator.enterFirstName']);
    expect(found.email).toEqual(['administrator.enterEmail']);
  });

  it('asks no password for an e-mail that already has an account; a bare +371 is no phone', () => {
    expect(
      v.safeParse(newAdministratorFormSchema, { ...valid, existing: true, password: '', passwordRepeat: '', phone: '+371' }).success,
    ).toBe(true);
    const input = addAdministratorInput({ ...valid, existing: true, password: '', passwordRepeat: '' }, ID, ID);
    expect(input).toEqual({
      id: ID,
      userId: null,
      salonId: ID,
      firstName: 'Agnese',
      lastName: 'Liepa',
      email: 'agnese@example.test',
      phone: '+37126123456',
      password: null,
    });
    expect(addAdministratorInput(valid, ID, ID).password).toBe('secret-pass');
  });
});

describe('server inputs', () => {
  it('addAdministrator never takes the repeat and needs a valid salon id; a password, if sent, is at least 8 characters', () => {
    const base = { salonId: ID, firstName: 'A', email: 'a@b.test' };
    expect(v.safeParse(addAdministratorSchema, base).success).toBe(true);
    expect(v.safeParse(addAdministratorSchema, { ...base, salonId: 'x' }).success).toBe(false);
    expect(v.safeParse(addAdministratorSchema, { ...base, password: 'short' }).issues?.[0]?.message).toBe('validation.password.tooShort');
    expect(v.safeParse(addAdministratorSchema, { ...base, password: '' }).issues?.[0]?.message).toBe('administrator.enterPassword');
    expect(v.parse(addAdministratorSchema, { ...base, passwordRepeat: 'x' })).not.toHaveProperty('passwordRepeat');
  });

  it('updateAdministrator and the edit form change the name and phone only', () => {
    const parsed = v.parse(updateAdministratorSchema, {
      salonId: ID,
      administratorId: ID,
      firstName: ' Ivo ',
      lastName: '',
      phone: '+371',
      email: 'x@y.z',
      password: 'p',
    });
    expect(parsed).toEqual({ userId: null, salonId: ID, administratorId: ID, firstName: 'Ivo', lastName: '', phone: null, command: null });
    expect(v.safeParse(editAdministratorFormSchema, { firstName: '', lastName: '', phone: '+371' }).issues?.[0]?.message).toBe(
      'administrator.enterFirstName',
    );
  });

  it('names an administrator by name, else by e-mail', () => {
    expect(administratorName({ firstName: 'Ivo', lastName: 'Liepa', email: 'i@x.test' })).toBe('Ivo Liepa');
    expect(administratorName({ firstName: '', lastName: '', email: 'i@x.test' })).toBe('i@x.test');
  });
});

describe('roles (part 2 §6)', () => {
  it.each([
    [{ role: 'ADMIN', isOwner: true }, true, true],
    [{ role: 'ADMIN', isOwner: false }, false, false],
    [{ role: 'MASTER', isOwner: false }, false, false],
    [{ role: 'SYSADMIN', isOwner: false }, true, false],
    [{ role: 'SYSADMIN', isOwner: true }, true, true],
  ] as const)('%j sees %s, manages %s', (access, sees, manages) => {
    expect(canSeeAdministrators(access)).toBe(sees);
    expect(canManageAdministrators(access)).toBe(manages);
  });
});
