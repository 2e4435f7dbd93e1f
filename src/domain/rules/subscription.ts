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
