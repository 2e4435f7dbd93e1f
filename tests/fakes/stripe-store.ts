import { FakeStripeAccounts, find } from './stripe-customers';
import { cardError, invalidRequest, mergeMetadata, noSuch, text, type FormObject } from './stripe-form';
import {
  newId,
  nextMonth,
  PRICE_CENTS,
  SUBSCRIPTION_STATUSES,
  unixNow,
  type FakeEvent,
  type FakeInvoice,
  type FakeSubscription,
  type SubscriptionStatus,
} from './stripe-objects';

export interface StoreConfig {
  priceId: string;
  /** Where the fake answers, for the invoices' PDF links. */
  baseUrl(): string;
  /** Records an event and delivers it to the webhook; resolves once delivered. */
  emit(type: string, object: object, previous?: Record<string, unknown>): Promise<FakeEvent>;
}

/**
 * The fake's objects and what the API does to them (the HTTP layer, stripe-api.ts, only routes to these): the
 * customers and cards of FakeStripeAccounts, plus the monthly subscriptions, their invoices and their events.
 */
export class FakeStripeStore extends FakeStripeAccounts {
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** In creation order: the list answers newest first by this order, not by the second of `created`. */
  readonly invoices = new Map<string, FakeInvoice>();

  constructor(private readonly config: StoreConfig) {
    super();
  }

  subscription = (id: string): FakeSubscription => find(this.subscriptions, id, 'subscription');
  invoice = (id: string): FakeInvoice => find(this.invoices, id, 'invoice');

