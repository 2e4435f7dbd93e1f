import { dayText } from '../../domain/rules/time';
import { useT } from '../../i18n';
import { useOnline } from '../use-online';
import { useSalonSubscription } from '../subscription/use-subscription';
import { SettingsSection } from '../settings-section';

/**
 * The salon's subscription as the server knows it (part 2 §3 Subscription: active, trialEndsAt), read-only.
 * Not mirrored: read online (the same query as the subscription banner), the last answer kept offline.
 */
export function SubscriptionStatus({ salonId }: { salonId: string }) {
  const t = useT();
  const online = useOnline();
  const { query, subscription } = useSalonSubscription(salonId, online);
  let text: string;
  if (!subscription) text = t(query.isError ? 'error.default' : 'ownerSettings.subscription.unknown');
  else if (subscription.active) text = t('ownerSettings.subscription.active');
  else {
    // DD.MM.YYYY as every date of the panel (part 1 §9): a language's long date does not fit every sentence (ru ends
    // it with 'г.' before the full stop, lv needs another case after 'līdz').
    const date = dayText(new Date(subscription.trialEndsAt));
    text = t(subscription.trialEndsAt > Date.now() ? 'ownerSettings.subscription.trial' : 'ownerSettings.subscription.trialEnded', {
      date,
    });
  }
  return (
    <SettingsSection id="owner-subscription" title={t('ownerSettings.subscription')}>
      <p className="section-note" data-testid="subscription-status">
        {query.isPending && online ? t('app.loading') : text}
      </p>
    </SettingsSection>
  );
}
