import { randomBytes } from 'node:crypto';
import type { StripeErrorBody } from './stripe-form';

/**
 * Stripe's objects as the fake API (tests/fakes/stripe-api.ts) answers them: only the fields the server and the
 * panel read, shaped as Stripe's API version 2026-10-28.endive has them. Form bodies and errors: stripe-form.ts.
 */

export const API_VERSION = '2026-10-28.endive';
/** The monthly price the fake's one price charges, in cents (part 2 §9: 24.20 euro). */
export const PRICE_CENTS = 2420;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function randomToken(length = 24): string {
  return Array.from(randomBytes(length), (b) => ALPHABET[b % ALPHABET.length]).join('');
}
/** Stripe-looking ids: a prefix, an underscore, letters and digits (what the server's schema accepts). */
export const newId = (prefix: string): string => `${prefix}_${randomToken()}`;
/** Unix seconds, as Stripe's timestamps are. */
export const unixNow = (): number => Math.floor(Date.now() / 1000);
/** The same day of the next month, in unix seconds (UTC). */
export function nextMonth(unix: number): number {
  const date = new Date(unix * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

// ── Objects ──

export interface FakeAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  postal_code: string | null;
  state: string | null;
  country: string | null;
}
export interface CustomField {
  name: string;
  value: string;
}
export interface FakeCustomer {
  id: string;
  object: 'customer';
  created: number;
  name: string | null;
  email: string | null;
  address: FakeAddress | null;
  invoice_settings: { default_payment_method: string | null; custom_fields: CustomField[] | null; footer: string | null };
  metadata: Record<string, string>;
  livemode: false;
}
export type SetupIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  created: number;
  client_secret: string;
  status: SetupIntentStatus;
  customer: string | null;
  payment_method: string | null;
  usage: string;
  allowed_payment_method_types: string[];
  last_setup_error: StripeErrorBody | null;
  metadata: Record<string, string>;
  livemode: false;
}
export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  created: number;
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: 'US' };
  customer: string | null;
  metadata: Record<string, string>;
  livemode: false;
}
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export interface FakeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: { id: string; object: 'price'; unit_amount: number; currency: 'eur'; recurring: { interval: 'month'; interval_count: 1 } };
  quantity: 1;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
}
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  created: number;
  customer: string;
  status: SubscriptionStatus;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; url: string };
  default_payment_method: string | null;
  current_period_start: number;
  current_period_end: number;
  trial_start: number | null;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  latest_invoice: string | null;
  currency: 'eur';
  collection_method: 'charge_automatically';
  metadata: Record<string, string>;
  livemode: false;
}
export interface FakeInvoice {
  id: string;
  object: 'invoice';
  created: number;
  number: string;
  customer: string;
  customer_name: string | null;
  customer_address: FakeAddress | null;
  custom_fields: CustomField[] | null;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  billing_reason: 'subscription_create' | 'subscription_cycle';
  total: number;
  subtotal: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: 'eur';
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  /** Whether a payment was tried: the fake charges an invoice as it makes it. */
  attempted: boolean;
  attempt_count: number;
  invoice_pdf: string;
  hosted_invoice_url: null;
  period_start: number;
  period_end: number;
  livemode: false;
}
export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: object; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: 1;
  request: { id: null; idempotency_key: null };
}

export function newAddress(line1: string | null): FakeAddress {
  return { line1, line2: null, city: null, postal_code: null, state: null, country: null };
}

export function newEvent(type: string, object: object, previous?: Record<string, unknown>): FakeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: unixNow(),
    type,
    // A snapshot: later changes to the object are not in an event already sent.
    data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}
