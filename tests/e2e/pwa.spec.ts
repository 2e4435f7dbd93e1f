import { expect, type BrowserContext, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LandingPage } from './pages/landing-page';
import { recentDays, ReportsPage } from './pages/reports-page';
import { SalonShell } from './pages/salon-shell';
import { recordWhileLoading, waitForServiceWorkerControl } from './support/browser';
import { salonDay } from './support/drag';
import { logIn } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD } from './support/users';

interface ManifestIcon {
  src: string;
  sizes?: string;
  type?: string;
  purpose?: string;
}

test('the manifest is linked and complete, and every icon loads', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href, 'index.html links a manifest').toBeTruthy();
  const response = await request.get(new URL(href as string, page.url()).toString());
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };

  expect(manifest.name).toBe('Salon Panel');
  expect(typeof manifest.short_name === 'string' && manifest.short_name.length > 0).toBe(true);
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toEqual(expect.any(String));
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map((icon) => icon.sizes);
  expect(sizes).toContain('192x192');
  expect(sizes).toContain('512x512');
  expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);

  for (const icon of manifest.icons) {
    const image = await request.get(new URL(icon.src, response.url()).toString());
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()['content-type'], icon.src).toContain(icon.type ?? 'image/');
  }
  // The start URL is inside the app: it answers with the app shell.
  const start = await request.get(new URL(manifest.start_url as string, response.url()).toString());
  expect(start.ok()).toBe(true);
});

test(
  'Chromium reports no installability errors once the service worker is active',
  { tag: SERVICE_WORKER },
  async ({ playwright, baseURL }, testInfo) => {
    // A regular Playwright context is incognito-like and always reports "in-incognito": use a real profile.
    const profile = await mkdtemp(join(tmpdir(), 'salon-pwa-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      locale: 'en-US',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await waitForServiceWorkerControl(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      await cdp.detach();
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  },
);

// Note: an open extra CDP session makes Chromium report navigator.onLine === true after an offline reload,
// so the offline tests below use no CDP session of their own.
test('the landing page reloads from the service worker with the network off', { tag: SERVICE_WORKER }, async ({ page, context }) => {
  const landing = new LandingPage(page);
  await landing.open();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(landing.hero()).toHaveText('Plans for employees and clients');
    await expect(landing.main.getByRole('status')).toHaveText('You are offline. Signing in needs a connection.');
    // The network really is off: only the service worker's cache could have served this page.
    const reachable = await page.evaluate(() =>
      fetch('/graphql', { method: 'POST', body: '{}' }).then(
        () => true,
        () => false,
      ),
    );
    expect(reachable).toBe(false);
  } finally {
    await context.setOffline(false);
  }
});

test('the signed-in salon shell reloads offline and shows the Offline status', { tag: SERVICE_WORKER }, async ({ page, context }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  await waitForServiceWorkerControl(page);
  const shell = new SalonShell(page);
  await expect(shell.status).toHaveText('Online');

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page).toHaveURL(/\/salon\/appointments$/);
    await expect(shell.userMenuButton).toContainText(DEMO.owner.name);
    await expect(shell.salonButton).toContainText(DEMO.owner.salon);
    await expect(shell.nav.getByRole('link', { name: 'Clients' })).toBeVisible();
    await expect(shell.status).toHaveText('Offline');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Appointments');
  } finally {
    await context.setOffline(false);
  }
  await expect(shell.status).toHaveText('Online');
});

test(
  'Services and Inventory never say for a moment that the salon has none while the mirror opens, online or offline',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    const { en } = catalogs;
    await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
    await waitForServiceWorkerControl(page);
    // A list's empty text is recorded if it ever shows (clients-offline.spec.ts does the same for Clients).
    const watch = await recordWhileLoading(page, { texts: [en['services.empty'], en['inventory.empty']] });
    try {
      for (const path of ['/salon/settings/services', '/salon/inventory']) {
        await page.goto(path);
        await expect(page.getByRole('row').nth(1)).toBeVisible();
        for (const offline of [false, true]) {
          await context.setOffline(offline);
          await page.reload();
          await expect(page.getByRole('row').nth(1)).toBeVisible();
          expect(await watch.recorded(), `${path} ${offline ? 'offline' : 'online'}`).toEqual([]);
        }
        await context.setOffline(false);
      }
    } finally {
      await context.setOffline(false);
    }
  },
);

/**
 * Waits for a service worker to control the tab, goes offline and opens the Clients page, whose code the tab never
 * loaded, then `more`; back online at the end.
 */
async function controlledThenOffline(page: Page, context: BrowserContext, more?: (shell: SalonShell) => Promise<void>) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 20_000 });
  const shell = new SalonShell(page);
  await context.setOffline(true);
  try {
    await expect(shell.status).toHaveText('Offline');
    await shell.nav.getByRole('link', { name: 'Clients', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clients');
    await more?.(shell);
  } finally {
    await context.setOffline(false);
  }
}

test(
  'the first visit works offline without a reload: the service worker takes the tab, then unopened pages and dialogs open',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
    // No reload: a salon computer signs in once and stays in that tab.
    await controlledThenOffline(page, context, async (shell) => {
      // New Appointment's dialog was never loaded in this tab either.
      await shell.nav.getByRole('link', { name: 'Appointments', exact: true }).click();
      await page.getByRole('button', { name: 'New Appointment', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'New Appointment' })).toBeVisible();
    });
  },
);

