import { lazy, useState } from 'react';
import { canManageSubscription } from '../../domain/roles';
import { subscriptionBanner } from '../../domain/rules/subscription';
import { useT } from '../../i18n';
import { useSession } from '../auth/use-session';
import { Button } from '../button';
import { useOnline } from '../use-online';
import { useSalonSubscription } from './use-subscription';
import { LoadBoundary } from '../load-failed';

// Stripe.js and the card form load the first time the dialog opens, never with the shell.
const SubscriptionDialog = lazy(() => import('./subscription-dialog'));

/**
 * Above the salon's screens, for its administrators (part 2 §2, §4): the trial's days left in orange, its end in
 * red, and Choose plan opening the Subscription dialog. Hidden without a salon and while the subscription is paid.
 */
export function SubscriptionBanner() {
  const t = useT();
  const session = useSession();
  const online = useOnline();
  const salonId = session && canManageSubscription(session) ? session.salon : null;
  const { subscription } = useSalonSubscription(salonId, online);
  const [open, setOpen] = useState(false);
  if (!salonId) return null;
  const banner = subscriptionBanner(subscription, Date.now());
  if (banner.kind === 'none' && !open) return null;
  const text = {
    none: () => '',
    trial: () => t('subscription.banner.trial', { count: banner.kind === 'trial' ? banner.days : 0 }),
    trialEnded: () => t('subscription.banner.trialEnded'),
    paymentFailed: () => t('subscription.banner.paymentFailed'),
    ended: () => t('subscription.banner.ended'),
  }[banner.kind]();
  return (
    <>
      {banner.kind === 'none' ? null : (
        <div
          className={`subscription-banner ${banner.kind === 'trial' ? 'is-warning' : 'is-danger'}`}
          role="status"
          data-testid="subscription-banner"
        >
          <span>{text}</span>
          <Button variant="primary" onPress={() => setOpen(true)}>
            {t('subscription.choosePlan')}
          </Button>
        </div>
      )}
      {open ? (
        <LoadBoundary onFailed={() => setOpen(false)}>
          <SubscriptionDialog salonId={salonId} onClose={() => setOpen(false)} />
        </LoadBoundary>
      ) : null}
    </>
  );
}
