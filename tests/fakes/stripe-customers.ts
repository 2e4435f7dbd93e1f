import { CHARGE_DECLINED_CARD, cardNumberOf, cardPaymentMethod, withIntent } from './stripe-card';
import { child, FakeStripeError, invalidRequest, mergeMetadata, noSuch, text, type FormObject } from './stripe-form';
import {
  newAddress,
  newId,
  randomToken,
  unixNow,
  type CustomField,
  type FakeCustomer,
  type FakePaymentMethod,
  type FakeSetupIntent,
} from './stripe-objects';

/** An object by id, or Stripe's `No such …` naming `param` (404 for the object asked for, 400 for a parameter). */
export const find = <T>(map: Map<string, T>, id: string, label: string, param = 'id', status = 404): T => {
  const found = map.get(id);
  if (!found) throw noSuch(label, id, param, status);
  return found;
};

/** The fake's customers and their cards: customers, SetupIntents (confirmed as Stripe.js does), PaymentMethods. */
export class FakeStripeAccounts {
  readonly customers = new Map<string, FakeCustomer>();
  readonly setupIntents = new Map<string, FakeSetupIntent>();
  readonly paymentMethods = new Map<string, FakePaymentMethod>();
  /** The cards set up from CHARGE_DECLINED_CARD: every charge on them is declined. */
  protected readonly chargeDeclined = new Set<string>();

  customer = (id: string): FakeCustomer => find(this.customers, id, 'customer');
  setupIntent = (id: string): FakeSetupIntent => find(this.setupIntents, id, 'setupintent', 'intent');
  paymentMethod = (id: string): FakePaymentMethod => find(this.paymentMethods, id, 'PaymentMethod', 'payment_method');

  /** A payment method attached to `customer`, or Stripe's 400 naming `param`. */
  protected methodOf(customer: string, id: string, param: string): string {
    const method = this.paymentMethods.get(id);
    if (!method || method.customer !== customer) throw noSuch('PaymentMethod', id, param, 400);
    return id;
  }

  createCustomer(form: FormObject): FakeCustomer {
    const customer: FakeCustomer = {
      id: newId('cus'),
      object: 'customer',
      created: unixNow(),
      name: null,
      email: null,
      address: null,
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
      metadata: {},
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return this.updateCustomer(customer.id, form);
  }

  updateCustomer(id: string, form: FormObject): FakeCustomer {
    const customer = this.customer(id);
    const name = text(form, 'name');
    const email = text(form, 'email');
    if (name !== undefined) customer.name = name || null;
    if (email !== undefined) customer.email = email || null;
    if (form.address === '') customer.address = null;
    const address = child(form, 'address');
    if (address) customer.address = { ...(customer.address ?? newAddress(null)), line1: text(address, 'line1') ?? null };
    const settings = child(form, 'invoice_settings') ?? {};
    const method = text(settings, 'default_payment_method');
    if (method !== undefined) {
      customer.invoice_settings.default_payment_method = method
        ? this.methodOf(id, method, 'invoice_settings[default_payment_method]')
        : null;
    }
    const fields = settings.custom_fields;
    if (fields === '') customer.invoice_settings.custom_fields = null;
    else if (Array.isArray(fields)) {
      customer.invoice_settings.custom_fields = fields.map((f, i): CustomField => {
        const name = typeof f === 'object' && !Array.isArray(f) ? text(f, 'name') : undefined;
        const value = typeof f === 'object' && !Array.isArray(f) ? text(f, 'value') : undefined;
        if (!name || !value) throw invalidRequest('Custom fields need a name and a value.', `invoice_settings[custom_fields][${i}]`);
        return { name, value };
      });
    }
    customer.metadata = mergeMetadata(customer.metadata, form);
    return customer;
  }

  createSetupIntent(form: FormObject): FakeSetupIntent {
    const customer = text(form, 'customer') ?? null;
    if (customer) find(this.customers, customer, 'customer', 'customer', 400);
    const types = form.allowed_payment_method_types ?? form.payment_method_types;
    const id = newId('seti');
    const intent: FakeSetupIntent = {
      id,
      object: 'setup_intent',
      created: unixNow(),
      client_secret: `${id}_secret_${randomToken()}`,
      status: 'requires_payment_method',
      customer,
      payment_method: null,
      usage: text(form, 'usage') ?? 'off_session',
      allowed_payment_method_types: Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : ['card'],
      last_setup_error: null,
      metadata: mergeMetadata({}, form),
      livemode: false,
    };
    this.setupIntents.set(id, intent);
    return intent;
  }

  /** What Stripe.js does on "Save card": the card becomes a PaymentMethod of the intent's customer. */
  confirmSetupIntent(id: string, form: FormObject): FakeSetupIntent {
    const intent = this.setupIntent(id);
    if (intent.status === 'succeeded') {
      throw invalidRequest(
        'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.',
        undefined,
        'setup_intent_unexpected_state',
      );
    }
    const existing = text(form, 'payment_method');
    const data = child(form, 'payment_method_data');
    let method: FakePaymentMethod;
    if (existing) {
      method = this.paymentMethod(existing);
      if (method.customer && method.customer !== intent.customer) {
        throw invalidRequest('This PaymentMethod is attached to another customer.', 'payment_method');
      }
    } else if (data) {
      try {
        method = cardPaymentMethod(data, intent.customer);
      } catch (error) {
        if (error instanceof FakeStripeError) intent.last_setup_error = error.error;
        throw withIntent(error, intent);
      }
      this.paymentMethods.set(method.id, method);
      if (cardNumberOf(data) === CHARGE_DECLINED_CARD) this.chargeDeclined.add(method.id);
    } else {
      throw invalidRequest('You must provide a payment_method or payment_method_data.', 'payment_method');
    }
    method.customer = intent.customer;
    Object.assign(intent, { status: 'succeeded', payment_method: method.id, last_setup_error: null });
    return intent;
  }
}
