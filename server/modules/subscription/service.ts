import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { InferOutput } from 'valibot';
import type { getInvoicesSchema, updateStripeSubscriptionSchema } from '../../../src/domain/schemas/subscription';
import type { App } from '../../app';
import type { SalonRow } from '../../auth/access';
import type { Db } from '../../db/client';
import { salonSubscriptions, users } from '../../db/schema';
import { refused } from '../../graphql/refusals';
import { PAID_STATES, type Payments } from '../../payments/stripe';

export type SubscriptionRow = typeof salonSubscriptions.$inferSelect;

/** GraphQL SalonSubscription: paid access, Stripe's state, the trial's end (ms). */
export function subscriptionView(trialEndsAt: number, row: SubscriptionRow | null) {
  return { active: Boolean(row?.status && PAID_STATES.has(row.status)), status: row?.status ?? null, trialEndsAt };
}

export async function subscriptionOf(db: Db, salonId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(salonSubscriptions).where(eq(salonSubscriptions.salonId, salonId)).limit(1);
  return row ?? null;
}

function requirePayments(app: App): Payments {
  if (!app.payments) throw refused('paymentsNotConfigured');
  return app.payments;
}

/**
 * A call to Stripe: its refusals and outages become the API's PAYMENT_PROVIDER_ERROR ("Something went wrong" on
 * the dialog). The log names the call and Stripe's error type and code, never its message (it may quote the card).
 */
export async function provider<T>(app: App, call: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    app.log(
      `[payments] ${call} failed: ${error.type}${error.code ? ` ${error.code}` : ''}${error.statusCode ? ` (${error.statusCode})` : ''}`,
    );
    if (error.code === 'resource_missing' && error.param === 'payment_method') throw refused('paymentMethodNotFound');
    if (error.code === 'resource_missing' && error.param === 'starting_after') throw refused('invoiceCursorNotFound');
    throw refused('paymentProviderFailed');
  }
}

/** The salon's Stripe customer, made the first time the salon opens the dialog (one per salon, even when two race). */
async function ensureCustomer(app: App, payments: Payments, salon: SalonRow): Promise<string> {
  const db = app.database.db;
  const existing = await subscriptionOf(db, salon.id);
  if (existing) return existing.customerId;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, salon.administratorId)).limit(1);
  const customer = await provider(app, 'customers.create', () =>
    payments.stripe.customers.create(
      { name: salon.name, email: owner?.email, metadata: { salonId: salon.id } },
      // Two dialogs opened at once make one customer: Stripe answers the second with the first's result.
      { idempotencyKey: `salon-customer-${salon.id}` },
    ),
  );
  await db.insert(salonSubscriptions).values({ salonId: salon.id, customerId: customer.id }).onConflictDoNothing();
  return (await subscriptionOf(db, salon.id))?.customerId ?? customer.id;
}

/** createStripeIntent (part 2 §4, §7): a SetupIntent of the salon's customer; the dialog's card form confirms it. */
export async function createIntent(app: App, salon: SalonRow): Promise<{ clientSecret: string }> {
  const payments = requirePayments(app);
  const customer = await ensureCustomer(app, payments, salon);
  const intent = await provider(app, 'setupIntents.create', () =>
    payments.stripe.setupIntents.create({
      customer,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
      metadata: { salonId: salon.id },
    }),
  );
  if (!intent.client_secret) throw refused('paymentProviderFailed');
  return { clientSecret: intent.client_secret };
}

type UpdateInput = InferOutput<typeof updateStripeSubscriptionSchema>;

/**
 * updateStripeSubscription (part 2 §4, §7): the card set up in the dialog becomes the customer's default, the
 * company's details go on the customer (they print on every invoice), and the salon gets its monthly subscription,
 * starting when the trial ends; a salon that already has a live one changes its card, and pays with it what it owes.
 */
export async function subscribe(app: App, salon: SalonRow, input: UpdateInput): Promise<{ success: boolean }> {
  const payments = requirePayments(app);
  const db = app.database.db;
  // The card must be one the dialog set up for this salon: another customer's card is never charged.
  if (!(await subscriptionOf(db, salon.id))) throw refused('paymentMethodNotFound');
  const row = await takeLease(db, salon.id);
  try {
    return await subscribeHolding(app, payments, salon, row, input);
  } finally {
    await releaseLease(db, salon.id);
  }
}

