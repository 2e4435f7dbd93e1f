import { test as base } from '@playwright/test';

/**
 * The tag of a test that needs the app's service worker: it goes offline (the worker serves the app and its lazy
 * screens), waits for the worker's control, or checks the PWA itself. Every other test runs with service workers
 * blocked (playwright.config.ts): installing one precaches the whole app, about a second of a two-core machine per
 * new browser context, for a test that never uses it.
 */
export const SERVICE_WORKER = '@service-worker';

/** Playwright's `test`, with the service worker allowed for the tests tagged SERVICE_WORKER. */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  serviceWorkers: async ({}, use, testInfo) => {
    await use(testInfo.tags.includes(SERVICE_WORKER) ? 'allow' : 'block');
  },
});
