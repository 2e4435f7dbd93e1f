import type { SubscriptionBanner } from '../../domain/rules/subscription';
import { useT } from '../../i18n';
import { PlainButton } from '../plain-button';

/**
 * The banner itself (part 2 §4): the trial's days left in orange, its end (or a failed or ended subscription) in
 * red, and Choose plan. Nothing when the subscription is paid. It paints with the page, so its button is a native one
 * (decision 048).
 */
export function SubscriptionBannerView({ banner, onChoose }: { banner: SubscriptionBanner; onChoose: () => void }) {
  const t = useT();
  if (banner.kind === 'none') return null;
  const text = {
    trial: () => t('subscription.banner.trial', { count: banner.kind === 'trial' ? banner.days : 0 }),
    trialEnded: () => t('subscription.banner.trialEnded'),
    paymentFailed: () => t('subscription.banner.paymentFailed'),
    ended: () => t('subscription.banner.ended'),
  }[banner.kind]();
  return (
    <div
      className={`subscription-banner ${banner.kind === 'trial' ? 'is-warning' : 'is-danger'}`}
      role="status"
      data-testid="subscription-banner"
    >
      <span>{text}</span>
      <PlainButton variant="primary" onPress={onChoose}>
        {t('subscription.choosePlan')}
      </PlainButton>
    </div>
  );
}
