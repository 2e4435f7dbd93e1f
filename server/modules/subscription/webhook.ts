import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { App } from '../../app';
import { salonSubscriptions, stripeEvents } from '../../db/schema';

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const MAX_BODY_BYTES = 512 * 1024;

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

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

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
 * the subscription is then read fresh from Stripe, so events arriving out of order cannot leave an old state, and
 * the event's id is stored with the change in one transaction, so the same event delivered twice changes nothing.
 * A failure answers 500 and Stripe delivers again.
 */
export async function handleStripeWebhook(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const payments = app.payments;
    if (!payments?.webhookSecret) return reply(res, 503, { error: 'Payments are not configured' });
    const body = await readBody(req);
    if (!body) return reply(res, 413, { error: 'Payload too large' });
    let event: Stripe.Event;
    try {
      event = payments.stripe.webhooks.constructEvent(body, String(req.headers['stripe-signature'] ?? ''), payments.webhookSecret);
    } catch {
      app.log('[payments] webhook refused: bad signature');
      return reply(res, 400, { error: 'Invalid signature' });
    }
    const db = app.database.db;
    const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
    if (seen) return reply(res, 200, { received: true, duplicate: true });

    const subscriptionId = SUBSCRIPTION_EVENTS.has(event.type) ? subscriptionIdOf(event) : null;
    const subscription = subscriptionId ? await payments.stripe.subscriptions.retrieve(subscriptionId) : null;
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
      // A replaced subscription's late events (its cancellation, its expiry) never overwrite the salon's current one.
      if (row.subscriptionId && row.subscriptionId !== subscription.id && ENDED_STATES.has(subscription.status)) return;
      await tx
        .update(salonSubscriptions)
        .set({
          subscriptionId: subscription.id,
          status: subscription.status,
          priceId: subscription.items.data[0]?.price.id ?? row.priceId,
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
