import { describe, expect, it } from 'vitest';
import {
  billingSchedule,
  billingState,
  canCancelBilling,
  canResumeBilling,
  cardBrandName,
  firstChargeOf,
  invoiceState,
  subscriptionBanner,
  trialDaysLeft,
  type BillingFacts,
} from './subscription';

const NOW = Date.UTC(2026, 10, 26, 12, 0);
const HOUR = 3_600_000;

describe('subscription banner', () => {
  it('is hidden without a salon and while the subscription is paid', () => {
    expect(subscriptionBanner(null, NOW)).toEqual({ kind: 'none' });
    expect(subscriptionBanner({ active: true, status: 'trialing', trialEndsAt: NOW - HOUR }, NOW)).toEqual({ kind: 'none' });
  });

  it('counts the whole days of the trial left, a started day as one', () => {
    expect(subscriptionBanner({ active: false, trialEndsAt: NOW + HOUR }, NOW)).toEqual({ kind: 'trial', days: 1 });
    expect(subscriptionBanner({ active: false, trialEndsAt: NOW + 36 * HOUR }, NOW)).toEqual({ kind: 'trial', days: 2 });
    expect(subscriptionBanner({ active: false, trialEndsAt: NOW + 60 * 24 * HOUR }, NOW)).toEqual({ kind: 'trial', days: 60 });
  });

  it('turns red when the trial has ended', () => {
    expect(subscriptionBanner({ active: false, trialEndsAt: NOW }, NOW)).toEqual({ kind: 'trialEnded' });
    expect(subscriptionBanner({ active: false, status: null, trialEndsAt: NOW - HOUR }, NOW)).toEqual({ kind: 'trialEnded' });
  });

  it('says when the last payment failed or the subscription ended, trial or not', () => {
    expect(subscriptionBanner({ active: false, status: 'past_due', trialEndsAt: NOW - HOUR }, NOW)).toEqual({ kind: 'paymentFailed' });
    expect(subscriptionBanner({ active: false, status: 'unpaid', trialEndsAt: NOW + HOUR }, NOW)).toEqual({ kind: 'paymentFailed' });
    expect(subscriptionBanner({ active: false, status: 'canceled', trialEndsAt: NOW - HOUR }, NOW)).toEqual({ kind: 'ended' });
  });

  it('never counts negative days', () => {
    expect(trialDaysLeft(NOW - 5 * 24 * HOUR, NOW)).toBe(0);
  });
});

describe('a subscription invoice as the Invoices page says it (issue 59 item 1)', () => {
  it('is paid, open, failed once a payment was tried on an open one, void or uncollectible', () => {
    expect(invoiceState({ status: 'paid', attempted: true })).toBe('paid');
    expect(invoiceState({ status: 'open', attempted: false })).toBe('open');
    expect(invoiceState({ status: 'open', attempted: true })).toBe('failed');
    expect(invoiceState({ status: 'void', attempted: true })).toBe('void');
    expect(invoiceState({ status: 'uncollectible', attempted: true })).toBe('uncollectible');
  });
});

describe('the first charge of a new subscription (issue 59 item 1)', () => {
  it('is the end of the trial while in it, else now', () => {
    const ends = NOW + 10 * 86_400_000;
    expect(firstChargeOf({ active: true, status: 'trialing', trialEndsAt: ends }, NOW)).toEqual({ at: ends, today: false });
    expect(firstChargeOf({ active: true, status: 'active', trialEndsAt: NOW - 1 }, NOW)).toEqual({ at: NOW, today: true });
    expect(firstChargeOf({ active: true, status: 'trialing', trialEndsAt: NOW - 1 }, NOW)).toEqual({ at: NOW, today: true });
  });
});

describe('Billing: the state, the next charge and the end (issue 59 item 1)', () => {
  const DAY = 24 * HOUR;
  const facts = (over: Partial<BillingFacts>): BillingFacts => ({
    status: 'active',
    cancelAtPeriodEnd: false,
    trialEnd: null,
    periodEnd: NOW + 20 * DAY,
    priceCents: 2420,
    ...over,
  });

  it('is the trial, or its end, while the salon has no subscription', () => {
    expect(billingState(null, NOW + HOUR, NOW)).toBe('trial');
    expect(billingState(null, NOW, NOW)).toBe('trialEnded');
    expect(billingSchedule('trial', null)).toEqual({ nextChargeAt: null, nextChargeCents: null, periodEnd: null, endsAt: null });
  });

  it('charges the price when the trial ends, then at the end of each paid period', () => {
    const trialing = facts({ status: 'trialing', trialEnd: NOW + 9 * DAY, periodEnd: NOW + 9 * DAY });
    expect(billingState(trialing, NOW + 9 * DAY, NOW)).toBe('trialing');
    expect(billingSchedule('trialing', trialing)).toEqual({
      nextChargeAt: NOW + 9 * DAY,
      nextChargeCents: 2420,
      periodEnd: NOW + 9 * DAY,
      endsAt: null,
    });
    const active = facts({});
    expect(billingState(active, NOW - DAY, NOW)).toBe('active');
    expect(billingSchedule('active', active)).toEqual({
      nextChargeAt: NOW + 20 * DAY,
      nextChargeCents: 2420,
      periodEnd: NOW + 20 * DAY,
      endsAt: null,
    });
  });

  it('a failed payment is past due with no charge planned; an ended one has none either', () => {
    for (const status of ['past_due', 'unpaid', 'incomplete']) {
      expect(billingState(facts({ status }), NOW, NOW)).toBe('pastDue');
      expect(billingSchedule('pastDue', facts({ status }))).toMatchObject({ nextChargeAt: null, periodEnd: NOW + 20 * DAY });
    }
    for (const status of ['canceled', 'incomplete_expired', 'paused']) {
      expect(billingState(facts({ status, cancelAtPeriodEnd: true }), NOW, NOW)).toBe('ended');
      expect(billingSchedule('ended', facts({ status }))).toEqual({
        nextChargeAt: null,
        nextChargeCents: null,
        periodEnd: null,
        endsAt: null,
      });
    }
  });

  it('cancelled at the period end: no next charge, access until the trial or the period ends', () => {
    const active = facts({ cancelAtPeriodEnd: true });
    expect(billingState(active, NOW - DAY, NOW)).toBe('canceling');
    expect(billingSchedule('canceling', active)).toEqual({
      nextChargeAt: null,
      nextChargeCents: null,
      periodEnd: NOW + 20 * DAY,
      endsAt: NOW + 20 * DAY,
    });
    const trialing = facts({ status: 'trialing', cancelAtPeriodEnd: true, trialEnd: NOW + 3 * DAY, periodEnd: NOW + 5 * DAY });
    expect(billingSchedule(billingState(trialing, NOW + 3 * DAY, NOW), trialing).endsAt).toBe(NOW + 3 * DAY);
  });

  it('offers Cancel while it runs or owes, Resume only while set to end', () => {
    const states = ['trial', 'trialEnded', 'trialing', 'active', 'pastDue', 'canceling', 'ended'] as const;
    expect(states.filter(canCancelBilling)).toEqual(['trialing', 'active', 'pastDue']);
    expect(states.filter(canResumeBilling)).toEqual(['canceling']);
  });

  it("writes a card's brand as people do", () => {
    expect(['visa', 'mastercard', 'amex', 'link', ''].map(cardBrandName)).toEqual(['Visa', 'Mastercard', 'American Express', 'Link', '']);
  });
});
