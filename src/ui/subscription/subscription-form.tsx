import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useStore } from '@tanstack/react-form';
import { useEffect, useState } from 'react';
import { Radio, RadioGroup, Label } from 'react-aria-components';
import { Docs, request } from '../../api';
import { formatEuros } from '../../domain/rules/money';
import { subscriptionFormSchema, MONTHLY_PRICE_CENTS, type SubscriptionFormValues as Values } from '../../domain/schemas/subscription';
import { useLanguage, useT } from '../../i18n';
import { refreshViewer } from '../session/actions';
import { Button } from '../button';
import { useCommandForm } from '../command-form';
import { FormMessage, FormTextField } from '../form-field';
import { FormShell } from '../form-shell';
import { Icon } from '../icons';
import { refreshSubscription } from './use-subscription';

const EMPTY: Values = { needInvoice: false, companyName: '', companyReg: '', companyAddress: '' };

/** What a new round of the dialog starts from: the values typed, and what went wrong with the last card. */
export interface CarriedForm {
  values: Values;
  /** Under the card (a card that saved but did not pay). */
  cardMessage: string | null;
  /** The server's error, shown as the form shows any. */
  error: unknown;
}

/**
 * The dialog's form (part 2 §2, §4, §8): the plan, the card, the company invoice. Submit checks the form and the
 * card (elements.submit), confirms the card's SetupIntent without leaving the page unless the bank asks to
 * (3-D Secure), then sends updateStripeSubscription with the card. A card error is Stripe's own message under the
 * card, with a warning icon; a failed start "Unknown error"; a failed update "Something went wrong".
 */
