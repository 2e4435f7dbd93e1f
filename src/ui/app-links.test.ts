import { describe, expect, it } from 'vitest';
import { APP_STORE_URL, GOOGLE_PLAY_URL, storeUrlFor } from './app-links';

describe('storeUrlFor', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', APP_STORE_URL],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', APP_STORE_URL],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8)', GOOGLE_PLAY_URL],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', GOOGLE_PLAY_URL],
  ])('%s → store', (ua, expected) => {
    expect(storeUrlFor(ua)).toBe(expected);
  });
  it('has two different stores', () => {
    expect(APP_STORE_URL).not.toBe(GOOGLE_PLAY_URL);
  });
});
