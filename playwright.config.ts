import { defineConfig } from '@playwright/test';

/**
 * e2e in the system Chromium (Playwright's own browser download does not work here) against the real server,
 * built PWA and a fresh embedded database per run.
 */
const PORT = Number(process.env.E2E_PORT || 4173);
const DATA_DIR = `.tmp/e2e-data-${PORT}`;
/** The local fake of Stripe's HTTP API the panel's payments go to (tests/fakes; issue 20). */
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT || PORT + 500);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Per port, so two runs on one machine never delete each other's traces.
  outputDir: `.tmp/test-results-${PORT}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'en-US',
    // The demo salon is in Riga: the browser's day is the salon's day, at every hour of a CI run (the salon's
    // midnight is 22:00 UTC in winter).
    timezoneId: 'Europe/Riga',
    // Recording a trace of every test slows the whole suite down; E2E_TRACE=1 turns it on to debug a failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx tests/fakes/stripe-api-cli.ts',
      url: `http://127.0.0.1:${STRIPE_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { FAKE_STRIPE_PORT: String(STRIPE_PORT), FAKE_STRIPE_WEBHOOK_URL: `http://localhost:${PORT}/stripe/webhook` },
    },
    {
      command: `rm -rf ${DATA_DIR} && node --import tsx server/index.ts`,
      url: `http://localhost:${PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        DATA_DIR,
        SEED_DEMO: '1',
        DATABASE_URL: '',
        SMTP_URL: '',
        CAPTCHA_COST: '50',
        RATE_LIMIT_PER_ADDRESS: '1000',
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_PRICE_ID: 'price_monthly',
        STRIPE_WEBHOOK_SECRET: 'whsec_fake',
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`,
      },
    },
  ],
});
