import { defineConfig } from '@playwright/test';

/**
 * e2e in the system Chromium (Playwright's own browser download does not work here) against the real server,
 * built PWA and a fresh embedded database per run.
 */
const PORT = Number(process.env.E2E_PORT || 4173);
const DATA_DIR = `.tmp/e2e-data-${PORT}`;

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
  webServer: {
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
    },
  },
});
