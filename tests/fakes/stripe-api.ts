import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeOptions } from '../../server/payments/stripe';
import {
  callerOf,
  CORS_HEADERS,
  FAKE_KEYS,
  fromError,
  IdempotencyCache,
  json,
  ok,
  parseInput,
  readBody,
  send,
  unauthorized,
  type Caller,
  type Reply,
} from './stripe-http';
import { FakeStripeError, invalidRequest, text, type FormObject } from './stripe-form';
import {
  newEvent,
  type FakeCustomer,
  type FakeEvent,
  type FakeInvoice,
  type FakePaymentMethod,
  type FakeSetupIntent,
  type FakeSubscription,
} from './stripe-objects';
import { invoicePdf } from './stripe-pdf';
import { FakeStripeStore } from './stripe-store';

/**
 * A local fake of Stripe's HTTP API (issue 20): the endpoints the server's SDK calls, the SetupIntent confirmation
 * Stripe.js makes from the browser, invoice PDFs, and signed webhooks delivered to the server before the call that
 * caused them answers (so tests are deterministic). Test hooks: the methods of FakeStripe and POST /_fake/….
 */

export { FAKE_KEYS };

export interface DeliveredEvent {
  event: FakeEvent;
  /** The webhook's HTTP status per delivery (0: it could not be reached). */
  deliveries: number[];
}

export interface FakeStripe {
  url: string;
  port: number;
  secretKey: typeof FAKE_KEYS.secretKey;
  publishableKey: typeof FAKE_KEYS.publishableKey;
  priceId: typeof FAKE_KEYS.priceId;
  webhookSecret: typeof FAKE_KEYS.webhookSecret;
  /** Where events are POSTed; null: they are only recorded. */
  setWebhookUrl(url: string | null): void;
  customers: Map<string, FakeCustomer>;
  setupIntents: Map<string, FakeSetupIntent>;
  paymentMethods: Map<string, FakePaymentMethod>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  events: DeliveredEvent[];
  /** Sets Stripe's status of the subscription and delivers its event (…subscription.deleted for 'canceled'). */
  setSubscriptionStatus(subscriptionId: string, status: string): Promise<FakeEvent>;
  /** Bills and pays the next month (24.20): invoice.paid and customer.subscription.updated are delivered. */
  bill(subscriptionId: string): Promise<FakeInvoice>;
  /** The next month's charge declined: an open invoice, the subscription past due (invoice.payment_failed …). */
  failRenewal(subscriptionId: string): Promise<FakeInvoice>;
  /** Delivers a recorded event again, as Stripe retries; the webhook's HTTP status. */
  resend(eventId: string): Promise<number>;
  stop(): Promise<void>;
}

/** The server's `stripe` options for this fake; `webhook` false leaves the webhook secret unset. */
export function stripeOptions(fake: FakeStripe, webhook = true): Required<StripeOptions> {
  const { secretKey, publishableKey, priceId, webhookSecret } = fake;
  return { secretKey, publishableKey, priceId, webhookSecret: webhook ? webhookSecret : null, apiUrl: fake.url };
}

interface Input {
  /** The path's captured ids. */
  id: string;
  /** The body merged over the query string. */
  form: FormObject;
  caller: Caller;
}
interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  /** secret: the server's key only; client: Stripe.js's publishable key too; none: anyone (PDFs, test hooks). */
  auth: 'secret' | 'client' | 'none';
  run(input: Input): Reply | Promise<Reply>;
}

const signer = new Stripe(FAKE_KEYS.secretKey);

