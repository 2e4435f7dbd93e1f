import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, firstIssue, loginSchema, signupSchema } from './access';

const validSignup = {
  salonName: 'Rose',
  salonAddress: 'Brivibas 1, Riga',
  firstName: 'Anna',
  lastName: '',
  email: 'Anna@Example.com ',
  phone: '+371 2000 0000',
  password: 'secret-pass',
  promoCode: '',
  captcha: 'payload',
};

describe('loginSchema', () => {
  it.each([
    [{ username: '', password: 'x' }, 'username', 'access.login.enterUsername'],
    [{ username: 'a@b.lv', password: '' }, 'password', 'access.login.enterPassword'],
  ])('refuses %o on %s', (input, field, message) => {
    const result = v.safeParse(loginSchema, input);
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssue(result.issues)).toEqual({ field, message });
  });
  it('defaults the role to ADMIN', () => {
    expect(v.parse(loginSchema, { username: 'a', password: 'b' }).role).toBe('ADMIN');
  });
});

describe('signupSchema', () => {
  it('normalises e-mail and phone', () => {
    const out = v.parse(signupSchema, validSignup);
    expect(out.email).toBe('anna@example.com');
    expect(out.phone).toBe('+37120000000');
  });
  it('treats the bare +371 prefix as no phone', () => {
    expect(v.parse(signupSchema, { ...validSignup, phone: '+371' }).phone).toBeNull();
  });
  it.each([
    ['promoCode', 'A'.repeat(20), 'access.signup.invalidPromoCode'],
    ['salonName', ' ', 'access.signup.enterSalonName'],
    ['salonAddress', '', 'access.signup.enterSalonAddress'],
    ['firstName', '', 'access.signup.enterFirstName'],
    ['email', '', 'access.signup.enterEmail'],
    ['password', '', 'access.signup.enterPassword'],
    ['captcha', '', 'access.signup.solveCaptcha'],
    ['phone', '37120000000', 'validation.phone.countryCode'],
    ['phone', '+3712', 'validation.phone.invalid'],
  ])('refuses %s=%j with %s', (field, value, message) => {
    const result = v.safeParse(signupSchema, { ...validSignup, [field]: value });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssue(result.issues)).toEqual({ field, message });
  });
  it('accepts a promo code of 19 characters', () => {
    expect(v.safeParse(signupSchema, { ...validSignup, promoCode: 'A'.repeat(19) }).success).toBe(true);
  });
});

describe('changePasswordFormSchema', () => {
  it('puts a mismatch on the repeat field', () => {
    const result = v.safeParse(changePasswordFormSchema, { password: 'abcdefgh', passwordRepeat: 'abcdefgX' });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssue(result.issues)).toEqual({ field: 'passwordRepeat', message: 'access.changePassword.mismatch' });
  });
});

describe('formatPhoneAsTyped', async () => {
  const { formatPhoneAsTyped, stripPhone } = await import('./phone');
  it('formats Latvian numbers and strips back to + and digits', () => {
    expect(formatPhoneAsTyped('+37120000000')).toBe('+371 20 000 000');
    expect(stripPhone('+371 20 000 000')).toBe('+37120000000');
    expect(formatPhoneAsTyped('2000')).toBe('2000');
  });
});
