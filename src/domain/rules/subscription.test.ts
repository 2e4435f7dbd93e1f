import { describe, expect, it } from 'vitest';
import { firstChargeOf, invoiceState, subscriptionBanner, trialDaysLeft } from './subscription';

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
