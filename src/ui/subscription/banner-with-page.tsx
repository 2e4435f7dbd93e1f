import { useState } from 'react';
import { canManageSubscription } from '../../domain/roles';
import { subscriptionBanner } from '../../domain/rules/subscription';
import { withWholeCatalog } from '../../i18n';
import { useLoadedAfterPaint } from '../after-paint';
import { useSession } from '../session/use-session';
import { rememberedSubscription } from './remembered-subscription';
import { SubscriptionBannerView } from './subscription-banner-view';

type Live = typeof import('./subscription-banner');
const loadLive = (): Promise<Live> => withWholeCatalog(import('./subscription-banner'));
const live: { current: Live | null } = { current: null };

/**
 * The subscription banner above the salon's screens, for its administrators (part 2 §2, §4). The first paint shows
 * it as this device last read it, so the screen below does not move when the server answers; the part that asks
 * the server (the query client, the GraphQL documents) loads after that paint (issue 23), or at once on Choose plan.
 * Hidden without a salon and while the subscription is paid.
 */
export function SubscriptionBannerWithPage() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const loaded = useLoadedAfterPaint(loadLive, live, open);
  const salonId = session && canManageSubscription(session) ? session.salon : null;
  if (!salonId) return null;
  if (loaded) return <loaded.SubscriptionBanner salonId={salonId} open={open} setOpen={setOpen} />;
  return <SubscriptionBannerView banner={subscriptionBanner(rememberedSubscription(salonId), Date.now())} onChoose={() => setOpen(true)} />;
}
