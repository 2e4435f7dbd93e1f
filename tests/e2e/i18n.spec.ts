import { expect } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { LandingPage } from './pages/landing-page';
import { LoginDialog } from './pages/login-dialog';
import { SalonShell } from './pages/salon-shell';
import { catalogs, type Messages } from './support/i18n';
import { holdRequests } from './support/browser';
import { DEMO, DEMO_PASSWORD, unique } from './support/users';

const { en, lv, ru } = catalogs;

/** The landing page speaks `t`: hero, trial offer, actions and a section title. */
async function expectLanding(landing: LandingPage, t: Messages, lang: string) {
  await expect(landing.hero()).toHaveText(t['landing.hero.title']);
  await expect(landing.main).toContainText(t['landing.trial']);
  await expect(landing.button('landing.register')).toBeVisible();
  await expect(landing.button('landing.demo')).toBeVisible();
  await expect(landing.main.getByRole('heading', { name: t['landing.section.moneyFlows.title'] })).toBeVisible();
  await expect(landing.page.locator('html')).toHaveAttribute('lang', lang);
}

test('the catalogs really differ, so the checks below can tell the languages apart', () => {
  for (const id of ['landing.hero.title', 'access.login.enterUsername', 'error.login.userNotFound', 'menu.clients'] as const) {
    expect(new Set([en[id], lv[id], ru[id]]).size, id).toBe(3);
  }
});

test.describe('browser language lv-LV', () => {
  test.use({ locale: 'lv-LV' });

  test('one click on Register with an empty form shows every message in Latvian', async ({ page }) => {
    // Regression: a wrapped message under the focused first field used to move the button before mouseup.
    const landing = new LandingPage(page, lv);
    await landing.open();
    const dialog = await landing.openSignup();
    await dialog.waitForCaptcha();
    await dialog.submitButton().click();
    for (const [field, message] of [
      ['signup.salonName', 'access.signup.enterSalonName'],
      ['signup.salonAddress', 'access.signup.enterSalonAddress'],
      ['signup.firstName', 'access.signup.enterFirstName'],
      ['signup.email', 'access.signup.enterEmail'],
      ['signup.password', 'access.signup.enterPassword'],
    ] as const) {
      await expect(dialog.field(field)).toHaveAccessibleDescription(lv[message]);
    }
  });

  test('shows the Latvian landing page', async ({ page }) => {
    const landing = new LandingPage(page, lv);
    await landing.open();
    await expectLanding(landing, lv, 'lv');
  });

  test('switching to English on the landing page changes the texts and survives a reload', async ({ page }) => {
    const landing = new LandingPage(page, lv);
    await landing.open();
    await expectLanding(landing, lv, 'lv');
    const switcher = page.getByRole('button', { name: lv['menu.language'], exact: true });
    await switcher.click();
    await page.getByRole('menuitem', { name: lv['lang.en'], exact: true }).click();
    const english = new LandingPage(page, en);
    await expectLanding(english, en, 'en');
    await page.reload();
    await expectLanding(english, en, 'en');
  });

  test('switching to English in the top bar menu changes the texts and survives a reload', async ({ page }) => {
    const landing = new LandingPage(page, lv);
    await landing.open();
    await landing.button('landing.demo').click();
    await expect(page).toHaveURL(/\/salon\/appointments$/);
    const latvian = new SalonShell(page, lv);
    await expect(latvian.nav.getByRole('link', { name: lv['menu.clients'], exact: true })).toBeVisible();

    await latvian.chooseLanguage(lv['lang.en']);
    const english = new SalonShell(page, en);
    await expect(english.nav.getByRole('link', { name: en['menu.clients'], exact: true })).toBeVisible();
    await expect(english.navButton('menu.settings')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['screen.appointments']);

    await page.reload();
    await expect(english.nav.getByRole('link', { name: en['menu.clients'], exact: true })).toBeVisible();
    await expect(english.languageButton).toHaveText(/EN/);
  });
});

