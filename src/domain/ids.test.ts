import { describe, expect, it } from 'vitest';
import { derivedId, isId, newId } from './ids';

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
  it('derivedId is an id, the same for the same seed and key, and differs for other keys or seeds', () => {
    const seed = '0123456789abcdef01234567';
    const keys = Array.from({ length: 2000 }, (_, i) => `m${i % 7}|2026-11-${String((i % 28) + 1).padStart(2, '0')} ${i}`);
    const ids = keys.map((k) => derivedId(seed, k));
    for (const id of ids) expect(isId(id)).toBe(true);
    expect(new Set(ids).size).toBe(keys.length);
    expect(derivedId(seed, keys[0] as string)).toBe(ids[0]);
    expect(derivedId('fedcba9876543210fedcba98', keys[0] as string)).not.toBe(ids[0]);
  });
});
