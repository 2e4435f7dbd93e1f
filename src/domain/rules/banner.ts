/**
 * A seminar's banner (part 2 §5, §9 "Banner accepts images and PDF"; issue 19, decision 046): its type is read from
 * the file's first bytes, never from its name or the type the browser claims, and its size is capped.
 */
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
/** What one supplier's banners may take in all (the live seminars' banners; replaced and deleted ones are removed). */
export const BANNER_QUOTA_BYTES = 50 * 1024 * 1024;

/** Whether a supplier whose banners take `used` bytes may store one of `adding` bytes in place of one of `freeing`. */
export const withinBannerQuota = (used: number, adding: number, freeing = 0): boolean => used - freeing + adding <= BANNER_QUOTA_BYTES;

export type BannerType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The banner's real type from its first bytes, or null when it is none of the accepted kinds. */
export function sniffBanner(head: Uint8Array): BannerType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

/** The refusal of a banner (a catalog id), or null when it may be stored. */
export function bannerProblem(
  size: number,
  head: Uint8Array,
): 'seminar.bannerEmpty' | 'seminar.bannerTooLarge' | 'seminar.bannerType' | null {
  if (size === 0) return 'seminar.bannerEmpty';
  if (size > BANNER_MAX_BYTES) return 'seminar.bannerTooLarge';
  return sniffBanner(head) ? null : 'seminar.bannerType';
}
