import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { salonSubscriptions } from '../../server/db/schema';
import { CHARGE_DECLINED_CARD } from '../fakes/stripe-card';
import { useStripeServer } from '../factories/subscription';
import { ok } from '../helpers/graphql';
import { backends } from '../helpers/server';

/**
 * Stripe's webhook (decision 047): signed events set the salon's state once each, what no delivery could mend is
 * refused, and a replaced subscription's late events change nothing. Against the local fake of Stripe's API.
 */
describe.each(backends(import.meta.url))('subscription webhook on %s', (backend) => {
  const stripe = useStripeServer(backend);
  const {
    t,
    viewerSubscription,
    createIntent,
    confirm,
    newCard,
    subscribe,
    rowOf,
    subscribed,
    subscriptionsOf,
    postWebhook,
    sign,
    storedEvents,
    expectNoSecretsLogged,
  } = stripe;

  it('a webhook with a wrong signature is refused with 400 and stores nothing', async () => {
    const s = await subscribed();
    const payload = JSON.stringify({ ...stripe.fake.events.at(-1)?.event, id: 'evt_forged1' });
    for (const signature of [sign(payload, 'whsec_other'), 't=1,v1=deadbeef', null]) {
      expect((await postWebhook(payload, signature)).status).toBe(400);
    }
    expect(await storedEvents('evt_forged1')).toEqual([]);
    expect(await viewerSubscription(s.token)).toMatchObject({ active: true, status: 'trialing' });
  });

  it('answers what no delivery could mend with a 4xx, and an unknown subscription with 200 (issue 56)', async () => {
    const s = await subscribed();
    // Signed with our secret, but no event.
    expect((await postWebhook('{}', sign('{}'))).status).toBe(400);
    // Signed an hour ahead of our clock.
    const later = JSON.stringify({ ...stripe.fake.events.at(-1)?.event, id: 'evt_future1' });
    const future = new Stripe(stripe.fake.secretKey).webhooks.generateTestHeaderString({
      payload: later,
      secret: stripe.fake.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    expect((await postWebhook(later, future)).status).toBe(400);
    expect(await storedEvents('evt_future1')).toEqual([]);
    // A subscription Stripe does not know: acknowledged, so it is not delivered again and again; nothing changes.
    const unknown = JSON.stringify({
      id: 'evt_unknown1',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { object: 'subscription', id: 'sub_nosuch', status: 'canceled' } },
    });
    expect((await postWebhook(unknown, sign(unknown))).status).toBe(200);
    expect(await storedEvents('evt_unknown1')).toHaveLength(1);
    expect(await viewerSubscription(s.token)).toMatchObject({ active: true, status: 'trialing' });
    // A megabyte is no event: 413, the answer read whole rather than a reset connection.
    const big = JSON.stringify({ id: 'evt_big1', padding: 'x'.repeat(1024 * 1024) });
    expect((await postWebhook(big, sign(big))).status).toBe(413);
  });

  it("Stripe's event sets the salon's state; the same event again is acknowledged as a duplicate and changes nothing", async () => {
    const s = await subscribed();
    const event = await stripe.fake.setSubscriptionStatus(s.subscriptionId, 'past_due');
    expect(stripe.fake.events.find((e) => e.event.id === event.id)?.deliveries).toEqual([200]);
    expect(await viewerSubscription(s.token)).toMatchObject({ active: false, status: 'past_due' });
    expect(await storedEvents(event.id)).toEqual([expect.objectContaining({ type: 'customer.subscription.updated' })]);

    // Changed meanwhile (by a later event, here by hand): a second delivery of the old event leaves it.
    await t.db.update(salonSubscriptions).set({ status: 'unpaid' }).where(eq(salonSubscriptions.salonId, s.salonId));
    expect(await stripe.fake.resend(event.id)).toBe(200);
    const payload = JSON.stringify(event);
    const again = await postWebhook(payload, sign(payload));
    expect([again.status, await again.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(await storedEvents(event.id)).toHaveLength(1);
    expect((await rowOf(s.salonId))?.status).toBe('unpaid');
  });

  it('a salon whose payment failed pays what it owes with a new card; a card that declines leaves it owing', async () => {
    const s = await subscribed();
    const owed = await stripe.fake.failRenewal(s.subscriptionId);
    expect(await viewerSubscription(s.token)).toMatchObject({ active: false, status: 'past_due' });

    // A card that sets up fine but declines the charge: kept as the default, the invoice still open.
    const declining = await confirm(await createIntent(s), CHARGE_DECLINED_CARD);
    expect(declining.status).toBe(200);
    const decliningCard = declining.body.payment_method as string;
    expect(ok(await subscribe(s, decliningCard)).updateStripeSubscription.success).toBe(false);
    expect(stripe.fake.invoices.get(owed.id)).toMatchObject({ status: 'open', amount_paid: 0 });
    expect(stripe.fake.subscriptions.get(s.subscriptionId)).toMatchObject({ status: 'past_due', default_payment_method: decliningCard });
    expect(await viewerSubscription(s.token)).toMatchObject({ active: false, status: 'past_due' });
    expect(t.logs).toContain('[payments] invoices.pay declined: card_declined');

    // A second month fails too; a good card pays both open invoices at once, and the salon is active again
    // before Stripe's events arrive (here they never do).
    const owedToo = await stripe.fake.failRenewal(s.subscriptionId);
    const good = await newCard(s);
    stripe.fake.setWebhookUrl(null);
    try {
      expect(ok(await subscribe(s, good)).updateStripeSubscription.success).toBe(true);
    } finally {
      stripe.fake.setWebhookUrl(`${t.url}/stripe/webhook`);
    }
    for (const invoice of [owed, owedToo])
      expect(stripe.fake.invoices.get(invoice.id)).toMatchObject({ status: 'paid', amount_paid: 2420 });
    expect(subscriptionsOf(s.customerId).map((sub) => sub.id)).toEqual([s.subscriptionId]);
    expect(await viewerSubscription(s.token)).toMatchObject({ active: true, status: 'active' });
    // Nothing owed: another card only changes the card.
    expect(ok(await subscribe(s, await newCard(s))).updateStripeSubscription.success).toBe(true);
    expect([...stripe.fake.invoices.values()].filter((i) => i.customer === s.customerId).map((i) => i.status)).toEqual([
      'paid',
      'paid',
      'paid',
    ]);
  });

  it("a replaced subscription's late events never overwrite the salon's new one", async () => {
    const s = await subscribed();
    const old = s.subscriptionId;
    const canceled = await stripe.fake.setSubscriptionStatus(old, 'canceled');
    expect(canceled.type).toBe('customer.subscription.deleted');
    expect(await viewerSubscription(s.token)).toMatchObject({ active: false, status: 'canceled' });

    // Subscribing again (the same card as before) makes a new subscription.
    const sameCard = stripe.fake.subscriptions.get(old)?.default_payment_method as string;
    expect(ok(await subscribe(s, sameCard)).updateStripeSubscription.success).toBe(true);
    const current = (await rowOf(s.salonId))?.subscriptionId as string;
    expect(current).not.toBe(old);
    expect(stripe.fake.subscriptions.get(current)).toMatchObject({ status: 'trialing', customer: s.customerId });
    expect(await viewerSubscription(s.token)).toMatchObject({ active: true, status: 'trialing' });

    expect(await stripe.fake.resend(canceled.id)).toBe(200);
    const lateCancel = await stripe.fake.setSubscriptionStatus(old, 'canceled');
    expect(stripe.fake.events.find((e) => e.event.id === lateCancel.id)?.deliveries).toEqual([200]);
    expect(await rowOf(s.salonId)).toMatchObject({ subscriptionId: current, status: 'trialing' });

    // The same for a subscription whose first payment expired, replaced with another card.
    await stripe.fake.setSubscriptionStatus(current, 'incomplete_expired');
    expect(ok(await subscribe(s, await newCard(s))).updateStripeSubscription.success).toBe(true);
    const newest = (await rowOf(s.salonId))?.subscriptionId as string;
    expect(newest).not.toBe(current);
    await stripe.fake.setSubscriptionStatus(current, 'incomplete_expired');
    expect(await rowOf(s.salonId)).toMatchObject({ subscriptionId: newest, status: 'trialing' });
    expect(await viewerSubscription(s.token)).toMatchObject({ active: true, status: 'trialing' });
  });

  it('logs the refused webhooks, and no card number, client secret or Stripe secret', () => {
    expect(t.logs).toContain('[payments] webhook refused: bad signature');
    expectNoSecretsLogged();
  });
});
