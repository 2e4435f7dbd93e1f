import { describe, expect, it } from 'vitest';
import { searchBoolean, searchChoice, searchDate, searchId, searchIds, searchText } from './search-fields';

describe("a page's address fields", () => {
  it('keep a good value and turn a bad one into undefined', () => {
    expect(searchDate('2026-02-28')).toBe('2026-02-28');
    expect(searchDate('2026-02-31')).toBeUndefined();
    expect(searchChoice(['masters', 'cabinets'], 'cabinets')).toBe('cabinets');
    expect(searchChoice(['masters', 'cabinets'], 'rooms')).toBeUndefined();
    expect(searchChoice(['masters', 'cabinets'], 1)).toBeUndefined();
    expect(searchText('Anna', 200)).toBe('Anna');
    expect(searchText('x'.repeat(201), 200)).toBeUndefined();
    expect(searchText(12, 200)).toBeUndefined();
    expect(searchId('a'.repeat(24))).toBe('a'.repeat(24));
    expect(searchId('not-an-id')).toBeUndefined();
    expect(searchBoolean(true)).toBe(true);
    expect(searchBoolean('true')).toBeUndefined();
    expect(searchIds(`${'a'.repeat(24)},${'b'.repeat(24)}`)).toBe(`${'a'.repeat(24)},${'b'.repeat(24)}`);
    expect(searchIds('')).toBe('');
    expect(searchIds(`${'a'.repeat(24)},x`)).toBeUndefined();
    expect(searchIds(Array(51).fill('a'.repeat(24)).join(','))).toBeUndefined();
    expect(searchIds(['a'.repeat(24)])).toBeUndefined();
  });
});
