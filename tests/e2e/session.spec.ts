import { expect, test } from '@playwright/test';
import { LandingPage } from './pages/landing-page';
import { SalonShell } from './pages/salon-shell';
import { viewerId } from './support/api';
import { indexedDbNames, storedSessionToken } from './support/browser';
import { logIn, signUpOwner, signUpOwnerElsewhere } from './support/flows';
import { DEMO, DEMO_PASSWORD, unique } from './support/users';

test('Sign Out returns to the landing page, clears local data and revokes the token', async ({ page, request }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const shell = new SalonShell(page);
  await expect(shell.userMenuButton).toContainText(DEMO.owner.name);

  const token = await storedSessionToken(page);
  expect(token, 'the session token kept in IndexedDB').toBeTruthy();
  expect(await viewerId(request, token as string), 'the token works before logout').not.toBeNull();

  await shell.signOut();
  await expect(page).toHaveURL(/\/$/);
  await expect(new LandingPage(page).hero()).toHaveText('Plans for employees and clients');
  await expect.poll(() => indexedDbNames(page), { message: 'IndexedDB databases after logout' }).not.toContain('salon-panel-session');
  expect(await viewerId(request, token as string), 'the server forgot the token').toBeNull();

  await page.goto('/salon/appointments');
  await expect(page).toHaveURL(/\/$/);
  await expect(shell.userMenuButton).toHaveCount(0);
});

test('the session survives a reload', async ({ page }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const shell = new SalonShell(page);
  await expect(shell.userMenuButton).toContainText(DEMO.owner.name);
  await page.reload();
  await expect(page).toHaveURL(/\/salon\/appointments$/);
  await expect(shell.userMenuButton).toContainText(DEMO.owner.name);
  await expect(shell.salonButton).toContainText(DEMO.owner.salon);
  // The landing page sends a signed-in user back to the salon.
  await page.goto('/');
  await expect(page).toHaveURL(/\/salon\/appointments$/);
});

test('an owner creates a second salon, which becomes current, and switches back', async ({ page }) => {
  const owner = await signUpOwner(page, { phone: '+371 2000 1234' });
  const shell = new SalonShell(page);
  await expect(shell.salonButton).toContainText(owner.salonName);

  const dialog = await shell.openNewSalonDialog();
  const name = dialog.getByLabel('Salon name', { exact: true });
  const address = dialog.getByLabel('Salon address', { exact: true });
  const create = dialog.getByRole('button', { name: 'Create', exact: true });

  await create.click();
  await expect(name).toHaveAccessibleDescription('Enter salon name');
  await expect(address).toHaveAccessibleDescription('Enter salon address');

  await name.fill(owner.salonName);
  await address.fill('Elizabetes iela 1, Rīga');
  await create.click();
  await expect(name).toHaveAccessibleDescription('Salon with the same name already exists');
  await expect(dialog).toBeVisible();
  await expect(shell.salonButton).toContainText(owner.salonName);

  const second = `E2E Second ${unique()}`;
  await name.fill(second);
  await create.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/salon\/appointments$/);
  await expect(shell.salonButton).toContainText(second);

  const menu = await shell.openMenu(shell.salonButton);
  await expect(menu.getByRole('menuitem', { name: owner.salonName })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: second })).toBeVisible();
  await shell.closeMenu();

  await shell.switchSalon(owner.salonName);
  await expect(shell.salonButton).toContainText(owner.salonName);
  await expect(page).toHaveURL(/\/salon\/appointments$/);

  // The choice is the session's: it survives a reload.
  await page.reload();
  await expect(shell.salonButton).toContainText(owner.salonName);
});

test('the Login dialog leaves the browser a device cookie scripts cannot read, and the next login sends it (issue 56)', async ({
  page,
  browser,
}) => {
  const owner = await signUpOwnerElsewhere(browser, { phone: '+371 2000 5561' });
  const landing = new LandingPage(page);
  await landing.open();
  await landing.login(owner.email, owner.password);
  await expect(page).toHaveURL(/\/salon\/appointments$/);
  const devices = (await page.context().cookies()).filter((c) => c.name.startsWith('sp_device_'));
  expect(devices).toHaveLength(1);
  const device = devices[0] as (typeof devices)[number];
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/graphql' });
  expect(device.value).not.toContain(owner.email);
  expect(await page.evaluate(() => document.cookie)).not.toContain('sp_device_');

  // Signing out keeps it: the browser stays a known device of the account, and its next login carries it.
  await new SalonShell(page).signOut();
  await expect(page).toHaveURL(/\/$/);
  const [sent] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/graphql') && (r.postData() ?? '').includes('mutation Login')),
    landing.login(owner.email, owner.password),
  ]);
  expect((await sent.allHeaders()).cookie ?? '').toContain(`${device.name}=${device.value}`);
  await expect(page).toHaveURL(/\/salon\/appointments$/);
});
