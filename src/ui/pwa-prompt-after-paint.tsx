import { afterFirstPaint } from './after-paint-part';

/** "New version available" and the service worker's registration, after the first paint: no page needs them for it. */
export const PwaPromptAfterPaint = afterFirstPaint(() => import('./pwa-prompt').then((m) => m.PwaPrompt));

/** The offer to install the app on a touch device (install-offer.tsx), after the first paint too. */
export const InstallOfferAfterPaint = afterFirstPaint(() => import('./install-offer').then((m) => m.InstallOffer));
