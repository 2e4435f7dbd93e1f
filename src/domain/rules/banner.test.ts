import { describe, expect, it } from 'vitest';
import { BANNER_MAX_BYTES, bannerProblem, sniffBanner } from './banner';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR');

describe('sniffBanner (the type from the first bytes)', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'image/jpeg'],
    ['GIF87a', bytes('GIF87a', [1, 0]), 'image/gif'],
    ['GIF89a', bytes('GIF89a', [1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.4\n'), 'application/pdf'],
  ])('knows %s', (_, head, type) => {
    expect(sniffBanner(head)).toBe(type);
  });

  it.each([
    ['HTML', bytes('<!doctype html><html>')],
    ['HTML with a BOM', bytes([0xef, 0xbb, 0xbf], '<html>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['ZIP', bytes('PK', [3, 4, 20, 0])],
    ['plain text', bytes('Seminar banner')],
    ['RIFF that is no WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a PNG signature cut short', PNG.slice(0, 7)],
    ['a PNG signature one byte off', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
    ['two bytes of JPEG', bytes([0xff, 0xd8])],
    ['GIF without its version', bytes('GIF8')],
    ['"%PDF" without the dash', bytes('%PDF')],
    ['a PDF signature further in', bytes(' %PDF-1.4')],
    ['nothing', new Uint8Array(0)],
  ])('refuses %s', (_, head) => {
    expect(sniffBanner(head)).toBeNull();
  });
});

describe('bannerProblem', () => {
  it('refuses an empty file first, whatever it claims to start with', () => {
    expect(bannerProblem(0, new Uint8Array(0))).toBe('seminar.bannerEmpty');
    expect(bannerProblem(0, PNG)).toBe('seminar.bannerEmpty');
  });

  it('accepts 5 MB exactly and refuses one byte more (before its type)', () => {
    expect(BANNER_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(bannerProblem(BANNER_MAX_BYTES, PNG)).toBeNull();
    expect(bannerProblem(BANNER_MAX_BYTES + 1, PNG)).toBe('seminar.bannerTooLarge');
    expect(bannerProblem(BANNER_MAX_BYTES + 1, bytes('<html>'))).toBe('seminar.bannerTooLarge');
  });

  it('refuses a file of another type; accepts every known one', () => {
    expect(bannerProblem(100, bytes('<html><body>'))).toBe('seminar.bannerType');
    expect(bannerProblem(100, bytes('PK', [3, 4]))).toBe('seminar.bannerType');
    for (const head of [PNG, bytes([0xff, 0xd8, 0xff]), bytes('GIF89a'), bytes('RIFF', [0, 0, 0, 0], 'WEBP'), bytes('%PDF-')]) {
      expect(bannerProblem(1, head)).toBeNull();
    }
  });
});
