/**
 * The subscription banner above the salon's screens (part 2 §2 "Top bar and menus", §4; issue 20, decision 047).
 * Hidden without a salon or while the subscription is paid; during the free trial an orange note with the whole
 * days left ("Your trial ends in {count}"), after it a red one. Beyond the spec's two texts: a subscription whose
 * last payment failed (Stripe's past_due, unpaid) or that ended (canceled) says so, in red, with the same button.
 */
export interface SubscriptionState {
  active: boolean;
  status?: string | null;
  /** Milliseconds since the epoch. */
  trialEndsAt: number;
}

export type SubscriptionBanner =
  { kind: 'none' } | { kind: 'trial'; days: number } | { kind: 'trialEnded' } | { kind: 'paymentFailed' } | { kind: 'ended' };

const DAY_MS = 86_400_000;
const FAILED = new Set(['past_due', 'unpaid', 'incomplete']);
const ENDED = new Set(['canceled', 'incomplete_expired', 'paused']);

/**
 * When the first charge of a new subscription is (issue 59 item 1): the day its trial ends while it is in the trial,
 * else now (the first month was charged on Activate).
 */
export function firstChargeOf(subscription: SubscriptionState, now: number): { at: number; today: boolean } {
  if (subscription.status === 'trialing' && subscription.trialEndsAt > now) return { at: subscription.trialEndsAt, today: false };
  return { at: now, today: true };
}

/** What the invoices list says of a subscription invoice (issue 59 item 1): an open one already tried has failed. */
export type InvoiceState = 'paid' | 'open' | 'failed' | 'void' | 'uncollectible';
export function invoiceState(invoice: { status: string; attempted: boolean }): InvoiceState {
  if (invoice.status === 'paid' || invoice.status === 'void' || invoice.status === 'uncollectible') return invoice.status;
  return invoice.attempted ? 'failed' : 'open';
}

/** Whole days left of the trial, counting a started day as one: 36 hours left reads "2 days", one hour "1 day". */
export const trialDaysLeft = (trialEndsAt: number, now: number): number => Math.max(0, Math.ceil((trialEndsAt - now) / DAY_MS));

export function subscriptionBanner(subscription: SubscriptionState | null | undefined, now: number): SubscriptionBanner {
  if (!subscription || subscription.active) return { kind: 'none' };
  if (subscription.status && FAILED.has(subscription.status)) return { kind: 'paymentFailed' };
  if (subscription.status && ENDED.has(subscription.status)) return { kind: 'ended' };
  if (subscription.trialEndsAt > now) return { kind: 'trial', days: trialDaysLeft(subscription.trialEndsAt, now) };
  return { kind: 'trialEnded' };
}

/**
 * The Billing section's state (issue 59 item 1): `trial` and `trialEnded` before any subscription, then Stripe's
 * subscription as the salon sees it: in its free days with a card (`trialing`), paid (`active`), a payment failed
 * (`pastDue`), set to end at its period's end (`canceling`) or ended.
 */
export type BillingState = 'trial' | 'trialEnded' | 'trialing' | 'active' | 'pastDue' | 'canceling' | 'ended';

/** Stripe's subscription as Billing reads it: times in ms, amounts in cents. */
export interface BillingFacts {
  status: string;
  cancelAtPeriodEnd: boolean;
  /** Stripe's trial end, null without one. */
  trialEnd: number | null;
  /** The end of the period paid for. */
  periodEnd: number | null;
  priceCents: number;
}

export function billingState(facts: BillingFacts | null, trialEndsAt: number, now: number): BillingState {
  if (!facts) return trialEndsAt > now ? 'trial' : 'trialEnded';
  if (ENDED.has(facts.status)) return 'ended';
  if (FAILED.has(facts.status)) return 'pastDue';
  if (facts.cancelAtPeriodEnd) return 'canceling';
  return facts.status === 'trialing' ? 'trialing' : 'active';
}

/**
 * When the next charge is and how much (none once it is cancelled, ended or owing: a failed payment is paid by
 * changing the card), the end of the current period (the trial's end while in it) and, of a cancelled one, its last
 * day of access, that same end.
 */
export function billingSchedule(
  state: BillingState,
  facts: BillingFacts | null,
): { nextChargeAt: number | null; nextChargeCents: number | null; periodEnd: number | null; endsAt: number | null } {
  const none = { nextChargeAt: null, nextChargeCents: null, periodEnd: null, endsAt: null };
  if (!facts || state === 'ended') return none;
  const periodEnd = facts.status === 'trialing' && facts.trialEnd !== null ? facts.trialEnd : facts.periodEnd;
  if (state === 'canceling') return { ...none, periodEnd, endsAt: periodEnd };
  if ((state === 'trialing' || state === 'active') && periodEnd !== null)
    return { nextChargeAt: periodEnd, nextChargeCents: facts.priceCents, periodEnd, endsAt: null };
  return { ...none, periodEnd };
}

/** Whether Cancel or Resume applies to the state. */
export const canCancelBilling = (state: BillingState): boolean => state === 'trialing' || state === 'active' || state === 'pastDue';
export const canResumeBilling = (state: BillingState): boolean => state === 'canceling';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};
/** A card brand as Stripe names it ('visa'), as people write it ('Visa'). */
export const cardBrandName = (brand: string): string => BRANDS[brand] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : '');
