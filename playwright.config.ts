import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { FAKE_SMS } from './tests/fakes/sms-api';
import { dataDir, E2E_WORKERS, outputDir, serverPort, smsPort, stripePort } from './tests/e2e/support/ports';

/**
 * e2e in the system Chromium (Playwright's own browser download does not work here) against the real server,
 * built PWA and a fresh embedded database per run. E2E_WORKERS workers (1 unless set) take the spec files between
 * them, one file at a time each; every worker talks to its own server and its own fake of Stripe's API
 * (tests/e2e/support/ports.ts), so a spec sees the demo salon only as the specs before it in its worker left it.
 */
/**
 * The browser: Debian's chromium-headless-shell when it is installed (.ci/run installs it), the headless Chromium
 * Playwright itself runs by default, which spends less CPU per test than the full browser's headless mode (decision
 * 062); else CHROMIUM_PATH or Debian's chromium. E2E_CHROMIUM_PATH chooses another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER =
  process.env.E2E_CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : process.env.CHROMIUM_PATH || '/usr/bin/chromium');

const servers = Array.from({ length: E2E_WORKERS }, (_, index): Extract<PlaywrightTestConfig['webServer'], unknown[]> => [
  {
    // The local fake of Stripe's HTTP API the panel's payments go to (tests/fakes; issue 20).
    command: 'node --import tsx tests/fakes/stripe-api-cli.ts',
    url: `http://127.0.0.1:${stripePort(index)}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      FAKE_STRIPE_PORT: String(stripePort(index)),
      FAKE_STRIPE_WEBHOOK_URL: `http://localhost:${serverPort(index)}/stripe/webhook`,
    },
  },
  {
    // The local fake of the SMS provider's API client messages go to (tests/fakes; issue 57).
    command: 'node --import tsx tests/fakes/sms-api-cli.ts',
    url: `http://127.0.0.1:${smsPort(index)}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { FAKE_SMS_PORT: String(smsPort(index)) },
  },
  {
    command: `rm -rf ${dataDir(index)} && node --import tsx server/index.ts`,
    url: `http://localhost:${serverPort(index)}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(serverPort(index)),
      DATA_DIR: dataDir(index),
      // No automatic backup of a run's throwaway database (server/backup.ts).
      BACKUP_EVERY_HOURS: '0',
      SEED_DEMO: '1',
      DATABASE_URL: '',
      SMTP_URL: '',
      CAPTCHA_COST: '50',
      RATE_LIMIT_PER_ADDRESS: '1000',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_PRICE_ID: 'price_monthly',
      STRIPE_WEBHOOK_SECRET: 'whsec_fake',
      STRIPE_API_URL: `http://127.0.0.1:${stripePort(index)}`,
      SMS_ACCOUNT_SID: FAKE_SMS.accountSid,
      SMS_AUTH_TOKEN: FAKE_SMS.authToken,
      SMS_FROM: FAKE_SMS.from,
      SMS_API_URL: `http://127.0.0.1:${smsPort(index)}`,
    },
  },
]).flat();

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [['list']],
  outputDir,
  use: {
    // Evaluated in each worker too: its own server.
    baseURL: `http://localhost:${serverPort()}`,
    locale: 'en-US',
    // The demo salon is in Riga: the browser's day is the salon's day, at every hour of a CI run (the salon's
    // midnight is 22:00 UTC in winter).
    timezoneId: 'Europe/Riga',
    // No service worker unless a test needs one (tests/e2e/support/test.ts): installing it precaches the whole app.
    serviceWorkers: 'block',
    // Recording a trace of every test slows the whole suite down; E2E_TRACE=1 turns it on to debug a failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: BROWSER,
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
  webServer: servers,
});
