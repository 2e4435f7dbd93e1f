import type Stripe from 'stripe';
import {
  billingSchedule,
  billingState,
  canCancelBilling,
  canResumeBilling,
  type BillingFacts,
} from '../../../src/domain/rules/subscription';
import { MONTHLY_PRICE_CENTS } from '../../../src/domain/schemas/subscription';
import type { App } from '../../app';
import type { SalonRow } from '../../auth/access';
import { refused } from '../../graphql/refusals';
import { provider, releaseLease, subscriptionOf, takeLease, type SubscriptionRow } from './service';

/**
 * Billing (issue 59 item 1): the salon's plan, state, next charge, card on file and company as Stripe has them now,
 * read through the `stripe` SDK each time (the webhook keeps only the state the banner needs), and Cancel / Resume,
 * which set Stripe's cancel_at_period_end: the salon keeps its access until the trial or the paid period ends.
 */
export interface BillingView {
  state: string;
  trialEndsAt: number;
  monthlyPriceCents: number;
  nextChargeAt: number | null;
  nextChargeCents: number | null;
  owedCents: number;
  periodEnd: number | null;
  endsAt: number | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  company: { name: string; reg: string; address: string } | null;
}

const ms = (unix: number | null | undefined): number | null => (typeof unix === 'number' ? unix * 1000 : null);

function factsOf(subscription: Stripe.Subscription): BillingFacts {
  const item = subscription.items.data[0];
  return {
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    trialEnd: ms(subscription.trial_end),
    periodEnd: ms(item?.current_period_end),
    priceCents: item?.price.unit_amount ?? MONTHLY_PRICE_CENTS,
  };
}

function cardOf(subscription: Stripe.Subscription): BillingView['card'] {
  const method = subscription.default_payment_method;
  if (!method || typeof method === 'string' || !method.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  return { brand, last4, expMonth, expYear };
}

const companyOf = (row: SubscriptionRow | null): BillingView['company'] =>
  row?.companyName ? { name: row.companyName, reg: row.companyReg ?? '', address: row.companyAddress ?? '' } : null;

/** The salon's Stripe subscription with its card, or null while it has none (or the server takes no payments). */
async function stripeSubscription(app: App, row: SubscriptionRow | null): Promise<Stripe.Subscription | null> {
  if (!app.payments || !row?.subscriptionId) return null;
  const { stripe } = app.payments;
  const id = row.subscriptionId;
  return provider(app, 'subscriptions.retrieve', () => stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }));
}

/** What the failed payments left open. */
async function owedOf(app: App, subscription: Stripe.Subscription): Promise<number> {
  const stripe = app.payments?.stripe;
  if (!stripe) return 0;
  const open = await provider(app, 'invoices.list', () =>
    stripe.invoices.list({ subscription: subscription.id, status: 'open', limit: 100 }),
  );
  return open.data.reduce((sum, invoice) => sum + invoice.amount_remaining, 0);
}

async function viewOf(
  app: App,
  salon: SalonRow,
  row: SubscriptionRow | null,
  subscription: Stripe.Subscription | null,
): Promise<BillingView> {
  const facts = subscription ? factsOf(subscription) : null;
  const state = billingState(facts, salon.trialEndsAt.getTime(), Date.now());
  return {
    state,
    trialEndsAt: salon.trialEndsAt.getTime(),
    monthlyPriceCents: facts?.priceCents ?? MONTHLY_PRICE_CENTS,
    ...billingSchedule(state, facts),
    owedCents: subscription && state === 'pastDue' ? await owedOf(app, subscription) : 0,
    card: subscription ? cardOf(subscription) : null,
    company: companyOf(row),
  };
}

export async function billingOf(app: App, salon: SalonRow): Promise<BillingView> {
  const row = await subscriptionOf(app.database.db, salon.id);
  return viewOf(app, salon, row, await stripeSubscription(app, row));
}

/**
 * Cancel (at the period's end) or Resume, under the salon's lease on its subscription (decision 083), so a card
 * saved in another window meanwhile is not undone. Refused when the state does not allow it.
 */
export async function setCanceling(app: App, salon: SalonRow, cancel: boolean): Promise<BillingView> {
  const db = app.database.db;
  const row = await subscriptionOf(db, salon.id);
  const subscription = await stripeSubscription(app, row);
  const state = billingState(subscription ? factsOf(subscription) : null, salon.trialEndsAt.getTime(), Date.now());
  if (cancel ? !canCancelBilling(state) : !canResumeBilling(state))
    throw refused(cancel ? 'subscriptionNotCancelable' : 'subscriptionNotResumable');
  const stripe = app.payments?.stripe;
  if (!stripe || !subscription) throw refused('paymentsNotConfigured');
  await takeLease(db, salon.id);
  try {
    const updated = await provider(app, 'subscriptions.update', () =>
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: cancel, expand: ['default_payment_method'] }),
    );
    return await viewOf(app, salon, row, updated);
  } finally {
    await releaseLease(db, salon.id);
  }
}
