import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo, useState } from 'react';
import { Docs, request } from '../../api';
import { useLanguage, useT } from '../../i18n';
import { Dialog } from '../dialog';
import { useOnline } from '../use-online';
import { CardChanged, Subscribed } from './subscribed';
import type { SubscriptionFormValues } from '../../domain/schemas/subscription';
import { SubscriptionForm, type CarriedForm } from './subscription-form';
import { companyFormValues, useBilling, usePaymentSettings } from './use-subscription';

/** One Stripe.js per publishable key: loading it again would add a second script. */
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripes.set(key, stripe);
  }
  return stripe;
};

export type IntentState = { kind: 'idle' } | { kind: 'ready'; clientSecret: string } | { kind: 'failed' };

/**
 * The Subscription dialog (part 2 §2, §4; issue 20): opening it asks the server for a SetupIntent (createStripeIntent)
 * and loads Stripe.js; the card form is Stripe's Payment Element, in the panel's language. Without the network, or
 * on a server without payments, the form says so and Activate stays disabled; the rest of the form still shows.
 * `changeCard` (Billing's Change card, issue 59 item 1): the same form titled for the card, starting from the company
 * on the invoices now, so a new card does not drop it; the server changes the card and pays what is owed with it.
 * Opened from the banner (a trial that ended, a failed renewal, a cancelled plan) it starts from that company too,
 * read from Billing (online; offline the card cannot be saved anyway).
 */
export default function SubscriptionDialog({
  salonId,
  onClose,
  changeCard,
}: {
  salonId: string;
  onClose: () => void;
  changeCard?: SubscriptionFormValues;
}) {
  const t = useT();
  const { language } = useLanguage();
  const online = useOnline();
  const settings = usePaymentSettings(online);
  const billing = useBilling(salonId, online && !changeCard);
  const company = billing.data?.billing.company ?? null;
  const initial = changeCard ?? (company ? companyFormValues(company) : null);
  const publishableKey = settings.data?.paymentSettings.publishableKey ?? null;
  const [intent, setIntent] = useState<IntentState>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  /** A new round of the card form (a new SetupIntent), with what the last one held. */
  const [restart, setRestart] = useState<{ round: number; carried: CarriedForm } | null>(null);
  const [subscribed, setSubscribed] = useState(false);

  useEffect(() => {
    if (!online || !publishableKey || intent.kind !== 'idle') return;
    let live = true;
    request(Docs.CreateStripeIntentDocument, { input: { salon: salonId } })
      .then(({ createStripeIntent }) => live && setIntent({ kind: 'ready', clientSecret: createStripeIntent.clientSecret }))
      .catch(() => live && setIntent({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, [online, publishableKey, salonId, intent.kind]);

  const stripe = publishableKey && intent.kind === 'ready' ? stripeFor(publishableKey) : null;
  const options = useMemo(
    () =>
      intent.kind === 'ready'
        ? {
            clientSecret: intent.clientSecret,
            locale: language,
            appearance: { theme: 'stripe' as const, variables: { colorPrimary: '#7b3f61' } },
          }
        : undefined,
    [intent, language],
  );
  const cardNote = !online
    ? t('subscription.needsNetwork')
    : settings.data && !publishableKey
      ? t('subscription.notConfigured')
      : intent.kind === 'failed' || settings.isError
        ? t('subscription.failed')
        : null;

  const title = t(changeCard ? 'subscription.changeCardTitle' : 'subscription.title');
  if (subscribed)
    return (
      <Dialog title={title} isOpen onClose={onClose} size="md">
        {changeCard ? (
          <CardChanged onClose={onClose} />
        ) : (
          <Subscribed salonId={salonId} monthlyPriceCents={settings.data?.paymentSettings.monthlyPriceCents ?? null} onClose={onClose} />
        )}
      </Dialog>
    );
  if (!changeCard && online && billing.isPending)
    return (
      <Dialog title={title} isOpen onClose={onClose} size="md">
        <p className="muted">{t('app.loading')}</p>
      </Dialog>
    );
  return (
    <Dialog title={title} isOpen onClose={onClose} size="md" isBusy={busy}>
      {/* Elements takes Stripe once: the form stays mounted (and keeps what was typed) while the card form loads. A
          card that saved, then did not pay or did not subscribe, used up its SetupIntent: the next round is a new
          Elements on a new one. */}
      <Elements key={restart?.round ?? 0} stripe={stripe} options={options}>
        <SubscriptionForm
          salonId={salonId}
          cardReady={Boolean(stripe)}
          cardNote={cardNote}
          monthlyPriceCents={settings.data?.paymentSettings.monthlyPriceCents ?? null}
          onClose={onClose}
          onSubscribed={() => setSubscribed(true)}
          onBusy={setBusy}
          carried={restart?.carried ?? null}
          initial={initial}
          changingCard={Boolean(changeCard)}
          onRestart={(carried) => {
            setRestart((last) => ({ round: (last?.round ?? 0) + 1, carried }));
            setIntent({ kind: 'idle' });
          }}
        />
      </Elements>
    </Dialog>
  );
}
