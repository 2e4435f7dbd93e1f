import { startFakeStripe } from './stripe-api';

/**
 * The fake Stripe API as a process (Playwright's webServer): FAKE_STRIPE_PORT (default 12111), webhooks to
 * FAKE_STRIPE_WEBHOOK_URL (none when unset). Stops on SIGTERM or SIGINT.
 */
const port = Number(process.env.FAKE_STRIPE_PORT || 12111);
const fake = await startFakeStripe({ port, webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL || null });
console.log(`fake Stripe API on ${fake.url}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  fake.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
