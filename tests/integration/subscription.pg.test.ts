import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { salonSubscriptions, stripeEvents } from '../../server/db/schema';
import { logIn } from '../factories/accounts';
import { addStaff } from '../factories/salon';
import { BILLING, CANCEL, CARD, INTENT, INVOICES, RESUME, SETTINGS, SUBSCRIBE, useStripeServer } from '../factories/subscription';
import { ok, refused, type GqlResult, type Loose } from '../helpers/graphql';
import { DEMO, SWITCH_SALON } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

const COMPANY_FIELDS = { companyName: 'SIA Skaistums', companyReg: '40203000001', companyAddress: 'Brīvības iela 1, Rīga, LV-1010' };
const COMPANY = { needInvoice: true, ...COMPANY_FIELDS };

/** The calls of the subscription dialog, the invoices page and Billing, for `salon`. */
const dialogCalls = (salon: string): Array<[string, Record<string, unknown>]> => [
  [INTENT, { input: { salon } }],
  [SUBSCRIBE, { input: { salon, paymentMethod: 'pm_123', needInvoice: false } }],
  [INVOICES, { salon }],
  [BILLING, { salon }],
  [CANCEL, { input: { salon } }],
  [RESUME, { input: { salon } }],
];

describe.each(backends(import.meta.url))('subscription on %s', (backend) => {
  const stripe = useStripeServer(backend);
  const {
    t,
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
    expectNoSecretsLogged,
  } = stripe;

  it('tells any salon user the publishable key and the monthly price', async () => {
    const owner = await demoOwner();
    const master = await logIn(t, DEMO.master);
    for (const token of [owner.token, master.token]) {
      expect(ok(await t.gql(SETTINGS, {}, token)).paymentSettings).toEqual({ publishableKey: 'pk_test_fake', monthlyPriceCents: 2420 });
    }
    refused(await t.gql(SETTINGS, {}, null), { code: 'Unauthenticated' });
  });

  it("makes one Stripe customer per salon, even for two dialogs at once, and answers its SetupIntent's client secret", async () => {
    const s = await newSalon();
    const first = await createIntent(s);
    const second = await createIntent(s);
    const rows = await t.db.select().from(salonSubscriptions).where(eq(salonSubscriptions.salonId, s.salonId));
    expect(rows).toHaveLength(1);
    const customerId = rows[0]?.customerId as string;
    const customers = [...stripe.fake.customers.values()].filter((c) => c.metadata.salonId === s.salonId);
    expect(customers).toEqual([expect.objectContaining({ id: customerId, name: s.name, email: s.email })]);
    expect(rows[0]).toMatchObject({ subscriptionId: null, status: null });
    expect(first).not.toBe(second);
    for (const secret of [first, second]) {
      const intent = stripe.fake.setupIntents.get(secret.slice(0, secret.indexOf('_secret_')));
      expect(intent).toMatchObject({
        client_secret: secret,
        customer: customerId,
        status: 'requires_payment_method',
        usage: 'off_session',
      });
    }

    const racing = await newSalon();
    await Promise.all([createIntent(racing), createIntent(racing)]);
    expect([...stripe.fake.customers.values()].filter((c) => c.metadata.salonId === racing.salonId)).toHaveLength(1);
    expect(await t.db.select().from(salonSubscriptions).where(eq(salonSubscriptions.salonId, racing.salonId))).toHaveLength(1);
  });

  it('subscribes the demo salon in its trial: the card, the company on the customer, the trial kept, the $0 invoice and its PDF', async () => {
    const s = await demoOwner();
    const secret = await createIntent(s);
    const confirmed = await confirm(secret, CARD, 'body');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', payment_method: expect.stringMatching(/^pm_/) });
    const paymentMethod = confirmed.body.payment_method as string;
    expect(ok(await subscribe(s, paymentMethod, COMPANY)).updateStripeSubscription).toEqual({ success: true });

    const view = await viewerSubscription(s.token);
    expect(view).toEqual({ active: true, status: 'trialing', trialEndsAt: expect.any(Number) });
    expect(view.trialEndsAt).toBeGreaterThan(Date.now());
    const row = await rowOf(s.salonId);
    expect(row).toMatchObject({ status: 'trialing', priceId: 'price_monthly', ...COMPANY_FIELDS });
    const customer = stripe.fake.customers.get(row?.customerId as string);
    expect(customer).toMatchObject({
      name: COMPANY.companyName,
      address: { line1: COMPANY.companyAddress },
      invoice_settings: { default_payment_method: paymentMethod, custom_fields: [{ name: 'Reg. No.', value: COMPANY.companyReg }] },
      metadata: { salonId: s.salonId, companyReg: COMPANY.companyReg },
    });
    expect(stripe.fake.paymentMethods.get(paymentMethod)).toMatchObject({ customer: customer?.id, card: { brand: 'visa', last4: '4242' } });
    const [subscription, ...others] = subscriptionsOf(customer?.id as string);
    expect(others).toEqual([]);
    expect(subscription).toMatchObject({
      id: row?.subscriptionId,
      status: 'trialing',
      default_payment_method: paymentMethod,
      trial_end: Math.floor(view.trialEndsAt / 1000),
      items: { data: [{ price: { id: 'price_monthly' } }] },
      metadata: { salonId: s.salonId },
    });
    const delivered = stripe.fake.events.filter((e) => JSON.stringify(e.event.data.object).includes(subscription?.id as string));
    expect(delivered.map((e) => [e.event.type, e.deliveries])).toEqual([
      ['customer.subscription.created', [200]],
      ['invoice.paid', [200]],
    ]);

    const page = await invoices(s);
    expect(page.pageInfo).toEqual({ endCursor: page.edges[0]?.node.id, hasNextPage: false });
    expect(page.edges).toEqual([
      {
        cursor: expect.stringMatching(/^in_/),
        node: {
          id: expect.stringMatching(/^in_/),
          number: 'FAKE-0001',
          total: 0,
          status: 'paid',
          attempted: true,
          created: expect.any(Number),
          invoicePdf: expect.stringMatching(new RegExp(`^${stripe.fake.url}/invoices/in_\\w+\\.pdf$`)),
          periodStart: expect.any(Number),
          periodEnd: (subscription?.trial_end as number) * 1000,
        },
      },
    ]);
    const pdf = await fetch(page.edges[0].node.invoicePdf);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('(Invoice FAKE-0001 total 0.00 EUR)');
  });

  it('without a company invoice the customer has the salon name, no address, no Reg. No.; a second card only changes the card', async () => {
    const s = await newSalon();
    const firstCard = await newCard(s);
    expect(ok(await subscribe(s, firstCard, COMPANY)).updateStripeSubscription.success).toBe(true);
    const row = await rowOf(s.salonId);
    const secondCard = await newCard(s);
    expect(ok(await subscribe(s, secondCard, { needInvoice: false })).updateStripeSubscription.success).toBe(true);
    const customer = stripe.fake.customers.get(row?.customerId as string);
    expect(customer).toMatchObject({
      name: s.name,
      address: null,
      invoice_settings: { default_payment_method: secondCard, custom_fields: null },
    });
    expect(customer?.metadata).toEqual({ salonId: s.salonId });
    expect(subscriptionsOf(row?.customerId as string)).toEqual([
      expect.objectContaining({ id: row?.subscriptionId, default_payment_method: secondCard }),
    ]);
    expect(await rowOf(s.salonId)).toMatchObject({ subscriptionId: row?.subscriptionId, companyName: null, companyReg: null });
  });

  it('two windows submitting two cards at once start one subscription; the other is told to wait (decision 083)', async () => {
    const s = await newSalon();
    const cards = [await newCard(s), await newCard(s)];
    const answers = await Promise.all(cards.map((card) => subscribe(s, card)));
    const row = await rowOf(s.salonId);
    expect(subscriptionsOf(row?.customerId as string)).toHaveLength(1);
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    const waited = answers.find((a) => a.errors) as GqlResult;
    refused(waited, { code: 'NotAllowed', reason: 'SUBSCRIPTION_CHANGE_IN_PROGRESS', field: 'paymentMethod' });
    expect(row?.changingUntil).toBeNull();
    // A lease left by an instance that stopped midway ends with its time: the next submit only changes the card.
    await t.db
      .update(salonSubscriptions)
      .set({ changingUntil: new Date(Date.now() + 60_000) })
      .where(eq(salonSubscriptions.salonId, s.salonId));
    refused(await subscribe(s, cards[1] as string), { reason: 'SUBSCRIPTION_CHANGE_IN_PROGRESS' });
    await t.db
      .update(salonSubscriptions)
      .set({ changingUntil: new Date(Date.now() - 1000) })
      .where(eq(salonSubscriptions.salonId, s.salonId));
    expect(ok(await subscribe(s, cards[1] as string)).updateStripeSubscription.success).toBe(true);
    expect(subscriptionsOf(row?.customerId as string)).toEqual([expect.objectContaining({ default_payment_method: cards[1] })]);
  });

  it('refuses a company invoice without the company name, and a malformed card id, on their fields, changing nothing', async () => {
    const s = await newSalon();
    const paymentMethod = await newCard(s);
    const before = await rowOf(s.salonId);
    const customerBefore = structuredClone(stripe.fake.customers.get(before?.customerId as string));
    refused(await subscribe(s, paymentMethod, { ...COMPANY, companyName: '   ' }), {
      code: 'IllegalArgument',
      reason: 'VALIDATION_FAILED',
      field: 'companyName',
      messageId: 'subscription.enterCompanyName',
    });
    refused(await subscribe(s, 'bogus'), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'paymentMethod' });
    expect(subscriptionsOf(before?.customerId as string)).toEqual([]);
    expect(stripe.fake.customers.get(before?.customerId as string)).toEqual(customerBefore);
    expect(await rowOf(s.salonId)).toEqual(before);
    expect(await viewerSubscription(s.token)).toMatchObject({ active: false, status: null });
  });

  it("refuses a declined or mistyped card at Stripe, and another salon's card or an unknown one on the server", async () => {
    const a = await newSalon();
    const secret = await createIntent(a);
    expect(await confirm(secret, '4000000000000002')).toMatchObject({
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } },
    });
    expect(await confirm(secret, '4242424242424241')).toMatchObject({
      status: 402,
      body: { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } },
    });
    const aCustomer = (await rowOf(a.salonId))?.customerId as string;
    const b = await newSalon();
    const bCard = await newCard(b);
    for (const paymentMethod of [bCard, 'pm_doesnotexist123']) {
      refused(await subscribe(a, paymentMethod), { code: 'NotExists', reason: 'PAYMENT_METHOD_NOT_FOUND', field: 'paymentMethod' });
    }
    // A salon that never opened the dialog has no customer: no card can be its own.
    const c = await newSalon();
    refused(await subscribe(c, bCard), { reason: 'PAYMENT_METHOD_NOT_FOUND' });
    expect(subscriptionsOf(aCustomer)).toEqual([]);
    expect(stripe.fake.customers.get(aCustomer)?.invoice_settings.default_payment_method).toBeNull();
    expect(stripe.fake.paymentMethods.get(bCard)?.customer).toBe((await rowOf(b.salonId))?.customerId);
    expect(await rowOf(c.salonId)).toBeUndefined();
  });

  it('is for administrators of the session salon: masters, sysadmins, another salon and no session are refused', async () => {
    const demo = await demoOwner();
    const customersBefore = stripe.fake.customers.size;
    const intentsBefore = stripe.fake.setupIntents.size;
    const master = await logIn(t, DEMO.master);
    expect(master.role).toBe('MASTER');
    const sysadmin = await logIn(t, DEMO.sysadmin);
    for (const [query, variables] of dialogCalls(demo.salonId)) {
      refused(await t.gql(query, variables, sysadmin.token), { code: 'Forbidden', reason: 'NO_SALON' });
    }
    ok(await t.gql(SWITCH_SALON, { input: { salon: demo.salonId } }, sysadmin.token));
    for (const token of [master.token, sysadmin.token]) {
      for (const [query, variables] of dialogCalls(demo.salonId)) {
        refused(await t.gql(query, variables, token), { code: 'Forbidden', reason: 'SUBSCRIPTION_IS_FOR_ADMINISTRATORS' });
      }
    }
    const other = await newSalon();
    for (const [query, variables] of dialogCalls(demo.salonId)) {
      refused(await t.gql(query, variables, other.token), { code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
      refused(await t.gql(query, variables, null), { code: 'Unauthenticated' });
    }
    expect([stripe.fake.customers.size, stripe.fake.setupIntents.size]).toEqual([customersBefore, intentsBefore]);

    // An administrator who is not the owner subscribes the salon and reads its invoices.
    const f = await newSalon();
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const asAdmin = { token: admin.token, salonId: f.salonId };
    expect(ok(await subscribe(asAdmin, await newCard(asAdmin))).updateStripeSubscription.success).toBe(true);
    expect((await invoices(asAdmin)).edges).toHaveLength(1);
    expect(await viewerSubscription(f.token)).toMatchObject({ active: true, status: 'trialing' });
  });

  it('a paid month makes the subscription active and lists its invoice first', async () => {
    const s = await subscribed();
    expect((await invoices(s)).edges.map((e: Loose) => e.node.total)).toEqual([0]);
    const billed = await stripe.fake.bill(s.subscriptionId);
    expect(await viewerSubscription(s.token)).toMatchObject({ active: true, status: 'active' });
    const page = await invoices(s);
    expect(page.edges.map((e: Loose) => [e.node.id, e.node.number, e.node.total, e.node.status])).toEqual([
      [billed.id, 'FAKE-0002', 2420, 'paid'],
      [expect.stringMatching(/^in_/), 'FAKE-0001', 0, 'paid'],
    ]);
    expect(page.edges[0].node).toMatchObject({ periodStart: billed.period_start * 1000, periodEnd: billed.period_end * 1000 });
  });

  it('pages the invoices by 20, newest first, without duplicates', async () => {
    const s = await subscribed();
    for (let i = 0; i < 21; i++) await stripe.fake.bill(s.subscriptionId);
    const first = await invoices(s, { first: 20 });
    expect(first.edges).toHaveLength(20);
    expect(first.pageInfo).toEqual({ endCursor: first.edges[19].node.id, hasNextPage: true });
    const rest = await invoices(s, { first: 20, after: first.pageInfo.endCursor });
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const all = [...first.edges, ...rest.edges].map((e: Loose) => e.node);
    expect(all.map((n: Loose) => n.number)).toEqual(Array.from({ length: 22 }, (_, i) => `FAKE-${String(22 - i).padStart(4, '0')}`));
    expect(new Set(all.map((n: Loose) => n.id)).size).toBe(22);
    expect(all.map((n: Loose) => n.total)).toEqual([...Array<number>(21).fill(2420), 0]);
    expect((await invoices(s)).edges).toHaveLength(20);
    refused(await t.gql(INVOICES, { salon: s.salonId, first: 21 }, s.token), { reason: 'VALIDATION_FAILED', field: 'first' });
    refused(await t.gql(INVOICES, { salon: s.salonId, after: 'bogus' }, s.token), { reason: 'VALIDATION_FAILED', field: 'after' });
    // A well-formed cursor of no invoice of the salon's (issue 56: once an internal error).
    refused(await t.gql(INVOICES, { salon: s.salonId, after: 'in_x' }, s.token), {
      code: 'NotExists',
      reason: 'INVOICE_NOT_FOUND',
      field: 'after',
    });
  });

  it("answers PAYMENT_PROVIDER_ERROR when Stripe refuses a call, logging Stripe's error type and code only", async () => {
    const s = await newSalon();
    await createIntent(s);
    const customerId = (await rowOf(s.salonId))?.customerId as string;
    stripe.fake.customers.delete(customerId);
    refused(await t.gql(INTENT, { input: { salon: s.salonId } }, s.token), { code: 'InternalError', reason: 'PAYMENT_PROVIDER_ERROR' });
    expect(t.logs).toContain('[payments] setupIntents.create failed: StripeInvalidRequestError resource_missing (400)');
    expect(t.logs.join('\n')).not.toContain(customerId);
  });

  it('logs no card number, client secret or Stripe secret', () => {
    const log = t.logs.join('\n');
    expect(log).toContain('[payments] webhook customer.subscription.created');
    expect(secrets.length).toBeGreaterThan(10);
    expectNoSecretsLogged();
  });
});

