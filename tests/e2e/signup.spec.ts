import { expect, test } from '@playwright/test';
import { LandingPage } from './pages/landing-page';
import { SalonShell } from './pages/salon-shell';
import { signUpOwner, signUpOwnerThroughDialog } from './support/flows';
import { waitForMailLink } from './support/mailbox';
import { DEMO, newOwner } from './support/users';

test.describe('sign-up validation', () => {
  test('an empty submit shows every required-field message', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    const dialog = await landing.openSignup();
    await dialog.submitButton().click();

    await expect(dialog.field('signup.salonName')).toHaveAccessibleDescription('Enter salon name (or company name)');
    await expect(dialog.field('signup.salonAddress')).toHaveAccessibleDescription('Enter your salon address (or company address)');
    await expect(dialog.field('signup.firstName')).toHaveAccessibleDescription('Enter your first name (e.g. John Smith)');
    await expect(dialog.field('signup.email')).toHaveAccessibleDescription('Enter your email address');
    await expect(dialog.field('signup.password')).toHaveAccessibleDescription('Enter password for authentication');
    // Last name, phone and promo code are optional.
    for (const id of ['signup.lastName', 'signup.phone', 'signup.promoCode'] as const) {
      await expect(dialog.field(id)).not.toHaveAttribute('aria-invalid', 'true');
    }
    await expect(page).not.toHaveURL(/\/salon\//);
  });

  test('a submit before the captcha is solved asks to confirm being a person', async ({ page }) => {
    // Hold the captcha challenge so the widget cannot solve itself before the submit.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/altcha/challenge**', async (route) => {
      await held;
      await route.continue();
    });
    try {
      const landing = new LandingPage(page);
      await landing.open();
      const dialog = await landing.openSignup();
      await expect(dialog.captcha().getByRole('checkbox')).not.toBeChecked();
      await dialog.submitButton().click();
      await expect(dialog.field('signup.salonName')).toHaveAccessibleDescription('Enter salon name (or company name)');
      await expect(dialog.root.getByRole('alert').filter({ hasText: 'Confirm that you are a person' })).toBeVisible({ timeout: 3_000 });

      release();
      await dialog.waitForCaptcha();
      await expect(dialog.root.getByRole('alert').filter({ hasText: 'Confirm that you are a person' })).toHaveCount(0);
    } finally {
      release();
    }
  });

  test('a promo code of 20 characters is invalid, 19 are fine', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    const dialog = await landing.openSignup();
    const promo = dialog.field('signup.promoCode');
    await promo.fill('A'.repeat(20));
    await promo.blur();
    await expect(promo).toHaveAccessibleDescription('Invalid promo code');
    await promo.fill('A'.repeat(19));
    await expect(promo).not.toHaveAttribute('aria-invalid', 'true');
    await expect(promo).toHaveAccessibleDescription('');
  });

  test('a taken e-mail and a taken salon name are refused on their fields', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    const dialog = await landing.openSignup();

    await dialog.register(newOwner({ email: DEMO.owner.email }));
    await expect(dialog.field('signup.email')).toHaveAccessibleDescription('Administrator with the same email address already exists');
    await expect(page).not.toHaveURL(/\/salon\//);

    // A refused sign-up spends the captcha: the widget solves a new one before the next try.
    const retry = newOwner({ salonName: DEMO.owner.salon });
    await dialog.field('signup.email').fill(retry.email);
    await dialog.field('signup.salonName').fill(retry.salonName);
    await dialog.waitForCaptcha();
    await dialog.submitButton().click();
    await expect(dialog.field('signup.salonName')).toHaveAccessibleDescription('Salon with the same name already exists');
    await expect(dialog.field('signup.email')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).not.toHaveURL(/\/salon\//);
  });
});

test.describe('sign-up', () => {
  test('without a phone lands on appointments and the profile asks for the phone; the mailed link verifies once', async ({
    page,
    browser,
  }) => {
    const owner = await signUpOwnerThroughDialog(page);
    const shell = new SalonShell(page);
    await expect(shell.salonButton).toContainText(owner.salonName);

    const profile = shell.profileDialog();
    await expect(profile).toBeVisible();
    await expect(profile.getByRole('status')).toHaveText('Please enter a valid phone number');
    await expect(profile).toContainText(owner.email);
    await profile.getByLabel('Phone', { exact: true }).fill('+371 2000 1234');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile).toBeHidden();

    // The saved phone is the profile's now.
    const menu = await shell.openMenu(shell.userMenuButton);
    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    const phone = profile.getByLabel('Phone', { exact: true });
    await expect(phone).toHaveValue(/^\+371[\d ]+$/);
    expect((await phone.inputValue()).replace(/\s/g, '')).toBe('+37120001234');
    await expect(profile.getByRole('status')).toHaveCount(0);
    await profile.getByRole('button', { name: 'Cancel' }).click();
    await expect(profile).toBeHidden();

    // Signed out (another browser), the verification link shows success; a second visit fails.
    const link = await waitForMailLink(owner.email, '/verify-email/');
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(link);
    await expect(visitor.getByRole('status')).toHaveText('Your e-mail is verified.');
    await visitor.reload();
    await expect(visitor.getByRole('alert')).toHaveText('User with required token does not exists in our database');
    await context.close();
  });

  test('the verification link, opened while signed in, goes to appointments', async ({ page }) => {
    const owner = await signUpOwner(page, { phone: '+371 2000 1234' });
    const shell = new SalonShell(page);

    const link = await waitForMailLink(owner.email, '/verify-email/');
    await page.goto(link);
    await expect(page).toHaveURL(/\/salon\/appointments$/);
    await expect(shell.salonButton).toContainText(owner.salonName);

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('User with required token does not exists in our database');
    await expect(page).toHaveURL(link);
  });
});
