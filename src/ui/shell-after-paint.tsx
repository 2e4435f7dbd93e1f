import { withWholeCatalog } from '../i18n';
import { afterFirstPaint } from './after-paint-part';

/**
 * Parts of the shell whose code loads after the first paint: no page needs them for it.
 * "New version available" and the service worker's registration:
 */
export const PwaPromptAfterPaint = afterFirstPaint(() => import('./pwa-prompt').then((m) => m.PwaPrompt));

/** The offer to install the app on a touch device (install-offer.tsx), after the first paint too. */
export const InstallOfferAfterPaint = afterFirstPaint(() => import('./install-offer').then((m) => m.InstallOffer));

/** The banner of refused changes (sync/refusal-banner.tsx): nothing is refused before the sync runs, after the first paint. */
export const RefusalBannerAfterPaint = afterFirstPaint(() =>
  withWholeCatalog(import('./sync/refusal-banner')).then((m) => m.RefusalBanner),
);
