/**
 * Store pages of the masters' mobile app. The spec names no addresses; set VITE_APP_STORE_URL and
 * VITE_GOOGLE_PLAY_URL at build time. The defaults open the stores themselves.
 */
export const APP_STORE_URL: string = import.meta.env.VITE_APP_STORE_URL || 'https://www.apple.com/app-store/';
export const GOOGLE_PLAY_URL: string = import.meta.env.VITE_GOOGLE_PLAY_URL || 'https://play.google.com/store/apps';

/** iPhone (and iPad/iPod) go to the App Store, every other device to Google Play (part 1 §2 /master/{token}). */
export function storeUrlFor(userAgent: string): string {
  return /iPhone|iPad|iPod/i.test(userAgent) ? APP_STORE_URL : GOOGLE_PLAY_URL;
}
