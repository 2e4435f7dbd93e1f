import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { salons } from '../../server/db/schema';
import { CHARGE_DECLINED_CARD } from '../fakes/stripe-card';
import { BILLING, CANCEL, RESUME, useStripeServer, type Session } from '../factories/subscription';
import { ok, refused, type Loose } from '../helpers/graphql';
import { backends } from '../helpers/server';

const COMPANY = { needInvoice: true, companyName: 'SIA Skaistums', companyReg: '40203000001', companyAddress: 'Brīvības iela 1, Rīga' };
const MASTERCARD = '5555555555554444';

/**
 * Billing (issue 59 item 1) through the `stripe` SDK against the local fake of Stripe's API: the state, the next
 * charge, the card and the company in the trial, once paid, past due after a failed renewal, after a card change,
 * cancelled and resumed; the banner's state follows by the webhook.
 */
describe.each(backends(import.meta.url))('billing on %s', (backend) => {
  const stripe = useStripeServer(backend);
  const { t, viewerSubscription, newSalon, confirm, createIntent, newCard, subscribe, subscribed, expectNoSecretsLogged } = stripe;

  const billing = async (s: Session) => ok(await t.gql(BILLING, { salon: s.salonId }, s.token)).billing as Loose;
  const cancel = (s: Session) => t.gql(CANCEL, { input: { salon: s.salonId } }, s.token);
  const resume = (s: Session) => t.gql(RESUME, { input: { salon: s.salonId } }, s.token);
  const cardOf = async (s: Session, number: string): Promise<string> => {
    const confirmed = await confirm(await createIntent(s), number);
    expect(confirmed.status).toBe(200);
    return confirmed.body.payment_method as string;
  };
  const subscriptionOf = (id: string) => stripe.fake.subscriptions.get(id);
  /** Stripe keeps times in whole seconds. */
  const seconds = (ms: number) => Math.floor(ms / 1000) * 1000;
  const periodEndOf = (id: string) => (subscriptionOf(id)?.items.data[0]?.current_period_end ?? 0) * 1000;

  it('a salon in its trial with no card: the trial and its end, nothing to charge; once the trial is over, trialEnded', async () => {
    const s = await newSalon();
    const [salon] = await t.db.select().from(salons).where(eq(salons.id, s.salonId));
    const trialEndsAt = salon?.trialEndsAt.getTime() ?? 0;
    expect(await billing(s)).toEqual({
      state: 'trial',
      trialEndsAt,
      monthlyPriceCents: 2420,
      nextChargeAt: null,
      nextChargeCents: null,
      owedCents: 0,
      periodEnd: null,
      endsAt: null,
      card: null,
      company: null,
    });
    refused(await cancel(s), { code: 'NotAllowed', reason: 'SUBSCRIPTION_NOT_CANCELABLE' });
    refused(await resume(s), { code: 'NotAllowed', reason: 'SUBSCRIPTION_NOT_RESUMABLE' });
    await t.db
      .update(salons)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(salons.id, s.salonId));
    expect(await billing(s)).toMatchObject({ state: 'trialEnded', nextChargeAt: null, card: null });
  });

  it('subscribed in the trial: the first charge when the trial ends, the card on file and the company', async () => {
    const s = await newSalon();
    expect(ok(await subscribe(s, await newCard(s), COMPANY)).updateStripeSubscription.success).toBe(true);
    const view = await billing(s);
    expect(view).toMatchObject({
      state: 'trialing',
      nextChargeAt: seconds(view.trialEndsAt),
      nextChargeCents: 2420,
      owedCents: 0,
      endsAt: null,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getFullYear() + 5 },
      company: { name: COMPANY.companyName, reg: COMPANY.companyReg, address: COMPANY.companyAddress },
    });
  });

  it('a paid month: active, the next charge at the end of the period paid for', async () => {
    const s = await subscribed();
    await stripe.fake.bill(s.subscriptionId);
    expect(await billing(s)).toMatchObject({
      state: 'active',
      nextChargeAt: periodEndOf(s.subscriptionId),
      nextChargeCents: 2420,
      company: null,
    });
    expect(periodEndOf(s.subscriptionId)).toBeGreaterThan(Date.now() + 20 * 86_400_000);
  });

  it('a failed renewal is past due with what it owes; a declining card leaves it so; a new card pays it and is the one on file', async () => {
    const s = await subscribed();
    await stripe.fake.failRenewal(s.subscriptionId);
    expect(await viewerSubscription(s.token)).toMatchObject({ active: false, status: 'past_due' });
    expect(await billing(s)).toMatchObject({ state: 'pastDue', owedCents: 2420, nextChargeAt: null, card: { last4: '4242' } });

    expect(ok(await subscribe(s, await cardOf(s, CHARGE_DECLINED_CARD))).updateStripeSubscription.success).toBe(false);
    expect(await billing(s)).toMatchObject({ state: 'pastDue', owedCents: 2420, card: { last4: '0341' } });

    expect(ok(await subscribe(s, await cardOf(s, MASTERCARD))).updateStripeSubscription.success).toBe(true);
    expect(await billing(s)).toMatchObject({
      state: 'active',
      owedCents: 0,
      nextChargeAt: periodEndOf(s.subscriptionId),
      card: { brand: 'mastercard', last4: '4444' },
    });
    expect(await viewerSubscription(s.token)).toMatchObject({ active: true, status: 'active' });
  });

  it('cancel keeps access until the period ends with nothing more charged; resume goes on as before; each once', async () => {
    const s = await subscribed();
    await stripe.fake.bill(s.subscriptionId);
    const periodEnd = periodEndOf(s.subscriptionId);

    expect(ok(await cancel(s)).cancelSubscription).toMatchObject({ state: 'canceling', endsAt: periodEnd, nextChargeAt: null });
    expect(subscriptionOf(s.subscriptionId)?.cancel_at_period_end).toBe(true);
    expect(await billing(s)).toMatchObject({ state: 'canceling', endsAt: periodEnd, card: { last4: '4242' } });
    // Still paid for: no banner until the period ends.
    expect(await viewerSubscription(s.token)).toMatchObject({ active: true, status: 'active' });
    refused(await cancel(s), { code: 'NotAllowed', reason: 'SUBSCRIPTION_NOT_CANCELABLE' });

    expect(ok(await resume(s)).resumeSubscription).toMatchObject({ state: 'active', nextChargeAt: periodEnd, endsAt: null });
    expect(subscriptionOf(s.subscriptionId)?.cancel_at_period_end).toBe(false);
    refused(await resume(s), { code: 'NotAllowed', reason: 'SUBSCRIPTION_NOT_RESUMABLE' });
  });

  it('cancelled in the trial: access until the trial ends; once Stripe ends it, ended, and Choose plan starts a new one', async () => {
    const s = await subscribed();
    const trialEndsAt = (await billing(s)).trialEndsAt as number;
    expect(ok(await cancel(s)).cancelSubscription).toMatchObject({ state: 'canceling', endsAt: seconds(trialEndsAt) });

    await stripe.fake.setSubscriptionStatus(s.subscriptionId, 'canceled');
    expect(await viewerSubscription(s.token)).toMatchObject({ active: false, status: 'canceled' });
    expect(await billing(s)).toMatchObject({ state: 'ended', nextChargeAt: null, endsAt: null });
    refused(await resume(s), { code: 'NotAllowed', reason: 'SUBSCRIPTION_NOT_RESUMABLE' });
    refused(await cancel(s), { code: 'NotAllowed', reason: 'SUBSCRIPTION_NOT_CANCELABLE' });

    expect(ok(await subscribe(s, await newCard(s))).updateStripeSubscription.success).toBe(true);
    expect(await billing(s)).toMatchObject({ state: 'trialing', nextChargeAt: seconds(trialEndsAt) });
  });

  it('refuses a malformed salon on its field and answers only the session salon', async () => {
    const s = await subscribed();
    const other = await newSalon();
    refused(await t.gql(BILLING, { salon: 'x' }, s.token), { reason: 'VALIDATION_FAILED', field: 'salon' });
    refused(await t.gql(BILLING, { salon: s.salonId }, other.token), { code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
    refused(await cancel({ token: other.token, salonId: s.salonId }), { code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
    expect(subscriptionOf(s.subscriptionId)?.cancel_at_period_end).toBe(false);
    expectNoSecretsLogged();
  });
});
