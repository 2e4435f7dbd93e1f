import { expect, test, type Page } from '@playwright/test';
import { SalonShell } from './pages/salon-shell';
import { logIn } from './support/flows';
import { DEMO, DEMO_PASSWORD } from './support/users';

test.describe('master', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, DEMO.master.email, DEMO_PASSWORD);
  });

  test('sees only Seminars, the language switcher, salon switcher and user menu', async ({ page }) => {
    const shell = new SalonShell(page);
    await expect(shell.userMenuButton).toContainText(DEMO.master.name);
    await expect(shell.languageButton).toBeVisible();
    await expect(shell.salonButton).toContainText(DEMO.master.salon);
    // The salon's suppliers' seminars are the master's one screen beside the timetable (issue 19).
    await expect(shell.nav.getByRole('link')).toHaveText(['Seminars']);
    await expect(shell.nav.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Clients' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  });

  test('is sent back to appointments from another salon screen', async ({ page }) => {
    await page.goto('/salon/clients');
    await expect(page).toHaveURL(/\/salon\/appointments$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Appointments');
    await page.goto('/salon');
    await expect(page).toHaveURL(/\/salon\/appointments$/);
  });

  test('gets no "Create a new salon" in the salon switcher', async ({ page }) => {
    const shell = new SalonShell(page);
    const menu = await shell.openMenu(shell.salonButton);
    await expect(menu.getByRole('menuitem', { name: DEMO.master.salon })).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveCount(1);
    await expect(menu.getByRole('menuitem', { name: 'Create a new salon' })).toHaveCount(0);
  });
});

test('a supplier lands on seminars and is kept out of the salon screens', async ({ page }) => {
  await logIn(page, DEMO.supplier.email, DEMO_PASSWORD, /\/supplier\/seminars$/);
  const shell = new SalonShell(page);
  await expect(shell.nav.getByRole('link', { name: 'Seminars' })).toBeVisible();
  await expect(shell.salonButton).toHaveCount(0);
  await page.goto('/salon/appointments');
  await expect(page).toHaveURL(/\/supplier\/seminars$/);
  await expect(shell.nav.getByRole('link', { name: 'Appointments' })).toHaveCount(0);
});

test('the sysadmin has the Admin menu with Salons, Suppliers and Statistics', async ({ page }) => {
  await logIn(page, DEMO.sysadmin.email, DEMO_PASSWORD, /\/salon\/salon-list$/);
  const shell = new SalonShell(page);
  const menu = await shell.openMenu(shell.navButton('menu.admin'));
  await expect(menu.getByRole('menuitem')).toHaveText(['Salons', 'Suppliers', 'Statistics']);
  await menu.getByRole('menuitem', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(/\/salon\/statistics$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistics');
});

test('the sysadmin finds a salon in the salon list and logs into it', async ({ page }) => {
  await logIn(page, DEMO.sysadmin.email, DEMO_PASSWORD, /\/salon\/salon-list$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Salon list');
  const row = page.getByRole('row').filter({ hasText: 'Demo salon' });
  await expect(row).toContainText('owner@demo.test');
  // The owner's phone as every other screen shows phones (issue 22 item 6), not as stored.
  await expect(row).toContainText('+371 20 000 001');
  await page.getByPlaceholder('Search...').fill('zzzz-no-such-salon');
  await expect(page.getByText('No salon found')).toBeVisible();
  await page.getByPlaceholder('Search...').fill('Demo');
  await page.getByRole('button', { name: 'Login: Demo salon' }).click();
  await expect(page).toHaveURL(/\/salon\/appointments$/);
  await expect(page.getByRole('button', { name: 'Salon', exact: true })).toContainText('Demo salon');
});

test.describe('owner', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  });

  test('has no Admin menu but the Settings menu with Administrators and Owner Settings', async ({ page }) => {
    const shell = new SalonShell(page);
    await expect(shell.navButton('menu.settings')).toBeVisible();
    await expect(shell.navButton('menu.admin')).toHaveCount(0);
    const menu = await shell.openMenu(shell.navButton('menu.settings'));
    for (const item of [
      'Settings',
      'Cabinets',
      'Memberships',
      'Services',
      'Manufacturers',
      'Schedule',
      'Administrators',
      'Admin settings',
      'Show Archive',
      'Owner Settings',
    ]) {
      await expect(menu.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
    }
    await menu.getByRole('menuitem', { name: 'Owner Settings' }).click();
    await expect(page).toHaveURL(/\/salon\/owner-settings$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Owner Settings');
  });

  test('Invoices opens the subscription invoices; Admin settings holds client messages and billing', async ({ page }) => {
    const shell = new SalonShell(page);
    const menu = await shell.openMenu(shell.userMenuButton);
    await menu.getByRole('menuitem', { name: 'Invoices', exact: true }).click();
    await expect(page).toHaveURL(/\/salon\/invoices$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoices');
    await expect(page.getByText("You don't have any invoices yet.")).toBeVisible();
    // /salon/admin-settings (part 2 §2, linked from the menu; issue 60 item 6), no longer "coming soon".
    const settings = await shell.openMenu(shell.navButton('menu.settings'));
    await settings.getByRole('menuitem', { name: 'Admin settings', exact: true }).click();
    await expect(page).toHaveURL(/\/salon\/admin-settings$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin settings');
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
    for (const section of ['Client messages', 'Message texts', 'Subscription and invoices']) {
      await expect(page.getByRole('region', { name: section, exact: true })).toBeVisible();
    }
    await page.getByRole('region', { name: 'Subscription and invoices' }).getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/salon\/invoices$/);
  });
});

test('signed out, a salon screen sends to the landing page', async ({ page }) => {
  await page.goto('/salon/appointments');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans for employees and clients');
});

/** Opens /master/{token}; both stores answer with a stub page, so no request leaves the machine. */
async function openMasterInvitation(page: Page) {
  const stub = (name: string) => `<!doctype html><title>${name}</title><h1>${name} stub</h1>`;
  await page.route('**apple.com**', (route) => route.fulfill({ contentType: 'text/html', body: stub('App Store') }));
  await page.route('**play.google.com**', (route) => route.fulfill({ contentType: 'text/html', body: stub('Google Play') }));
  await page.goto(`/master/invite-${Date.now()}`);
}

test.describe('master invitation on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('goes to the App Store', async ({ page }) => {
    await openMasterInvitation(page);
    await expect(page).toHaveURL(/^https:\/\/[^/]*apple\.com\//);
    await expect(page.getByRole('heading', { name: 'App Store stub' })).toBeVisible();
  });
});

test.describe('master invitation on Android', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  });

  test('goes to Google Play', async ({ page }) => {
    await openMasterInvitation(page);
    await expect(page).toHaveURL(/^https:\/\/play\.google\.com\//);
    await expect(page.getByRole('heading', { name: 'Google Play stub' })).toBeVisible();
  });
});
