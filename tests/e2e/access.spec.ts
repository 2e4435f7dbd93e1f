import { expect, test } from '@playwright/test';
import { ChangePasswordPage } from './pages/change-password-page';
import { LandingPage } from './pages/landing-page';
import { SalonShell } from './pages/salon-shell';
import { signUpOwnerElsewhere } from './support/flows';
import { waitForMailLink } from './support/mailbox';
import { DEMO, unique } from './support/users';

test.describe('landing page', () => {
  test('shows the hero, trial offer, actions, app store links and the product sections', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await expect(landing.hero()).toHaveText('Plans for employees and clients');
    await expect(landing.main).toContainText('Try it free for 2 months, then 20 € a month.');
    for (const id of ['landing.register', 'landing.login', 'landing.demo'] as const) await expect(landing.button(id)).toBeVisible();

    const appStore = landing.main.getByRole('link', { name: 'Download on the App Store' });
    const googlePlay = landing.main.getByRole('link', { name: 'Get it on Google Play' });
    await expect(appStore).toHaveAttribute('href', /^https:\/\/[^/]*apple\.com\//);
    await expect(googlePlay).toHaveAttribute('href', /^https:\/\/play\.google\.com\//);

    const sections = landing.main.getByRole('heading', { level: 2 });
    await expect(sections).toHaveText([
      'Money flows',
      'Multi-store',
      'Client lists',
      'Perfect timing',
      'Client relations',
      'Inventory',
      'Reporting',
      'Companies using the product',
    ]);
    await expect(landing.main).toContainText('100+ companies');
  });

  test('the Demo button signs into the demo owner and lands on appointments', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await landing.button('landing.demo').click();
    await expect(page).toHaveURL(/\/salon\/appointments$/);
    const shell = new SalonShell(page);
    await expect(shell.userMenuButton).toContainText(DEMO.owner.name);
    await expect(shell.salonButton).toContainText(DEMO.owner.salon);
  });
});

test.describe('login dialog', () => {
  test('an empty submit asks for the username and the password', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    const dialog = await landing.openLogin();
    await dialog.submitButton().click();
    await expect(dialog.email()).toHaveAccessibleDescription('Enter your username');
    await expect(dialog.password()).toHaveAccessibleDescription('Enter your password');
    await expect(page).toHaveURL(/\/(\?dialog=login)?$/);
  });

  test('an unknown user and a wrong password get the spec messages on their fields', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    const dialog = await landing.openLogin();

    await dialog.login(`nobody-${unique()}@e2e.test`, 'whatever123');
    await expect(dialog.email()).toHaveAccessibleDescription('User with specified username does not exists');
    await expect(dialog.email()).toHaveAttribute('aria-invalid', 'true');

    await dialog.email().fill(DEMO.owner.email);
    await dialog.password().fill('not-the-password');
    await dialog.submitButton().click();
    await expect(dialog.password()).toHaveAccessibleDescription('Password does not match');
    await expect(dialog.email()).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).not.toHaveURL(/\/salon\//);
  });
});

test.describe('password reset', () => {
  test('an unknown e-mail is refused and "Already have account?" returns to the login form', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    const dialog = await landing.openLogin();
    await dialog.openReset();
    await expect(dialog.title()).toHaveText('Reset password');
    await expect(dialog.password()).toHaveCount(0);

    await dialog.sendReset(`nobody-${unique()}@e2e.test`);
    await expect(dialog.resetEmail()).toHaveAccessibleDescription('User with specified email address does not exists.');

    await dialog.backToLogin();
    await expect(dialog.title()).toHaveText('Login');
    await expect(dialog.email()).toBeVisible();
    await expect(dialog.password()).toBeVisible();
  });

  test('the mailed link changes the password once, signs in and cannot be used again', async ({ page, browser }) => {
    const owner = await signUpOwnerElsewhere(browser, { phone: '+371 2000 1234' });

    const landing = new LandingPage(page);
    await landing.open();
    const dialog = await landing.openLogin();
    await dialog.openReset();
    await dialog.sendReset(owner.email);
    await expect(dialog.root.getByRole('status')).toHaveText('Please check your email, and follow instructions.');
    await dialog.backToLogin();
    await expect(dialog.title()).toHaveText('Login');

    const link = await waitForMailLink(owner.email, '/change-password/');
    const change = new ChangePasswordPage(page);
    await change.open(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change password');

    await change.change('brand-new-pass-1', 'something-else-2');
    await expect(change.repeat).toHaveAccessibleDescription("Your password doesn't match");
    await expect(page).toHaveURL(link);

    const newPassword = `New-${unique()}`;
    await change.change(newPassword);
    await expect(page).toHaveURL(/\/salon\/appointments$/);
    await expect(new SalonShell(page).salonButton).toContainText(owner.salonName);

    await change.open(link);
    await change.change(`Other-${unique()}`);
    await expect(page.getByRole('alert')).toHaveText('Invalid token or it has expired.');
    await expect(page).toHaveURL(link);

    // The new password is the one that works now.
    const context = await browser.newContext();
    const other = await context.newPage();
    const otherLanding = new LandingPage(other);
    await otherLanding.open();
    const login = await otherLanding.openLogin();
    await login.login(owner.email, owner.password);
    await expect(login.password()).toHaveAccessibleDescription('Password does not match');
    await login.password().fill(newPassword);
    await login.submitButton().click();
    await expect(other).toHaveURL(/\/salon\/appointments$/);
    await context.close();
  });
});