  private newInvoice(subscription: FakeSubscription, total: number, start: number, end: number, paid = true): FakeInvoice {
    const customer = this.customer(subscription.customer);
    const count = [...this.invoices.values()].filter((i) => i.customer === customer.id).length + 1;
    const id = newId('in');
    const invoice: FakeInvoice = {
      id,
      object: 'invoice',
      created: unixNow(),
      number: `FAKE-${String(count).padStart(4, '0')}`,
      customer: customer.id,
      customer_name: customer.name,
      customer_address: customer.address && { ...customer.address },
      custom_fields: customer.invoice_settings.custom_fields && customer.invoice_settings.custom_fields.map((f) => ({ ...f })),
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      billing_reason: subscription.latest_invoice ? 'subscription_cycle' : 'subscription_create',
      total,
      subtotal: total,
      amount_due: total,
      amount_paid: paid ? total : 0,
      amount_remaining: paid ? 0 : total,
      currency: 'eur',
      status: paid ? 'paid' : 'open',
      attempted: true,
      attempt_count: 1,
      invoice_pdf: `${this.config.baseUrl()}/invoices/${id}.pdf`,
      hosted_invoice_url: null,
      period_start: start,
      period_end: end,
      livemode: false,
    };
    this.invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  async createSubscription(form: FormObject): Promise<FakeSubscription> {
    const customerId = text(form, 'customer') ?? '';
    const customer = find(this.customers, customerId, 'customer', 'customer', 400);
    const items = Array.isArray(form.items) ? form.items : [];
    const price = items.length === 1 && typeof items[0] === 'object' && !Array.isArray(items[0]) ? text(items[0], 'price') : undefined;
    if (price !== this.config.priceId) throw noSuch('price', price ?? '', 'items[0][price]', 400);
    const given = text(form, 'default_payment_method');
    const method = given ? this.methodOf(customer.id, given, 'default_payment_method') : customer.invoice_settings.default_payment_method;
    const now = unixNow();
    const trialText = text(form, 'trial_end');
    const trialEnd = trialText && trialText !== 'now' ? Number(trialText) : null;
    if (trialEnd !== null && (!Number.isInteger(trialEnd) || trialEnd <= now)) {
      throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
    }
    if (!method && trialEnd === null) {
      throw invalidRequest('This customer has no attached payment source or default payment method.', undefined, 'resource_missing');
    }
    const id = newId('sub');
    const periodEnd = trialEnd ?? nextMonth(now);
    const subscription: FakeSubscription = {
      id,
      object: 'subscription',
      created: now,
      customer: customer.id,
      status: trialEnd ? 'trialing' : 'active',
      items: { object: 'list', data: [], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
      default_payment_method: method ?? null,
      current_period_start: now,
      current_period_end: periodEnd,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      latest_invoice: null,
      currency: 'eur',
      collection_method: 'charge_automatically',
      metadata: mergeMetadata({}, form),
      livemode: false,
    };
    subscription.items.data.push({
      id: newId('si'),
      object: 'subscription_item',
      price: { id: price, object: 'price', unit_amount: PRICE_CENTS, currency: 'eur', recurring: { interval: 'month', interval_count: 1 } },
      quantity: 1,
      subscription: id,
      current_period_start: now,
      current_period_end: periodEnd,
    });
    this.subscriptions.set(id, subscription);
    // Stripe's first invoice: 0.00 for a trial, the month otherwise; both paid at once.
    const invoice = this.newInvoice(subscription, trialEnd ? 0 : PRICE_CENTS, now, periodEnd);
    await this.config.emit('customer.subscription.created', subscription);
    await this.config.emit('invoice.paid', invoice);
    return subscription;
  }

  async updateSubscription(id: string, form: FormObject): Promise<FakeSubscription> {
    const subscription = this.subscription(id);
    const previous: Record<string, unknown> = {};
    const method = text(form, 'default_payment_method');
    if (method !== undefined) {
      previous.default_payment_method = subscription.default_payment_method;
      subscription.default_payment_method = method ? this.methodOf(subscription.customer, method, 'default_payment_method') : null;
    }
    const cancel = text(form, 'cancel_at_period_end');
    if (cancel !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      subscription.cancel_at_period_end = cancel === 'true';
    }
    if (form.metadata !== undefined) {
      previous.metadata = { ...subscription.metadata };
      subscription.metadata = mergeMetadata(subscription.metadata, form);
    }
    await this.config.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  /** The subscription's status as Stripe would set it (a failed renewal, a cancellation …), with its event. */
  async setStatus(id: string, status: string): Promise<FakeEvent> {
    const subscription = this.subscription(id);
    if (!(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) throw invalidRequest(`Invalid status: ${status}`, 'status');
    const previous = { status: subscription.status };
    subscription.status = status as SubscriptionStatus;
    if (status === 'canceled') {
      subscription.canceled_at ??= unixNow();
      subscription.ended_at ??= unixNow();
      return this.config.emit('customer.subscription.deleted', subscription, previous);
    }
    return this.config.emit('customer.subscription.updated', subscription, previous);
  }

  /** The next month billed and paid: the subscription moves to that period and is active. */
  bill(id: string): Promise<FakeInvoice> {
    return this.renew(id, true);
  }

  /** The next month's charge declined: its invoice stays open and the subscription is past due. */
  failRenewal(id: string): Promise<FakeInvoice> {
    return this.renew(id, false);
  }

  /** The next month billed: Stripe moves the subscription to it whether or not its charge goes through. */
  private async renew(id: string, paid: boolean): Promise<FakeInvoice> {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') throw invalidRequest('A canceled subscription cannot be billed.');
    const start = Math.max(subscription.current_period_end, unixNow());
    const end = nextMonth(start);
    const invoice = this.newInvoice(subscription, PRICE_CENTS, start, end, paid);
    const previous = { status: subscription.status, current_period_start: subscription.current_period_start };
    Object.assign(subscription, { status: paid ? 'active' : 'past_due', current_period_start: start, current_period_end: end });
    for (const item of subscription.items.data) Object.assign(item, { current_period_start: start, current_period_end: end });
    await this.config.emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    await this.config.emit('customer.subscription.updated', subscription, previous);
    return invoice;
  }

  /**
   * POST /v1/invoices/:id/pay: an open invoice charged to `payment_method` or the customer's default card; paid, its
   * subscription is active again. A card that declines charges answers Stripe's card error and changes nothing.
   */
  async payInvoice(id: string, form: FormObject): Promise<FakeInvoice> {
    const invoice = this.invoice(id);
    if (invoice.status !== 'open') throw invalidRequest('Invoice is already paid', undefined, 'invoice_already_paid');
    const given = text(form, 'payment_method');
    const method = given
      ? this.methodOf(invoice.customer, given, 'payment_method')
      : this.customer(invoice.customer).invoice_settings.default_payment_method;
    if (!method)
      throw invalidRequest('This customer has no attached payment source or default payment method.', undefined, 'resource_missing');
    if (this.chargeDeclined.has(method)) {
      await this.config.emit('invoice.payment_failed', invoice);
      throw cardError('card_declined', 'Your card was declined.', '', 'generic_decline');
    }
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.total, amount_remaining: 0 });
    const subscription = this.subscription(invoice.parent.subscription_details.subscription);
    const previous = { status: subscription.status };
    subscription.status = 'active';
    await this.config.emit('invoice.paid', invoice);
    await this.config.emit('customer.subscription.updated', subscription, previous);
    return invoice;
  }

  /** GET /v1/invoices: newest first; `starting_after` continues after that invoice. */
  listInvoices(query: FormObject): { object: 'list'; data: FakeInvoice[]; has_more: boolean; url: string } {
    const limit = Number(text(query, 'limit') ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalidRequest('Invalid limit: must be between 1 and 100', 'limit');
    const customer = text(query, 'customer');
    const subscription = text(query, 'subscription');
    const status = text(query, 'status');
    let all = [...this.invoices.values()]
      .reverse()
      .filter(
        (i) =>
          (!customer || i.customer === customer) &&
          (!subscription || i.parent.subscription_details.subscription === subscription) &&
          (!status || i.status === status),
      );
    const after = text(query, 'starting_after');
    if (after) {
      const at = all.findIndex((i) => i.id === after);
      if (at < 0) throw noSuch('invoice', after, 'starting_after', 400);
      all = all.slice(at + 1);
    }
    return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: '/v1/invoices' };
  }
}
