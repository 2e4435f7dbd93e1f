import { Docs, request } from '../../api';
import { dayText } from '../../domain/rules/time';
import { useT } from '../../i18n';
import { useOnline } from '../use-online';
import { useServerQuery } from '../use-server-query';

/**
 * The salon's subscription as the server knows it (part 2 §3 Subscription: active, trialEndsAt), read-only.
 * Not mirrored: read online, the last answer kept while the page is open.
 */
export function SubscriptionStatus({ salonId }: { salonId: string }) {
  const t = useT();
  const online = useOnline();
  const query = useServerQuery({
    queryKey: ['ownerSubscription', salonId],
    queryFn: () => request(Docs.OwnerSubscriptionDocument, {}),
    enabled: online,
  });
  const subscription = query.data?.viewer?.salon?.id === salonId ? query.data.viewer.salon.subscription : null;
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
    <section className="settings-section" aria-labelledby="owner-subscription">
      <h2 id="owner-subscription" className="section-title">
        {t('ownerSettings.subscription')}
      </h2>
      <p className="section-note" data-testid="subscription-status">
        {query.isPending && online ? t('app.loading') : text}
      </p>
    </section>
  );
}
