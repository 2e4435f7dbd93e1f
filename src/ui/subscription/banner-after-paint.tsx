import { useLoadedAfterPaint } from '../after-paint';

type BannerModule = typeof import('./subscription-banner');
const loadBanner = () => import('./subscription-banner');
const bannerModule: { current: BannerModule | null } = { current: null };

/**
 * The subscription banner, loaded after the salon's first paint: its state comes from the server or the persisted
 * query cache, never in time for that paint, and its code (the query client, the GraphQL documents) is not needed
 * for it (issue 23).
 */
export function SubscriptionBannerAfterPaint() {
  const loaded = useLoadedAfterPaint(loadBanner, bannerModule);
  return loaded ? <loaded.SubscriptionBanner /> : null;
}