export async function releaseLease(db: Db, salonId: string): Promise<void> {
  await db.update(salonSubscriptions).set({ changingUntil: null }).where(eq(salonSubscriptions.salonId, salonId));
}

/**
 * How long a submit may hold the salon's lease: longer than its Stripe calls can take (each at most 20 s, tried three
 * times), so a lease ends early only when its instance stopped in the middle.
 */
const LEASE_SECONDS = 300;

/**
 * The salon's lease on its subscription (decision 083): two windows submitting at once would each find no live
 * subscription and start one, and the salon would pay twice. The second is refused while the first is on its way.
 */
export async function takeLease(db: Db, salonId: string): Promise<SubscriptionRow> {
  const [row] = await db
    .update(salonSubscriptions)
    .set({ changingUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      and(
        eq(salonSubscriptions.salonId, salonId),
        or(isNull(salonSubscriptions.changingUntil), lt(salonSubscriptions.changingUntil, sql`now()`)),
      ),
    )
    .returning();
  if (!row) throw refused('subscriptionChangeInProgress');
  return row;
}

async function subscribeHolding(
  app: App,
  payments: Payments,
  salon: SalonRow,
  row: SubscriptionRow,
  input: UpdateInput,
): Promise<{ success: boolean }> {
  const { stripe } = payments;
  const db = app.database.db;
  const method = await provider(app, 'paymentMethods.retrieve', () => stripe.paymentMethods.retrieve(input.paymentMethod));
  const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
  if (owner !== row.customerId) throw refused('paymentMethodNotFound');

  await provider(app, 'customers.update', () =>
    stripe.customers.update(row.customerId, {
      name: input.needInvoice ? input.companyName : salon.name,
      // Without a company invoice the company's address comes off too ('' clears it), as its Reg. No. does.
      address: input.needInvoice ? { line1: input.companyAddress } : '',
      invoice_settings: {
        default_payment_method: input.paymentMethod,
        custom_fields: input.needInvoice ? [{ name: 'Reg. No.', value: input.companyReg }] : '',
      },
      metadata: { salonId: salon.id, companyReg: input.needInvoice ? input.companyReg : '' },
    }),
  );

  const live = row.subscriptionId && row.status && row.status !== 'canceled' && row.status !== 'incomplete_expired';
  const trialEnd = Math.floor(salon.trialEndsAt.getTime() / 1000);
  const owed = live
    ? await payWhatIsOwed(
        app,
        payments,
        await provider(app, 'subscriptions.update', () =>
          stripe.subscriptions.update(row.subscriptionId as string, { default_payment_method: input.paymentMethod }),
        ),
        input.paymentMethod,
      )
    : null;
  const subscription =
    owed?.subscription ??
    (await provider(app, 'subscriptions.create', () =>
      stripe.subscriptions.create(
        {
          customer: row.customerId,
          items: [{ price: payments.priceId }],
          default_payment_method: input.paymentMethod,
          // Days of the trial left stay free; after it, the first month is charged at once.
          ...(trialEnd > Date.now() / 1000 + 60 ? { trial_end: trialEnd } : {}),
          payment_behavior: 'error_if_incomplete',
          metadata: { salonId: salon.id },
        },
        // Two submits of the dialog at once make one subscription; the subscription it replaces is in the key, so
        // subscribing again after a cancellation (with the same card, within Stripe's 24 hours) makes a new one
        // instead of answering the canceled one as it was when first made.
        { idempotencyKey: `salon-subscription-${salon.id}-${row.subscriptionId ?? 'first'}-${input.paymentMethod}` },
      ),
    ));
  const company = {
    companyName: input.needInvoice ? input.companyName : null,
    companyReg: input.needInvoice ? input.companyReg : null,
    companyAddress: input.needInvoice ? input.companyAddress : null,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx.update(salonSubscriptions).set(company).where(eq(salonSubscriptions.salonId, salon.id));
    // The state Stripe answered is written only while the webhook has not recorded this subscription yet: a later
    // event (a failed payment) that arrived before this answer is newer than it and stays.
    await tx
      .update(salonSubscriptions)
      .set({ subscriptionId: subscription.id, priceId: payments.priceId, status: subscription.status })
      .where(
        and(
          eq(salonSubscriptions.salonId, salon.id),
          // What it owed was just paid: Stripe's answer after the payment is as new as any event about it.
          owed?.paid
            ? eq(salonSubscriptions.subscriptionId, subscription.id)
            : or(isNull(salonSubscriptions.subscriptionId), ne(salonSubscriptions.subscriptionId, subscription.id)),
        ),
      );
  });
  return { success: PAID_STATES.has(subscription.status) };
}