test.describe('browser language ru-RU', () => {
  test.use({ locale: 'ru-RU' });

  test('shows the Russian landing page', { tag: SERVICE_WORKER }, async ({ page }) => {
    const landing = new LandingPage(page, ru);
    await landing.open();
    await expectLanding(landing, ru, 'ru');
  });
});

test.describe('the catalog in two parts (decision 048)', () => {
  // The held part must come from the network: a service worker that took the tab would answer it from its cache.
  test.use({ locale: 'lv-LV', serviceWorkers: 'block' });

  test(
    'the landing paints before the rest of the catalog is here, and Login waits for it: no message ids',
    { tag: SERVICE_WORKER },
    async ({ page }) => {
      // The rest of the Latvian catalog is held until the test lets it go (the part with the login dialog's texts).
      const rest = await holdRequests(page, '**/assets/lv-*.js', async (route) =>
        (await (await route.fetch()).text()).includes('"login.title"'),
      );
      const landing = new LandingPage(page, lv);
      await landing.open();
      await expectLanding(landing, lv, 'lv');
      await expect.poll(() => rest.asked()).toBe(true);

      await landing.button('landing.login').click();
      // Pressed before the rest came: no dialog yet, so none with message ids in place of its texts.
      await page.waitForTimeout(500);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      rest.release();
      const dialog = new LoginDialog(page, lv);
      await expect(dialog.title()).toHaveText(lv['login.title']);
      await expect(dialog.email()).toBeVisible();
    },
  );
});

test.describe('a menu whose code arrives during a click (decision 048)', () => {
  test.use({ locale: 'lv-LV', serviceWorkers: 'block' });

  test('the mouse went down on the stand-in, the menu came before it went up: the menu opens', async ({ page }) => {
    const menuCode = await holdRequests(page, '**/assets/menu-popover-*.js');
    const landing = new LandingPage(page, lv);
    await landing.open();
    await expectLanding(landing, lv, 'lv');
    await expect.poll(() => menuCode.asked()).toBe(true);
    const switcher = page.getByRole('button', { name: lv['menu.language'], exact: true });
    await switcher.hover();
    await page.mouse.down();
    menuCode.release();
    // The button the menu's code brings replaces the stand-in under the pressed mouse.
    await expect(switcher).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.up();
    await page.getByRole('menuitem', { name: lv['lang.en'], exact: true }).click();
    await expectLanding(new LandingPage(page, en), en, 'en');
  });
});

test.describe('browser language de-DE', () => {
  test.use({ locale: 'de-DE' });

  test('falls back to the default language, Latvian', async ({ page }) => {
    const landing = new LandingPage(page, lv);
    await landing.open();
    await expectLanding(landing, lv, 'lv');
  });
});

for (const [lang, t] of [
  ['lv', lv],
  ['ru', ru],
] as const) {
  test.describe(`login errors in ${lang}`, () => {
    test.use({ locale: lang === 'lv' ? 'lv-LV' : 'ru-RU' });

    test('empty fields, an unknown user and a wrong password', async ({ page }) => {
      const landing = new LandingPage(page, t);
      await landing.open();
      const dialog = await landing.openLogin();
      await expect(dialog.title()).toHaveText(t['login.title']);

      await dialog.submitButton().click();
      await expect(dialog.email()).toHaveAccessibleDescription(t['access.login.enterUsername']);
      await expect(dialog.password()).toHaveAccessibleDescription(t['access.login.enterPassword']);

      await dialog.login(`nobody-${unique()}@e2e.test`, 'whatever123');
      await expect(dialog.email()).toHaveAccessibleDescription(t['error.login.userNotFound']);

      await dialog.email().fill(DEMO.owner.email);
      await dialog.password().fill(`${DEMO_PASSWORD}-wrong`);
      await dialog.submitButton().click();
      await expect(dialog.password()).toHaveAccessibleDescription(t['error.login.invalidPassword']);

      await dialog.openReset();
      await expect(dialog.title()).toHaveText(t['reset.title']);
      await dialog.sendReset(`nobody-${unique()}@e2e.test`);
      await expect(dialog.resetEmail()).toHaveAccessibleDescription(t['error.reset.notExists']);
    });
  });
}
