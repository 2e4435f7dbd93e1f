import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { waitForServiceWorkerControl } from './support/browser';
import { signUpOwnerThroughDialog } from './support/flows';

/**
 * The Content-Security-Policy (issue 16 item 6, decision 032) holds and the app works under it: sign-up with the
 * ALTCHA worker, the signed-in screens, the service worker and an offline reload report no violation.
 */
declare global {
  interface Window {
    cspViolations: string[];
  }
}

async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
}
const violations = (page: Page) => page.evaluate(() => window.cspViolations);

test('the policy blocks an injected inline script', async ({ page }) => {
  await recordViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
  await expect.poll(() => violations(page)).toContain('script-src-elem inline');
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected ?? false)).toBe(false);
});

test('sign-up, the salon screens and an offline reload run without a violation', { tag: SERVICE_WORKER }, async ({ page, context }) => {
  await recordViolations(page);
  await signUpOwnerThroughDialog(page);
  await expect(page.getByRole('heading', { name: 'Appointments' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await waitForServiceWorkerControl(page);
  for (const path of ['/salon/clients', '/salon/inventory', '/salon/settings']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  }
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('main')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  } finally {
    await context.setOffline(false);
  }
});