describe.each(backends(import.meta.url))('subscription without payments configured on %s', (backend) => {
  const t = useTestServer(backend, { seedDemo: true, ...ROOMY_LIMITS });

  it('answers no publishable key, refuses the dialog with PAYMENTS_NOT_CONFIGURED, lists no invoices and refuses webhooks', async () => {
    const session = await logIn(t, DEMO.owner);
    const salon = session.user.salon.id as string;
    expect(ok(await t.gql(SETTINGS, {}, session.token)).paymentSettings).toEqual({ publishableKey: null, monthlyPriceCents: 2420 });
    refused(await t.gql(INTENT, { input: { salon } }, session.token), { code: 'NotAllowed', reason: 'PAYMENTS_NOT_CONFIGURED' });
    refused(await t.gql(SUBSCRIBE, { input: { salon, paymentMethod: 'pm_123' } }, session.token), {
      code: 'NotAllowed',
      reason: 'PAYMENTS_NOT_CONFIGURED',
    });
    expect(ok(await t.gql(INVOICES, { salon }, session.token)).getInvoices).toEqual({
      pageInfo: { endCursor: null, hasNextPage: false },
      edges: [],
    });
    const webhook = await fetch(`${t.url}/stripe/webhook`, { method: 'POST', body: '{}', headers: { 'stripe-signature': 't=1,v1=0' } });
    expect(webhook.status).toBe(503);
    expect(await t.db.select().from(stripeEvents)).toEqual([]);
  });
});
