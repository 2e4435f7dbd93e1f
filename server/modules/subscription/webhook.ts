import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { App } from '../../app';
import { salonSubscriptions, stripeEvents } from '../../db/schema';
import { readBody } from '../../read-body';

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const MAX_BODY_BYTES = 512 * 1024;
/** How far a signature's time may lie from ours, either way (Stripe's SDK checks only the past, by 300 s). */
const TOLERANCE_SECONDS = 300;

/** The events that can change a salon's subscription state; every other type is acknowledged and ignored. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** A subscription in these states is over: the salon subscribes anew (service.ts) and it is replaced. */
const ENDED_STATES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/** The time a Stripe-Signature header says it was signed at, in seconds, or null. */
function signedAt(header: string): number | null {
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  return t ? Number(t) : null;
}

/** An event as Stripe sends them: an id and a type. A signed `{}` or a list is not one. */
const isEvent = (event: unknown): event is Stripe.Event =>
  typeof event === 'object' &&
  event !== null &&
  typeof (event as { id?: unknown }).id === 'string' &&
  typeof (event as { type?: unknown }).type === 'string' &&
  typeof (event as { data?: { object?: unknown } }).data?.object === 'object';

function reply(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

/** The subscription an event is about: the subscription itself, or the one an invoice bills. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (object.object === 'subscription') return typeof object.id === 'string' ? object.id : null;
  if (object.object === 'invoice') {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    const id = parent?.subscription_details?.subscription ?? object.subscription;
    if (typeof id === 'string') return id;
    if (id && typeof id === 'object' && typeof (id as { id?: unknown }).id === 'string') return (id as { id: string }).id;
  }
  return null;
}

/**
 * POST /stripe/webhook (issue 20 item 3, decision 047): Stripe tells the server what happened to a subscription even
 * when the browser never comes back. The signature is checked against STRIPE_WEBHOOK_SECRET over the raw body;
 * the subscription is then read fresh from Stripe under the salon's row lock, so events arriving out of order or
 * handled at once cannot leave an old state, and the event's id is stored with the change in one transaction, so the same event delivered twice changes nothing.
 * A failure of ours answers 500 and Stripe delivers again; what no delivery could mend (a body too large, a bad or
 * future signature, a signed body that is no event) is a 4xx, and an unknown subscription is acknowledged.
 */
export async function handleStripeWebhook(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const payments = app.payments;
    if (!payments?.webhookSecret) return reply(res, 503, { error: 'Payments are not configured' });
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES) {
      req.resume();
      return reply(res, 413, { error: 'Payload too large' });
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    if (!body) return reply(res, 413, { error: 'Payload too large' });
    const header = String(req.headers['stripe-signature'] ?? '');
    let event: unknown;
    try {
      event = payments.stripe.webhooks.constructEvent(body, header, payments.webhookSecret, TOLERANCE_SECONDS);
    } catch {
      app.log('[payments] webhook refused: bad signature');
      return reply(res, 400, { error: 'Invalid signature' });
    }
    const at = signedAt(header);
    if (at === null || at > Date.now() / 1000 + TOLERANCE_SECONDS) {
      app.log('[payments] webhook refused: signed in the future');
      return reply(res, 400, { error: 'Invalid signature' });
    }
    // Signed with our secret but no event: answered, so nothing delivers it again, and left alone.
    if (!isEvent(event)) {
      app.log('[payments] webhook refused: not an event');
      return reply(res, 400, { error: 'Not an event' });
    }
    const db = app.database.db;
    const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
    if (seen) return reply(res, 200, { received: true, duplicate: true });

    const subscriptionId = SUBSCRIPTION_EVENTS.has(event.type) ? subscriptionIdOf(event) : null;
    // A subscription Stripe does not know (deleted, or of another account's test data): nothing of ours to change.
    const subscription = subscriptionId
      ? await payments.stripe.subscriptions.retrieve(subscriptionId).catch((error: unknown) => {
          if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') return null;
          throw error;
        })
      : null;
    const customerId = subscription ? (typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id) : null;

    let duplicate = false;
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (inserted.length === 0) {
        duplicate = true;
        return;
      }
      if (!subscription || !customerId) return;
      const [row] = await tx.select().from(salonSubscriptions).where(eq(salonSubscriptions.customerId, customerId)).for('update');
      if (!row) return;
      // Read again under the salon's lock: two events handled at once would otherwise commit in either order, and the
      // state read first could be written last (issue 56's chaos).
      const fresh = await payments.stripe.subscriptions.retrieve(subscription.id);
      // A replaced subscription's late events (its cancellation, its expiry) never overwrite the salon's current one.
      if (row.subscriptionId && row.subscriptionId !== fresh.id && ENDED_STATES.has(fresh.status)) return;
      await tx
        .update(salonSubscriptions)
        .set({
          subscriptionId: fresh.id,
          status: fresh.status,
          priceId: fresh.items.data[0]?.price.id ?? row.priceId,
          updatedAt: new Date(),
        })
        .where(eq(salonSubscriptions.salonId, row.salonId));
    });
    app.log(`[payments] webhook ${event.type}${duplicate ? ' (duplicate)' : ''}`);
    reply(res, 200, duplicate ? { received: true, duplicate: true } : { received: true });
  } catch (error) {
    app.log(`[payments] webhook failed: ${error instanceof Stripe.errors.StripeError ? error.type : 'internal error'}`);
    if (!res.headersSent) reply(res, 500, { error: 'Webhook failed' });
  }
}
