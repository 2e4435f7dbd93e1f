import { describe, expect, it } from 'vitest';
import { isId, newId } from './ids';

describe('ids', () => {
  it('makes 24-character lowercase hex ids that differ', () => {
    const a = newId();
    const b = newId();
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(a).not.toBe(b);
  });
  it.each([
    ['0123456789abcdef01234567', true],
    ['0123456789ABCDEF01234567', false],
    ['0123456789abcdef0123456', false],
    ['0123456789abcdef0123456g', false],
    [42, false],
  ])('isId(%s) is %s', (value, expected) => {
    expect(isId(value)).toBe(expected);
  });
});