test(
  'a tab loaded past the worker (a hard reload) asks it to take the tab, then opens unopened pages offline',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
    await waitForServiceWorkerControl(page);
    // Ctrl+Shift+R: the page loads from the network past the active worker and, without asking (decision 056), stays
    // without one until the next plain reload. A tab that started loading while the first worker installed is the same.
    await page.evaluate(() => Object.assign(window, { beforeHardReload: true }));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.reload', { ignoreCache: true });
    await page.waitForFunction(() => !('beforeHardReload' in window) && document.readyState === 'complete');
    await controlledThenOffline(page, context);
  },
);

test(
  "a new version: the prompt's Reload switches to it, in the tab that installed the first worker too",
  { tag: SERVICE_WORKER },
  async ({ page }) => {
    const { en } = catalogs;
    await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 20_000 });
    // A new build's worker differs from the running one's: the same file with one more line.
    const worker = 'dist/sw.js';
    const original = await readFile(worker, 'utf8');
    await writeFile(worker, `${original}\n// a new version (pwa.spec.ts)\n`);
    try {
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const prompt = page.getByTestId('pwa-update');
      await expect(prompt).toContainText(en['pwa.updateAvailable']);
      const reloaded = page.waitForEvent('load', { timeout: 15_000 });
      await prompt.getByRole('button', { name: en['pwa.reload'], exact: true }).click();
      await reloaded;
      expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('reload');
      await expect(prompt).toHaveCount(0);
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    } finally {
      await writeFile(worker, original);
    }
  },
);

test.describe('with no service worker (a browser without one, or before the first takes the tab)', () => {
  test.use({ serviceWorkers: 'block' });

  test(
    'offline, code the tab never loaded says it is not downloaded yet; the page goes on',
    { tag: SERVICE_WORKER },
    async ({ page, context }) => {
      const { en } = catalogs;
      await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
      await expect(page.getByTestId('tt-card').first()).toBeVisible();
      await context.setOffline(true);
      try {
        // New Appointment's form was never loaded: it says so instead of doing nothing.
        await page.getByRole('button', { name: en['timetable.newAppointment'], exact: true }).click();
        const notice = page.getByTestId('load-failed');
        await expect(notice).toContainText(en['pwa.notDownloaded']);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['screen.appointments']);
        await expect(page.getByTestId('tt-card').first()).toBeVisible();
        await notice.getByRole('button', { name: en['pwa.later'], exact: true }).click();
        await expect(notice).toHaveCount(0);
        // The Sale dialog (a lazy component) the same, and the timetable stays in place of the router's error page.
        await page.getByRole('button', { name: en['sale.button'], exact: true }).click();
        await expect(notice).toContainText(en['pwa.notDownloaded']);
        await expect(page.getByTestId('route-error')).toHaveCount(0);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['screen.appointments']);
        await expect(page.getByTestId('tt-card').first()).toBeVisible();
      } finally {
        await context.setOffline(false);
      }
    },
  );

  test('offline, a report chart the tab never loaded says so and the report stays', { tag: SERVICE_WORKER }, async ({ page, context }) => {
    const { en } = catalogs;
    await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
    const report = new ReportsPage(page, en);
    // One day: the report's code loads, the chart's (a range of days) does not. Yesterday's paid visits shown mean the
    // first sync is in: the demo's rows come in one page.
    await report.open(`?kind=all&from=${salonDay(-1)}&to=${salonDay(-1)}`);
    await expect(report.groups.first()).toBeVisible();
    await context.setOffline(true);
    try {
      // The address changes to a range of days as the browser's Back would change it.
      await page.evaluate((search) => {
        window.history.pushState(null, '', `/salon/reports${search}`);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, recentDays());
      await expect(page.getByTestId('load-failed')).toContainText(en['pwa.notDownloaded']);
      await expect(page.getByTestId('route-error')).toHaveCount(0);
      await expect(report.title).toHaveText(en['screen.reports']);
      await expect(report.groups.first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});

test('on an iPhone, which has no install prompt, the master is told how to add the app to the home screen, once (issue 63)', async ({
  browser,
}) => {
  const { ru } = catalogs;
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  await context.addInitScript(() => localStorage.setItem('language', 'ru'));
  const page = await context.newPage();
  await logIn(page, DEMO.master.email, DEMO_PASSWORD);
  const offer = page.getByTestId('install-offer');
  await expect(offer).toHaveText(new RegExp(`^${ru['pwa.install.apple'].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  // No Install button: Safari installs only from its Share menu.
  await expect(offer.getByRole('button', { name: ru['pwa.install.button'] })).toHaveCount(0);
  await offer.getByRole('button', { name: ru['pwa.install.notNow'] }).tap();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await context.close();
});
