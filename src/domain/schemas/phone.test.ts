import { describe, expect, it } from 'vitest';
import { phoneSearchDigits } from './phone';

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
