import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openPage } from './cpu-slowdown';

/**
 * A fresh browser profile: service worker off, English. tsx (esbuild keepNames) wraps named functions in
 * page.evaluate bodies with __name(); its pages get one. The bench injects its own scripts (Dexie for the
 * bulkPut comparison), which the app's Content-Security-Policy (decision 032) would refuse: bypassed here only.
 */
export async function benchContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', bypassCSP: true });
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  return context;
}

const PRESSED = 'bench.login-pressed';

/** A fresh profile signed in to the real app through the Login dialog, as a user would. */
export async function signedInApp(
  browser: Browser,
  url: string,
  login: { email: string; password: string },
  /** Called just before the Login press. */
  beforePress: () => void = () => {},
): Promise<Page> {
  const page = await openPage(await benchContext(browser));
  await page.goto(`${url}/?dialog=login`);
  await page.getByRole('dialog').getByLabel('E-mail').fill(login.email);
  await page.getByRole('dialog').getByLabel('Password').fill(login.password);
  // The press's time in the page (`pressedAt`): Playwright's click returns after the page has handled it, up to
  // 0.15 s later when the page is busy signing in.
  await page.evaluate((name) => {
    document.addEventListener('click', () => performance.mark(name), { capture: true, once: true });
  }, PRESSED);
  const button = page.getByRole('dialog').getByRole('button', { name: 'Login' });
  await button.waitFor();
  beforePress();
  await button.click();
  return page;
}

/** When the Login press of `signedInApp` reached the page, in its performance.now() time. */
export async function pressedAt(page: Page): Promise<number> {
  const at = await page.evaluate((name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null, PRESSED);
  if (at === null) throw new Error('The Login press was not marked in the page');
  return at;
}
