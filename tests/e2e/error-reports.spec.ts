import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { CLIENT_CONFIG_PATH } from '../../src/domain/rules/error-report-config';
import { LandingPage } from './pages/landing-page';
import { DEMO, newOwner } from './support/users';

const KEY = 'e2epublickey00000000000000000001';

/** Envelopes the page sent to Sentry's ingest: taken here, on the app's own origin (the CSP's 'self'). */
async function fakeIngest(page: Page, baseURL: string) {
  const events: { tags?: Record<string, string>; message?: string; exception?: { values: { type: string; value: string }[] } }[] = [];
  const raw: string[] = [];
  await page.route(`**${CLIENT_CONFIG_PATH}`, (route) =>
    route.fulfill({
      json: { errorReports: { dsn: `${baseURL.replace('//', `//${KEY}@`)}/1`, environment: 'e2e', release: 'e2e' } },
      headers: { 'cache-control': 'no-store' },
    }),
  );
  let reachable = true;
  await page.route('**/api/1/envelope/**', async (route) => {
    if (!reachable) return route.abort('internetdisconnected');
    const body = route.request().postData() ?? '';
    raw.push(body);
    const lines = body.split('\n').filter(Boolean);
    for (let i = 1; i + 1 < lines.length; i += 2)
      if (JSON.parse(lines[i] as string).type === 'event') events.push(JSON.parse(lines[i + 1] as string));
    await route.fulfill({ json: {} });
  });
  return { events, raw, setReachable: (value: boolean) => (reachable = value) };
}

/**
 * The browser's error reports (issue 60 item 5) through Sentry's browser SDK, loaded after the first paint because
 * the server names a DSN: a refused sign-up (the spec reports it), an uncaught error, one made offline sent when back
 * online; nothing personal in any of them.
 */
test(
  'a refused sign-up and uncaught errors reach the error-reporting service, scrubbed, offline ones once back',
  { tag: SERVICE_WORKER },
  async ({ page, context, baseURL }) => {
    const ingest = await fakeIngest(page, baseURL as string);
    const landing = new LandingPage(page);
    await landing.open();
    const dialog = await landing.openSignup();
    await dialog.register(newOwner({ email: DEMO.owner.email }));
    await expect(dialog.field('signup.email')).toHaveAccessibleDescription('Administrator with the same email address already exists');
    await expect.poll(() => ingest.events.filter((e) => e.tags?.operation === 'signup')).toHaveLength(1);
    expect(ingest.events[0]).toMatchObject({ tags: { operation: 'signup', code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS' } });

    await page.evaluate(() =>
      setTimeout(() => {
        throw new TypeError('boom for anna@example.test on +371 2000 1234');
      }),
    );
    await expect.poll(() => ingest.events.filter((e) => e.tags?.where === 'uncaught')).toHaveLength(1);
    expect(ingest.events.find((e) => e.tags?.where === 'uncaught')?.exception?.values[0]).toMatchObject({
      type: 'TypeError',
      value: 'boom for [email] on [phone]',
    });

    // Offline, the report waits in the browser and goes when the device is back online.
    await context.setOffline(true);
    ingest.setReachable(false);
    await page.evaluate(() => void Promise.reject(new RangeError('made offline')));
    await page.waitForTimeout(500);
    expect(ingest.events.filter((e) => e.exception?.values[0]?.type === 'RangeError')).toHaveLength(0);
    ingest.setReachable(true);
    await context.setOffline(false);
    await expect
      .poll(() => ingest.events.filter((e) => e.exception?.values[0]?.type === 'RangeError'), { timeout: 15_000 })
      .toHaveLength(1);
    for (const body of ingest.raw)
      for (const secret of [DEMO.owner.email, 'anna@example.test', '2000 1234', '"infer_ip":"auto"']) expect(body).not.toContain(secret);
  },
);
