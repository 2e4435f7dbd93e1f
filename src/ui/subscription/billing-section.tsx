import { Link } from '@tanstack/react-router';
import { lazy, useState } from 'react';
import { Docs, request } from '../../api';
import type { BillingFieldsFragment } from '../../api/generated';
import { formatEuros } from '../../domain/rules/money';
import { canCancelBilling, canResumeBilling, cardBrandName, type BillingState } from '../../domain/rules/subscription';
import { dayText } from '../../domain/rules/time';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { FormMessage } from '../form-message';
import { LoadBoundary } from '../load-failed';
import { OfflineNote } from '../offline-note';
import { queryClient } from '../query-client';
import { useOnline } from '../use-online';
import { useServerError } from '../use-server-error';
import { YesNoDialog } from '../yes-no-dialog';
import { companyFormValues, refreshSubscription, useBilling, usePaymentSettings } from './use-subscription';
import './billing.css';

// Stripe.js and the card form load when the dialog opens, as from the banner.
const SubscriptionDialog = lazy(() => import('./subscription-dialog'));

const day = (ms: number | null | undefined) => (ms ? dayText(new Date(ms)) : '');

/**
 * Billing on Admin settings (issue 59 item 1), for the salon's administrators: the plan and its state, the next
 * charge, the card on file, Change card (the subscription dialog on a new SetupIntent), Cancel subscription (at
 * the period's end, after Yes/No) and Resume, and the invoices. Online only: offline it shows what was read last,
 * saying when, and that a change needs the network.
 */
export function BillingSection({ salonId }: { salonId: string }) {
  const t = useT();
  const online = useOnline();
  const query = useBilling(salonId, online);
  const settings = usePaymentSettings(online);
  const billing = query.data?.billing ?? null;
  const [dialog, setDialog] = useState<'subscribe' | 'changeCard' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { report, formError } = useServerError('subscription');
  const payments = !settings.data || Boolean(settings.data.paymentSettings.publishableKey);

  const change = async (cancel: boolean) => {
    setBusy(true);
    report(null);
    try {
      const input = { input: { salon: salonId } };
      const answer = cancel
        ? (await request(Docs.CancelSubscriptionDocument, input)).cancelSubscription
        : (await request(Docs.ResumeSubscriptionDocument, input)).resumeSubscription;
      queryClient.setQueryData(['subscription', 'billing', salonId], { billing: answer });
      await refreshSubscription();
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <div className="billing" data-testid="billing">
      <OfflineNote online={online} updatedAt={query.dataUpdatedAt} />
      {billing ? <BillingFacts billing={billing} /> : online && query.isPending ? <p className="muted">{t('app.loading')}</p> : null}
      {query.isError && !billing ? <FormMessage>{t('error.default')}</FormMessage> : null}
      {!online ? <FormMessage kind="info">{t('billing.needsNetwork')}</FormMessage> : null}
      {!payments ? <FormMessage kind="info">{t('subscription.notConfigured')}</FormMessage> : null}
      <FormMessage>{formError}</FormMessage>
      <div className="billing-actions">
        {billing && payments ? (
          <BillingActions
            state={billing.state as BillingState}
            disabled={!online || busy}
            onSubscribe={() => setDialog('subscribe')}
            onChangeCard={() => setDialog('changeCard')}
            onCancel={() => setConfirming(true)}
            onResume={() => void change(false)}
          />
        ) : null}
        <Link to="/salon/invoices" className="btn btn-secondary">
          {t('menu.user.invoices')}
        </Link>
      </div>
      {confirming && billing ? (
        <YesNoDialog
          title={t('billing.cancelTitle')}
          question={t('billing.cancelQuestion', { date: day(billing.periodEnd) })}
          isYesDisabled={busy || !online}
          onYes={() => void change(true)}
          onClose={() => setConfirming(false)}
        />
      ) : null}
      {dialog ? (
        <LoadBoundary onFailed={() => setDialog(null)}>
          <SubscriptionDialog
            salonId={salonId}
            onClose={() => setDialog(null)}
            changeCard={dialog === 'changeCard' ? companyFormValues(billing?.company ?? null) : undefined}
          />
        </LoadBoundary>
      ) : null}
    </div>
  );
}

/** The state, the plan, the next charge (or what is owed) and the card. */
function BillingFacts({ billing }: { billing: BillingFieldsFragment }) {
  const t = useT();
  const { language } = useLanguage();
  const money = (cents: number) => formatEuros(cents, language);
  const state = billing.state as BillingState;
  const stateDate = state === 'canceling' ? billing.endsAt : billing.trialEndsAt;
  const card = billing.card;
  return (
    <>
      <dl className="billing-facts">
        <dt>{t('billing.status')}</dt>
        <dd className={`billing-state-${state}`} data-testid="billing-state">
          {t(`billing.state.${state}`, { date: day(stateDate) })}
        </dd>
        <dt>{t('subscription.plan')}</dt>
        <dd>{t('subscription.monthly', { price: money(billing.monthlyPriceCents) })}</dd>
        <dt>{t('billing.nextCharge')}</dt>
        <dd data-testid="billing-next-charge">
          {billing.nextChargeAt && billing.nextChargeCents !== null && billing.nextChargeCents !== undefined
            ? t('billing.nextChargeValue', { amount: money(billing.nextChargeCents), date: day(billing.nextChargeAt) })
            : t('billing.noNextCharge')}
        </dd>
        <dt>{t('billing.card')}</dt>
        <dd data-testid="billing-card">
          {card
            ? t('billing.cardValue', {
                brand: cardBrandName(card.brand),
                last4: card.last4,
                month: String(card.expMonth).padStart(2, '0'),
                year: String(card.expYear),
              })
            : t('billing.noCard')}
        </dd>
      </dl>
      {state === 'pastDue' && billing.owedCents > 0 ? (
        <FormMessage>{t('billing.owed', { amount: money(billing.owedCents) })}</FormMessage>
      ) : null}
      {state === 'trialing' && billing.nextChargeAt && billing.nextChargeCents ? (
        <p className="section-note">
          {t('billing.trialInvoice', { zero: money(0), amount: money(billing.nextChargeCents), date: day(billing.nextChargeAt) })}
        </p>
      ) : null}
    </>
  );
}

function BillingActions({
  state,
  disabled,
  onSubscribe,
  onChangeCard,
  onCancel,
  onResume,
}: {
  state: BillingState;
  disabled: boolean;
  onSubscribe: () => void;
  onChangeCard: () => void;
  onCancel: () => void;
  onResume: () => void;
}) {
  const t = useT();
  if (state === 'trial' || state === 'trialEnded' || state === 'ended')
    return (
      <Button variant="primary" isDisabled={disabled} onPress={onSubscribe}>
        {t('subscription.choosePlan')}
      </Button>
    );
  return (
    <>
      {canResumeBilling(state) ? (
        <Button variant="primary" isDisabled={disabled} onPress={onResume}>
          {t('billing.resume')}
        </Button>
      ) : null}
      <Button variant={state === 'pastDue' ? 'primary' : 'secondary'} isDisabled={disabled} onPress={onChangeCard}>
        {t('billing.changeCard')}
      </Button>
      {canCancelBilling(state) ? (
        <Button variant="danger" isDisabled={disabled} onPress={onCancel}>
          {t('billing.cancel')}
        </Button>
      ) : null}
    </>
  );
}