export async function startFakeStripe(options: { port?: number; webhookUrl?: string | null } = {}): Promise<FakeStripe> {
  let webhookUrl = options.webhookUrl ?? null;
  let baseUrl = '';
  const events: DeliveredEvent[] = [];

  async function deliver(record: DeliveredEvent): Promise<number> {
    if (!webhookUrl) throw invalidRequest(`The fake has no webhook URL to deliver ${record.event.id} to.`);
    const payload = JSON.stringify(record.event, null, 2);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_KEYS.webhookSecret });
    const headers = { 'content-type': 'application/json', 'stripe-signature': signature };
    const status = await fetch(webhookUrl, { method: 'POST', headers, body: payload }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    record.deliveries.push(status);
    return status;
  }

  const store = new FakeStripeStore({
    priceId: FAKE_KEYS.priceId,
    baseUrl: () => baseUrl,
    async emit(type, object, previous) {
      const record: DeliveredEvent = { event: newEvent(type, object, previous), deliveries: [] };
      events.push(record);
      if (webhookUrl) await deliver(record);
      return record.event;
    },
  });
  const resend = async (eventId: string): Promise<number> => {
    const record = events.find((e) => e.event.id === eventId);
    if (!record) throw invalidRequest(`No such event: '${eventId}'`, 'id', 'resource_missing');
    return deliver(record);
  };

  /** The intent Stripe.js may touch: with the publishable key only when it shows the intent's client secret. */
  function clientIntent({ id, form, caller }: Input): FakeSetupIntent {
    const intent = store.setupIntent(id);
    const secret = text(form, 'client_secret');
    if ((caller === 'publishable' || secret !== undefined) && secret !== intent.client_secret) {
      throw invalidRequest('The client_secret provided does not match the client_secret associated with the SetupIntent.', 'client_secret');
    }
    return intent;
  }

  /** Stripe's `expand[]`: of a subscription, its default card as the object instead of its id. */
  function expanded(subscription: FakeSubscription, form: FormObject): FakeSubscription | Record<string, unknown> {
    const expand = Array.isArray(form.expand) ? form.expand : [];
    const method = subscription.default_payment_method;
    if (!expand.includes('default_payment_method') || !method) return subscription;
    return { ...subscription, default_payment_method: store.paymentMethod(method) };
  }

  const one = '([^/]+)';
  const route = (method: Route['method'], path: string, auth: Route['auth'], run: Route['run']): Route => ({
    method,
    path: new RegExp(`^${path}$`),
    auth,
    run,
  });
  const routes: Route[] = [
    route('GET', '/', 'none', () => ({ status: 200, type: 'text/plain', body: 'fake stripe' })),
    route('POST', '/v1/customers', 'secret', ({ form }) => ok(store.createCustomer(form))),
    route('GET', `/v1/customers/${one}`, 'secret', ({ id }) => ok(store.customer(id))),
    route('POST', `/v1/customers/${one}`, 'secret', ({ id, form }) => ok(store.updateCustomer(id, form))),
    route('POST', '/v1/setup_intents', 'secret', ({ form }) => ok(store.createSetupIntent(form))),
    route('GET', `/v1/setup_intents/${one}`, 'client', (input) => ok(clientIntent(input))),
    route('POST', `/v1/setup_intents/${one}/confirm`, 'client', (input) =>
      ok(store.confirmSetupIntent(clientIntent(input).id, input.form)),
    ),
    route('GET', `/v1/payment_methods/${one}`, 'secret', ({ id }) => ok(store.paymentMethod(id))),
    route('POST', '/v1/subscriptions', 'secret', async ({ form }) => ok(await store.createSubscription(form))),
    route('GET', `/v1/subscriptions/${one}`, 'secret', ({ id, form }) => ok(expanded(store.subscription(id), form))),
    route('POST', `/v1/subscriptions/${one}`, 'secret', async ({ id, form }) =>
      ok(expanded(await store.updateSubscription(id, form), form)),
    ),
    route('DELETE', `/v1/subscriptions/${one}`, 'secret', async ({ id }) => {
      await store.setStatus(id, 'canceled');
      return ok(store.subscription(id));
    }),
    route('GET', '/v1/invoices', 'secret', ({ form }) => ok(store.listInvoices(form))),
    route('GET', `/v1/invoices/${one}`, 'secret', ({ id }) => ok(store.invoice(id))),
    route('POST', `/v1/invoices/${one}/pay`, 'secret', async ({ id, form }) => ok(await store.payInvoice(id, form))),
    route('GET', `/invoices/${one}\\.pdf`, 'none', ({ id }) => {
      const invoice = store.invoices.get(id);
      if (!invoice) return { status: 404, type: 'text/plain', body: 'Not found' };
      return { status: 200, type: 'application/pdf', body: invoicePdf(invoice.number, invoice.total) };
    }),
    route('POST', `/_fake/subscriptions/${one}/status`, 'none', async ({ id, form }) =>
      ok(await store.setStatus(id, text(form, 'status') ?? '')),
    ),
    route('GET', '/_fake/subscriptions', 'none', () => ok([...store.subscriptions.values()])),
    route('POST', `/_fake/subscriptions/${one}/bill`, 'none', async ({ id }) => ok(await store.bill(id))),
    route('POST', `/_fake/subscriptions/${one}/fail`, 'none', async ({ id }) => ok(await store.failRenewal(id))),
    route('POST', `/_fake/events/${one}/resend`, 'none', async ({ id }) => ok({ status: await resend(id) })),
  ];

  const idempotency = new IdempotencyCache();

  async function answer(req: IncomingMessage, url: URL): Promise<Reply> {
    const method = req.method ?? 'GET';
    const matching = routes.filter((r) => r.path.test(url.pathname));
    const found = matching.find((r) => r.method === method);
    if (!found) {
      const message = matching.length ? `Unrecognized request method: ${method}` : `Unrecognized request URL (${method}: ${url.pathname}).`;
      return json(404, { error: { type: 'invalid_request_error', message } });
    }
    const form = parseInput(url.searchParams, await readBody(req), String(req.headers['content-type'] ?? ''));
    const { caller, key } = callerOf(req, form);
    if ((found.auth === 'secret' && caller !== 'secret') || (found.auth === 'client' && !caller)) return unauthorized(key);
    const id = decodeURIComponent(found.path.exec(url.pathname)?.[1] ?? '');
    return idempotency.run(method, url.pathname, req.headers['idempotency-key'], async () => {
      try {
        return await found.run({ id, form, caller });
      } catch (error) {
        if (error instanceof FakeStripeError) return fromError(error);
        throw error;
      }
    });
  }

  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS).end();
      return;
    }
    answer(req, new URL(req.url ?? '/', 'http://fake-stripe'))
      .catch((error: unknown): Reply => {
        if (error instanceof FakeStripeError) return fromError(error);
        console.error('[fake stripe]', error);
        return json(500, { error: { type: 'api_error', message: 'The fake Stripe API failed.' } });
      })
      .then((reply) => send(res, reply));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    port,
    ...FAKE_KEYS,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    customers: store.customers,
    setupIntents: store.setupIntents,
    paymentMethods: store.paymentMethods,
    subscriptions: store.subscriptions,
    invoices: store.invoices,
    events,
    setSubscriptionStatus: (id, status) => store.setStatus(id, status),
    bill: (id) => store.bill(id),
    failRenewal: (id) => store.failRenewal(id),
    resend,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
