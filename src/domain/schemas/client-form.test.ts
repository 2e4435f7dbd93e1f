import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { canSetBirthday } from '../rules/permissions';
import { birthdayFromForm, birthdayToForm, BLANK_CLIENT_FORM, clientFormSchema, formatBirthdayAsTyped } from './client-form';

const messages = (values: unknown) => v.safeParse(clientFormSchema, values).issues?.map((i) => i.message) ?? [];

describe('client form schema', () => {
  it('requires first name and gender with the spec messages', () => {
    expect(messages(BLANK_CLIENT_FORM)).toEqual(expect.arrayContaining(['client.enterFirstName', 'client.selectGender']));
  });
  it('checks the phone: country code, then validity; the bare +371 counts as none', () => {
    const base = { ...BLANK_CLIENT_FORM, firstName: 'Anna', gender: 'FEMALE' };
    expect(messages(base)).toEqual([]);
    expect(messages({ ...base, phone: '2000 0000' })[0]).toBe('validation.phone.countryCode');
    expect(messages({ ...base, phone: '+371 123' })).toEqual(['validation.phone.invalid']);
    expect(v.parse(clientFormSchema, { ...base, phone: '+371 2000 0000' }).phone).toBe('+37120000000');
  });
  it('takes the birthday as MM.DD.YYYY and sends YYYY-MM-DD; impossible dates are refused', () => {
    const base = { ...BLANK_CLIENT_FORM, firstName: 'Anna', gender: 'FEMALE' };
    expect(v.parse(clientFormSchema, { ...base, birthday: '03.15.1990' }).birthday).toBe('1990-03-15');
    expect(messages({ ...base, birthday: '02.30.1990' })).toEqual(['validation.birthday.invalid']);
    expect(messages({ ...base, birthday: '15.03.1990' })).toEqual(['validation.birthday.invalid']);
    expect(messages({ ...base, birthday: '03.15' })).toEqual(['validation.birthday.invalid']);
  });
});

describe('birthday helpers', () => {
  it('round-trips and formats as typed', () => {
    expect(birthdayFromForm(birthdayToForm('1990-03-15'))).toBe('1990-03-15');
    expect(birthdayToForm(null)).toBe('');
    expect(formatBirthdayAsTyped('0315')).toBe('03.15');
    expect(formatBirthdayAsTyped('03151990x')).toBe('03.15.1990');
  });
  it('lets the owner pick any date and others only today or later, unless unchanged', () => {
    const owner = { isOwner: true, role: 'ADMIN' as const };
    const admin = { isOwner: false, role: 'ADMIN' as const };
    expect(canSetBirthday(owner, '1990-03-15', null, '2026-11-22')).toBe(true);
    expect(canSetBirthday(admin, '1990-03-15', null, '2026-11-22')).toBe(false);
    expect(canSetBirthday(admin, '1990-03-15', '1990-03-15', '2026-11-22')).toBe(true);
    expect(canSetBirthday(admin, '2026-11-22', null, '2026-11-22')).toBe(true);
    expect(canSetBirthday(admin, null, '1990-03-15', '2026-11-22')).toBe(true);
  });
});
