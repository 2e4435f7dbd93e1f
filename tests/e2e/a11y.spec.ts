import { expect, test } from '@playwright/test';
import { LandingPage } from './pages/landing-page';
import { recentDays, ReportsPage } from './pages/reports-page';
import { SalonShell } from './pages/salon-shell';
import { expectNoSeriousViolations } from './support/axe';
import { logIn } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en } = catalogs;

test('the landing page has no serious accessibility violations', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.open();
  await expect(landing.hero()).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the open login dialog, with its errors, has no serious accessibility violations', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.open();
  const dialog = await landing.openLogin();
  await expectNoSeriousViolations(page);
  await dialog.submitButton().click();
  await expect(dialog.email()).toHaveAccessibleDescription('Enter your username');
  await expectNoSeriousViolations(page);
});

test('the open sign-up dialog, captcha included, has no serious accessibility violations', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.open();
  const dialog = await landing.openSignup();
  // The third-party altcha-widget is part of the scan (it is not excluded).
  await dialog.waitForCaptcha();
  await expectNoSeriousViolations(page);
  await dialog.submitButton().click();
  await expect(dialog.field('signup.salonName')).toHaveAccessibleDescription('Enter salon name (or company name)');
  await expectNoSeriousViolations(page);
});

test('the signed-in salon shell and its open user menu have no serious accessibility violations', async ({ page }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const shell = new SalonShell(page);
  await expect(shell.userMenuButton).toContainText(DEMO.owner.name);
  await expect(page.getByTestId('tt-card').first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await shell.openMenu(shell.userMenuButton);
  await expectNoSeriousViolations(page);
});

test("the owner's report with a group open and the Edit invoice dialog has no serious accessibility violations", async ({ page }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const report = new ReportsPage(page, en);
  await report.open(recentDays());
  await report.groupToggle(report.groups.first()).click();
  await expectNoSeriousViolations(page);
  await report.groups.first().getByRole('button', { name: en['common.edit'] }).first().click();
  await expect(page.getByRole('dialog', { name: en['report.edit.title'] })).toBeVisible();
  await expectNoSeriousViolations(page);
});
