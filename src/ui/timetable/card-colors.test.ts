import { describe, expect, it } from 'vitest';
import { cardColorClass, tint } from './card-colors';

describe('card colours', () => {
  it('tints a hex colour 18% over white, as color-mix would', () => {
    // 0xe5 = 229: 229 * 0.18 + 255 * 0.82 = 250.3; 0x39 = 57: 219.4; 0x35 = 53: 218.6.
    expect(tint('#e53935')).toBe('rgb(250, 219, 219)');
    expect(tint('#000000')).toBe('rgb(209, 209, 209)');
  });
  it('leaves any other colour to the browser', () => {
    expect(tint('tomato')).toBe('color-mix(in srgb, tomato 18%, white)');
  });
  it('without a document (no stylesheet to hold the rule) a card keeps the default colours', () => {
    expect(cardColorClass('#e53935')).toBe('');
  });
});
