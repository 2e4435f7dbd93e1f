import { describe, expect, it } from 'vitest';
import { detectLanguage } from './languages';

describe('detectLanguage', () => {
  it.each([
    [null, [], 'lv'],
    [null, ['de-DE', 'fr'], 'lv'],
    [null, ['ru-RU', 'en'], 'ru'],
    [null, ['en-GB'], 'en'],
    [null, ['de', 'lv-LV'], 'lv'],
    ['en', ['ru'], 'en'],
    ['xx', ['ru'], 'ru'],
  ] as const)('stored %s, browser %o → %s', (stored, browser, expected) => {
    expect(detectLanguage(stored, browser)).toBe(expected);
  });
});
