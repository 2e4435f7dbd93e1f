import { lazy, useEffect } from 'react';
import { subscriptionBanner } from '../../domain/rules/subscription';
import { LoadBoundary } from '../load-failed';
import { useOnline } from '../use-online';
import { rememberedSubscription, rememberSubscription } from './remembered-subscription';
import { SubscriptionBannerView } from './subscription-banner-view';
import { useSalonSubscription } from './use-subscription';

// Stripe.js and the card form load the first time the dialog opens, never with the shell.
const SubscriptionDialog = lazy(() => import('./subscription-dialog'));

/**
 * The banner as the server tells it (part 2 §2, §4), for a salon's administrators, and the Subscription dialog its
 * Choose plan opens. Until the server (or the persisted query cache) answers it shows what it showed last on this
 * device; each answer is kept for the next start.
 */
export function SubscriptionBanner({ salonId, open, setOpen }: { salonId: string; open: boolean; setOpen: (open: boolean) => void }) {
  const online = useOnline();
  const { subscription } = useSalonSubscription(salonId, online);
  useEffect(() => {
    if (subscription) rememberSubscription(salonId, subscription);
  }, [salonId, subscription]);
  const banner = subscriptionBanner(subscription ?? rememberedSubscription(salonId), Date.now());
  return (
    <>
      <SubscriptionBannerView banner={banner} onChoose={() => setOpen(true)} />
      {open ? (
        <LoadBoundary onFailed={() => setOpen(false)}>
          <SubscriptionDialog salonId={salonId} onClose={() => setOpen(false)} />
        </LoadBoundary>
      ) : null}
    </>
  );
}
