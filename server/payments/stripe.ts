import Stripe from 'stripe';

/** Stripe's configuration (README "Configuration"); each value missing means payments are not configured. */
export interface StripeOptions {
  secretKey?: string | null;
  publishableKey?: string | null;
  priceId?: string | null;
  webhookSecret?: string | null;
  /** Where the API is, for a local fake of it (tests, dev): e.g. http://127.0.0.1:12111. Default Stripe's own. */
  apiUrl?: string | null;
}

/** The salon's card payments: the official SDK, the key the browser needs, the monthly price, the webhook secret. */
export interface Payments {
  stripe: Stripe;
  publishableKey: string;
  priceId: string;
  /** Null: the webhook endpoint refuses every event (it cannot tell Stripe's from anyone's). */
  webhookSecret: string | null;
}

/**
 * Payments when the secret key, the publishable key and the price are all set; otherwise null, and the panel says
 * that payments are not configured on this server (issue 20 item 5) while everything else works.
 */
export function createPayments(options: StripeOptions): Payments | null {
  const { secretKey, publishableKey, priceId } = options;
  if (!secretKey || !publishableKey || !priceId) return null;
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(secretKey, {
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'salon-panel' },
  });
  return { stripe, publishableKey, priceId, webhookSecret: options.webhookSecret || null };
}

/** The subscription states in which the salon has paid access (a trial Stripe runs counts: the card is on file). */
export const PAID_STATES: ReadonlySet<string> = new Set(['active', 'trialing']);