export function SubscriptionForm({
  salonId,
  cardReady,
  cardNote,
  monthlyPriceCents,
  onClose,
  onSubscribed,
  onBusy,
  onRestart,
  carried,
  initial = null,
  changingCard = false,
}: {
  salonId: string;
  cardReady: boolean;
  cardNote: string | null;
  monthlyPriceCents: number | null;
  onClose: () => void;
  /** Paid or in its trial: the dialog says what was bought (issue 59 item 1). */
  onSubscribed: () => void;
  /** The dialog waits while the card is confirmed and the subscription made: it cannot be closed mid-way. */
  onBusy: (busy: boolean) => void;
  /**
   * The card's SetupIntent is used up (it saved, then the salon's payment or the update failed): the dialog starts
   * a new round on a new one, keeping these.
   */
  onRestart: (carried: CarriedForm) => void;
  /** What the form held before the dialog started over with a new SetupIntent. */
  carried: CarriedForm | null;
  /** The company on the invoices now, so a new card does not drop it. */
  initial?: Values | null;
  /** Change card: the submit saves the card instead of activating. */
  changingCard?: boolean;
}) {
  const t = useT();
  const { language } = useLanguage();
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(carried?.cardMessage ?? null);
  const [cardShown, setCardShown] = useState(false);
  const [cardFailed, setCardFailed] = useState(false);
  // The send reports its own failures: under the card, or in a new round (onRestart). It never throws.
  const { form, server } = useCommandForm<Values>({
    operation: 'subscription',
    schema: subscriptionFormSchema,
    defaultValues: initial ?? EMPTY,
    send: async (value) => {
      setCardError(null);
      if (!stripe || !elements) return;
      let paymentMethod: string;
      try {
        const submitted = await elements.submit();
        if (submitted.error) {
          setCardError(submitted.error.message ?? t('subscription.unknownError'));
          return;
        }
        const confirmed = await stripe.confirmSetup({
          elements,
          redirect: 'if_required',
          confirmParams: { return_url: window.location.href },
        });
        if (confirmed.error) {
          setCardError(confirmed.error.message ?? t('subscription.unknownError'));
          return;
        }
        const method = confirmed.setupIntent.payment_method;
        paymentMethod = typeof method === 'string' ? method : (method?.id ?? '');
      } catch {
        setCardError(t('subscription.unknownError'));
        return;
      }
      try {
        const company = value.needInvoice ? value : EMPTY;
        const { updateStripeSubscription } = await request(Docs.UpdateStripeSubscriptionDocument, {
          input: {
            salon: salonId,
            paymentMethod,
            needInvoice: value.needInvoice,
            companyName: company.companyName.trim(),
            companyReg: company.companyReg.trim(),
            companyAddress: company.companyAddress.trim(),
          },
        });
        await Promise.all([refreshSubscription(), refreshViewer()]);
        // The card is the salon's now, but what it owed was not paid with it: the dialog stays for another card,
        // which needs a SetupIntent of its own (this one has succeeded).
        if (!updateStripeSubscription.success) onRestart({ values: value, cardMessage: t('subscription.notPaid'), error: null });
        else onSubscribed();
      } catch (error) {
        onRestart({ values: value, cardMessage: null, error });
      }
    },
  });
  const submitting = useStore(form.store, (s) => s.isSubmitting);
  useEffect(() => {
    onBusy(submitting);
    return () => onBusy(false);
  }, [onBusy, submitting]);
  // A new round: the values typed come back as typed (closing asks before dropping them), with the last error.
  useEffect(() => {
    if (!carried) return;
    for (const [name, value] of Object.entries(carried.values)) form.setFieldValue(name as keyof Values, value as never);
    if (carried.error) server.report(carried.error);
    // Once, when the round starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const canActivate = cardReady && cardShown && !cardFailed && !cardNote && Boolean(stripe);
  const needInvoice = useStore(form.store, (s) => s.values.needInvoice);
  const price = formatEuros(monthlyPriceCents ?? MONTHLY_PRICE_CENTS, language);

  return (
    <FormShell form={form} server={server}>
      <RadioGroup className="field" value="monthly" aria-label={t('subscription.plan')}>
        <Label className="field-label">{t('subscription.plan')}</Label>
        <Radio value="monthly" className="choice">
          <span className="choice-mark" aria-hidden />
          {t('subscription.monthly', { price })}
        </Radio>
      </RadioGroup>
      <div className="field">
        <span className="field-label">{t('subscription.card')}</span>
        {cardNote ? (
          <FormMessage kind="info">{cardNote}</FormMessage>
        ) : cardReady ? (
          <div className="card-element" data-testid="card-element">
            <PaymentElement
              options={{ layout: 'tabs', fields: { billingDetails: 'auto' } }}
              onReady={() => setCardShown(true)}
              onChange={() => setCardError(null)}
              onLoadError={() => {
                setCardFailed(true);
                setCardError(t('subscription.failed'));
              }}
            />
            {!cardShown ? <p className="muted">{t('subscription.cardLoading')}</p> : null}
          </div>
        ) : (
          <p className="muted">{t('subscription.cardLoading')}</p>
        )}
        {cardError ? (
          <p className="field-error card-error" role="alert">
            <Icon name="warning" size={16} />
            <span>{cardError}</span>
          </p>
        ) : null}
      </div>
      <form.AppField name="needInvoice">{(field) => <field.Checkbox label={t('subscription.needInvoice')} />}</form.AppField>
      {needInvoice ? (
        <>
          <form.AppField name="companyName">
            {(field) => <field.TextField label={t('subscription.companyName')} autoComplete="organization" />}
          </form.AppField>
          {/* These two keep a server message while edited. */}
          <form.Field name="companyReg">
            {(field) => <FormTextField field={field} label={t('subscription.companyReg')} serverError={server.forField('companyReg')} />}
          </form.Field>
          <form.Field name="companyAddress">
            {(field) => (
              <FormTextField
                field={field}
                label={t('subscription.companyAddress')}
                autoComplete="street-address"
                serverError={server.forField('companyAddress')}
              />
            )}
          </form.Field>
        </>
      ) : null}
      <FormMessage>{server.formError}</FormMessage>
      <div className="form-actions">
        <Button variant="ghost" onPress={onClose} isDisabled={submitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="primary" isDisabled={!canActivate} isPending={submitting}>
          {submitting ? <span className="btn-spinner" aria-hidden /> : null}
          {t(changingCard ? 'subscription.saveCard' : 'subscription.activate')}
        </Button>
      </div>
    </FormShell>
  );
}
