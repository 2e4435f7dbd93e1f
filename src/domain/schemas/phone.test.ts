import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { optionalPhone, phoneSearchDigits } from './phone';

describe('phoneSearchDigits', () => {
  it('gives the digits of a search written as a phone, with three digits or more', () => {
    expect(phoneSearchDigits('+371 26 123')).toBe('37126123');
    expect(phoneSearchDigits('(26) 12-34')).toBe('261234');
    expect(phoneSearchDigits('123')).toBe('123');
  });

  it('gives nothing for a search with letters or fewer than three digits', () => {
    expect(phoneSearchDigits('Scroll123')).toBeNull();
    expect(phoneSearchDigits('anna@example.test 2612')).toBeNull();
    expect(phoneSearchDigits('26')).toBeNull();
    expect(phoneSearchDigits('')).toBeNull();
  });
});

describe('optionalPhone', () => {
  const issue = (value: string | null) => {
    const result = v.safeParse(optionalPhone, value);
    return result.success ? { stored: result.output } : { message: result.issues[0]?.message };
  };
  it('stores nothing for an empty field or the bare default prefix', () => {
    for (const blank of [null, '', '   ', '+371', ' +371 ', '+ 371']) expect(issue(blank)).toEqual({ stored: null });
    expect(issue('+371 2000 0000')).toEqual({ stored: '+37120000000' });
  });
  it('refuses what holds no number instead of storing it as no phone (issue 56)', () => {
    expect(issue('+')).toEqual({ message: 'validation.phone.invalid' });
    expect(issue('++--')).toEqual({ message: 'validation.phone.invalid' });
    expect(issue('-')).toEqual({ message: 'validation.phone.countryCode' });
    expect(issue('()')).toEqual({ message: 'validation.phone.countryCode' });
  });
});
