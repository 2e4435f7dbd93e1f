import { afterFirstPaint } from '../after-paint-part';
import { withWholeCatalog } from '../../i18n';

/**
 * The subscription banner, loaded after the salon's first paint: its state comes from the server or the persisted
 * query cache, never in time for that paint, and its code (the query client, the GraphQL documents) is not needed
 * for it (issue 23).
 */
export const SubscriptionBannerAfterPaint = afterFirstPaint(() =>
  withWholeCatalog(import('./subscription-banner')).then((m) => m.SubscriptionBanner),
);
