import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { salonSubscriptions, stripeEvents } from '../../server/db/schema';
import type { StripeOptions } from '../../server/payments/stripe';
import { startFakeStripe, stripeOptions, type FakeStripe } from '../fakes/stripe-api';
import { ok, type GqlResult, type Loose } from '../helpers/graphql';
import { ROOMY_LIMITS, useTestServer, type Backend, type TestServer } from '../helpers/server';
import { logIn, signUpOwner } from './accounts';
import { DEMO } from '../helpers/operations';

export const SETTINGS = `query P { paymentSettings { publishableKey monthlyPriceCents } }`;
export const INTENT = `mutation I($input: StripeIntentInput!) { createStripeIntent(input: $input) { clientSecret } }`;
export const SUBSCRIBE = `mutation S($input: UpdateStripeSubscriptionInput!) { updateStripeSubscription(input: $input) { success } }`;
export const INVOICES = `query L($salon: ID!, $first: Int, $after: String) { getInvoices(salon: $salon, first: $first, after: $after) {
  pageInfo { endCursor hasNextPage } edges { cursor node { id number total status attempted created invoicePdf periodStart periodEnd } } } }`;
const BILLING_FIELDS = `state trialEndsAt monthlyPriceCents nextChargeAt nextChargeCents owedCents periodEnd endsAt
  card { brand last4 expMonth expYear } company { name reg address }`;
export const BILLING = `query B($salon: ID!) { billing(salon: $salon) { ${BILLING_FIELDS} } }`;
export const CANCEL = `mutation C($input: BillingInput!) { cancelSubscription(input: $input) { ${BILLING_FIELDS} } }`;
export const RESUME = `mutation R($input: BillingInput!) { resumeSubscription(input: $input) { ${BILLING_FIELDS} } }`;
const SUBSCRIPTION = `query V { viewer { salon { id subscription { active status trialEndsAt } } } }`;

export const CARD = '4242424242424242';

export interface Session {
  token: string;
  salonId: string;
}

/**
 * A test server (demo salon seeded) against the Stripe fake, and what the subscription dialog and Stripe.js do,
 * for the subscription's tests. The fake starts before the server (its URL goes into the server's options) and
 * stops after it; its webhook posts to the server.
 */
export function useStripeServer(backend: Backend) {
  let fake!: FakeStripe;
  const stripe: StripeOptions = {};
  beforeAll(async () => {
    fake = await startFakeStripe();
    Object.assign(stripe, stripeOptions(fake));
  });
  afterAll(async () => {
    await fake?.stop();
  });
  const t: TestServer = useTestServer(backend, { seedDemo: true, ...ROOMY_LIMITS, stripe });
  beforeAll(() => fake.setWebhookUrl(`${t.url}/stripe/webhook`));

  /** Every client secret the server handed out: none may reach the log. */
  const secrets: string[] = [];
  const viewerSubscription = async (token: string) => ok(await t.gql(SUBSCRIPTION, {}, token)).viewer.salon.subscription;
  const invoices = async (s: Session, variables: Loose = {}) =>
    ok(await t.gql(INVOICES, { salon: s.salonId, ...variables }, s.token)).getInvoices;
  const demoOwner = async (): Promise<Session> => {
    const session = await logIn(t, DEMO.owner);
    return { token: session.token, salonId: session.user.salon.id };
  };
  const newSalon = async (): Promise<Session & { name: string; email: string }> => {
    const owner = await signUpOwner(t);
    return { token: owner.token, salonId: owner.salonId, name: owner.fields.salonName, email: owner.email };
  };
  const createIntent = async (s: Session): Promise<string> => {
    const secret = ok(await t.gql(INTENT, { input: { salon: s.salonId } }, s.token)).createStripeIntent.clientSecret as string;
    secrets.push(secret);
    return secret;
  };
  /** What Stripe.js does in the browser: confirms the SetupIntent with the publishable key and the card. */
  const confirm = async (clientSecret: string, number = CARD, keyIn: 'header' | 'body' = 'header') => {
    const intent = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    const body = new URLSearchParams({
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 5),
      'payment_method_data[card][cvc]': '123',
      ...(keyIn === 'body' ? { key: fake.publishableKey } : {}),
    });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (keyIn === 'header') headers.authorization = `Bearer ${fake.publishableKey}`;
    const response = await fetch(`${fake.url}/v1/setup_intents/${intent}/confirm`, { method: 'POST', headers, body });
    return { status: response.status, body: (await response.json()) as Loose };
  };
  /** The dialog's card step: a SetupIntent confirmed with a good card; the new PaymentMethod's id. */
  const newCard = async (s: Session): Promise<string> => {
    const confirmed = await confirm(await createIntent(s));
    expect(confirmed.status).toBe(200);
    return confirmed.body.payment_method as string;
  };
  const subscribe = (s: Session, paymentMethod: string, fields: Loose = { needInvoice: false }): Promise<GqlResult> =>
    t.gql(SUBSCRIBE, { input: { salon: s.salonId, paymentMethod, ...fields } }, s.token);
  const rowOf = async (salonId: string) => (await t.db.select().from(salonSubscriptions).where(eq(salonSubscriptions.salonId, salonId)))[0];
  /** A new salon with its card set up and its subscription started (in its trial); the Stripe ids. */
  const subscribed = async () => {
    const s = await newSalon();
    expect(ok(await subscribe(s, await newCard(s))).updateStripeSubscription.success).toBe(true);
    const row = await rowOf(s.salonId);
    return { ...s, subscriptionId: row?.subscriptionId as string, customerId: row?.customerId as string };
  };
  const subscriptionsOf = (customerId: string) => [...fake.subscriptions.values()].filter((sub) => sub.customer === customerId);
  const postWebhook = (payload: string, signature: string | null) =>
    fetch(`${t.url}/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      body: payload,
    });
  const sign = (payload: string, secret: string = fake.webhookSecret) =>
    new Stripe(fake.secretKey).webhooks.generateTestHeaderString({ payload, secret });
  const storedEvents = (id: string) => t.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
  /** The log holds no card number, client secret or Stripe secret. */
  const expectNoSecretsLogged = () => {
    const log = t.logs.join('\n');
    for (const secret of [CARD, '4000000000000002', '_secret_', 'whsec_', 'sk_test', ...secrets]) expect(log).not.toContain(secret);
  };

  return {
    t,
    /** The fake, once started (in a test or hook). */
    get fake() {
      return fake;
    },
    secrets,
    viewerSubscription,
    invoices,
    demoOwner,
    newSalon,
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
  };
}
