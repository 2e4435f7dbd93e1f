import { describe, expect, it } from 'vitest';
import { findBadText, hasBadText } from './text';

describe('text that cannot be saved', () => {
  it.each([
    ['a\u0000b', true],
    ['\uD800', true],
    ['x\uDC00', true],
    ['\uDC00\uD800', true],
    ['Anna\u202Eanilrev', true],
    ['\u2066x\u2069', true],
    ['שלום \u200F', false],
    ['😀', false],
    ['Bērziņa Анна', false],
    ['', false],
  ])('%j → %s', (text, bad) => expect(hasBadText(text)).toBe(bad));

  it('names the first field holding one, inside arrays and nested objects', () => {
    expect(findBadText({ salon: 'x', appointments: [{ notes: 'ok' }, { notes: 'a\u0000' }] })).toEqual(['appointments', '1', 'notes']);
    expect(findBadText({ firstName: 'Anna', nameVariants: { lv: 'ok', ru: '\uD83D' } })).toEqual(['nameVariants', 'ru']);
    expect(findBadText({ firstName: 'Anna', count: 3, none: null })).toBeNull();
    expect(findBadText('\u0000')).toEqual([]);
  });
});
