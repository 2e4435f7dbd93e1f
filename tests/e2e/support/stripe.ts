import { readFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { stripePort } from './ports';

/** Where playwright.config.ts starts this worker's fake of Stripe's API (tests/fakes/stripe-api-cli.ts). */
export const FAKE_STRIPE_URL = `http://127.0.0.1:${stripePort()}`;

const STANDIN = readFileSync(new URL('./stripe-js-standin.js', import.meta.url), 'utf8');

/**
 * The browser's side of Stripe without the internet: js.stripe.com serves the stand-in for Stripe.js, and calls to
 * api.stripe.com (the stand-in's confirmSetup, as Stripe.js makes them) go to the local fake of Stripe's API.
 */
export async function routeStripe(context: BrowserContext): Promise<void> {
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: STANDIN, headers: { 'access-control-allow-origin': '*' } }),
  );
  await context.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${FAKE_STRIPE_URL}${url.pathname}${url.search}` });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
}