/** Stripe's states of a subscription whose invoices are unpaid: a new card pays them at once. */
const OWING_STATES = new Set(['past_due', 'unpaid']);

/**
 * A salon whose payment failed gives a new card to pay what it owes: the subscription's open invoices are charged to
 * it now, oldest first, as Stripe would only on its next retries. One that Stripe's own retry paid meanwhile counts
 * as paid. A card that declines a charge leaves that invoice open and the subscription owing (the answer's
 * `success` is false); the card stays the default for Stripe's retries. `paid`: the subscription as Stripe has it
 * after paying, to store without waiting for the webhook.
 */
async function payWhatIsOwed(
  app: App,
  payments: Payments,
  subscription: Stripe.Subscription,
  paymentMethod: string,
): Promise<{ subscription: Stripe.Subscription; paid: boolean }> {
  if (!OWING_STATES.has(subscription.status)) return { subscription, paid: false };
  const { stripe } = payments;
  const open = await provider(app, 'invoices.list', () =>
    stripe.invoices.list({ subscription: subscription.id, status: 'open', limit: 100 }),
  );
  for (const { id } of [...open.data].reverse()) {
    if (!id) continue;
    // Other refusals and outages go through `provider`: PAYMENT_PROVIDER_ERROR.
    const outcome = await provider(app, 'invoices.pay', () =>
      stripe.invoices.pay(id, { payment_method: paymentMethod }).then(
        () => 'paid' as const,
        (error: unknown) => {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'invoice_already_paid') return 'paid' as const;
          if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
          // authentication_required too: off the page, a card that asks for 3-D Secure cannot pay here.
          app.log(`[payments] invoices.pay declined: ${error.code ?? error.type}`);
          return 'declined' as const;
        },
      ),
    );
    if (outcome === 'declined') return { subscription, paid: false };
  }
  const fresh = await provider(app, 'subscriptions.retrieve', () => stripe.subscriptions.retrieve(subscription.id));
  return { subscription: fresh, paid: true };
}

type InvoicesInput = InferOutput<typeof getInvoicesSchema>;

/** getInvoices (part 2 §7): the salon's subscription invoices from Stripe, newest first, drafts left out. */
export async function listInvoices(app: App, salonId: string, input: InvoicesInput) {
  const row = await subscriptionOf(app.database.db, salonId);
  const empty = { pageInfo: { endCursor: null, hasNextPage: false }, edges: [] };
  if (!app.payments || !row) return empty;
  const stripe = app.payments.stripe;
  const page = await provider<Stripe.ApiList<Stripe.Invoice>>(app, 'invoices.list', () =>
    stripe.invoices.list({ customer: row.customerId, limit: input.first, ...(input.after ? { starting_after: input.after } : {}) }),
  );
  const last = page.data[page.data.length - 1];
  return {
    pageInfo: { endCursor: last?.id ?? null, hasNextPage: page.has_more },
    edges: page.data
      .filter((invoice) => invoice.status !== 'draft' && invoice.id)
      .map((invoice) => ({
        cursor: invoice.id as string,
        node: {
          id: invoice.id as string,
          number: invoice.number ?? '',
          total: invoice.total,
          status: invoice.status ?? 'open',
          attempted: invoice.attempted,
          created: invoice.created * 1000,
          invoicePdf: invoice.invoice_pdf ?? null,
          periodStart: invoice.period_start * 1000,
          periodEnd: invoice.period_end * 1000,
        },
      })),
  };
}
