import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { SalonShell } from './pages/salon-shell';
import { signUpOwner } from './support/flows';
import { catalogs, type Messages } from './support/i18n';
import { api, viewer } from './support/sales';
import { FAKE_STRIPE_URL, routeStripe } from './support/stripe';

/**
 * The subscription (issue 20) from the banner to an active subscription and its invoices, against the local fake of
 * Stripe's API (tests/fakes) with a stand-in for Stripe.js served to the page. One fresh salon, in its trial, walks
 * through every state in order; the service worker is kept out so the page's Stripe routes see every request.
 */
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'block' });

const format = (t: Messages, id: keyof Messages, lang: string, values: Record<string, unknown> = {}) =>
  new IntlMessageFormat(t[id], lang).format(values) as string;

async function trialDays(page: Page): Promise<number> {
  const body = await api<{ viewer: { salon: { subscription: { trialEndsAt: number } } } }>(
    page,
    '{ viewer { salon { subscription { trialEndsAt } } } }',
  );
  return Math.ceil(((body.data?.viewer.salon.subscription.trialEndsAt ?? 0) - Date.now()) / 86_400_000);
}

async function salonSubscriptionId(page: Page, salonId: string): Promise<string> {
  const response = await page.request.get(`${FAKE_STRIPE_URL}/_fake/subscriptions`);
  const subscriptions = (await response.json()) as Array<{ id: string; metadata: Record<string, string>; created: number }>;
  const own = subscriptions.filter((s) => s.metadata.salonId === salonId);
  return own[own.length - 1]?.id as string;
}

/** DD.MM.YYYY in the e2e browser's zone, as the panel writes days. */
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Riga' }).format(new Date(ms)).replaceAll('/', '.');

/** The end of the period Stripe bills next, in ms. */
async function periodEndOf(page: Page, salonId: string): Promise<number> {
  const response = await page.request.get(`${FAKE_STRIPE_URL}/_fake/subscriptions`);
  const subscriptions = (await response.json()) as Array<{
    metadata: Record<string, string>;
    items: { data: Array<{ current_period_end: number }> };
  }>;
  const own = subscriptions.filter((s) => s.metadata.salonId === salonId);
  return (own[own.length - 1]?.items.data[0]?.current_period_end ?? 0) * 1000;
}

async function typeCard(page: Page, number: string) {
  const card = page.getByTestId('stripe-standin');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiration date').fill('12 / 34');
  await card.getByLabel('Security code').fill('123');
}

let page: Page;
let salonId: string;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await routeStripe(context);
  page = await context.newPage();
  await signUpOwner(page, { phone: '+371 2000 4420' });
  salonId = (await viewer(page)).salonId;
});

test.afterAll(async () => {
  await page.context().close();
});

test('the trial banner counts the days left in en, lv and ru and opens the plan', async () => {
  const shell = new SalonShell(page);
  const days = await trialDays(page);
  expect(days).toBeGreaterThan(27);
  const banner = page.getByTestId('subscription-banner');
  let current: 'en' | 'lv' | 'ru' = 'en';
  for (const lang of ['en', 'lv', 'ru'] as const) {
    const t = catalogs[lang];
    if (lang !== current) await new SalonShell(page, catalogs[current]).chooseLanguage(catalogs[current][`lang.${lang}`]);
    current = lang;
    await expect(banner).toHaveText(`${format(t, 'subscription.banner.trial', lang, { count: days })}${t['subscription.choosePlan']}`);
    await expect(banner).toHaveClass(/is-warning/);
    await banner.getByRole('button', { name: t['subscription.choosePlan'] }).click();
    const dialog = page.getByRole('dialog', { name: t['subscription.title'] });
    await expect(
      dialog.getByRole('radio', {
        name: format(t, 'subscription.monthly', lang, {
          price: new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(24.2),
        }),
      }),
    ).toBeChecked();
    await expect(dialog.getByTestId('stripe-standin')).toBeVisible();
    await expect(dialog.getByRole('button', { name: t['subscription.activate'] })).toBeEnabled();
    await dialog.getByRole('button', { name: t['common.cancel'] }).click();
    await expect(dialog).toHaveCount(0);
  }
  await new SalonShell(page, catalogs.ru).chooseLanguage(catalogs.ru['lang.en']);
  await expect(shell.userMenuButton).toBeVisible();
});

test('a start after the first paints the banner with the page: the screen below it does not move', async () => {
  const started = await page.context().newPage();
  // The top of the screen's title in every frame from its first, until the server's answer is on screen.
  await started.addInitScript(() => {
    const tops: number[] = [];
    Object.assign(window, { titleTops: tops });
    const frame = () => {
      const title = document.querySelector('.app-main h1');
      if (title) tops.push(Math.round(title.getBoundingClientRect().top));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  const answered = started.waitForResponse((response) => (response.request().postData() ?? '').includes('SalonSubscription'));
  await started.goto('/salon/clients');
  await answered;
  await expect(started.getByTestId('subscription-banner')).toBeVisible();
  await started.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const tops = await started.evaluate(() => (window as unknown as { titleTops: number[] }).titleTops);
  expect(tops.length).toBeGreaterThan(1);
  expect(new Set(tops)).toEqual(new Set([tops[0]]));
  await started.close();
});

test('offline the card form says it needs the network; a server without payments says so', { tag: SERVICE_WORKER }, async () => {
  const t = catalogs.en;
  const banner = page.getByTestId('subscription-banner');
  await page.context().setOffline(true);
  await banner.getByRole('button', { name: t['subscription.choosePlan'] }).click();
  let dialog = page.getByRole('dialog', { name: t['subscription.title'] });
  await expect(dialog.getByText(t['subscription.needsNetwork'])).toBeVisible();
  await expect(dialog.getByRole('button', { name: t['subscription.activate'] })).toBeDisabled();
  await dialog.getByText(t['subscription.needInvoice']).click();
  await expect(dialog.getByLabel(t['subscription.companyName'])).toBeVisible();
  await dialog.getByRole('button', { name: t['common.cancel'] }).click();
  await page.context().setOffline(false);

  // The same dialog on a server without STRIPE_* (its paymentSettings answers no key).
  await page.route('**/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (!body.includes('PaymentSettings')) return route.fallback();
    await route.fulfill({ json: { data: { paymentSettings: { publishableKey: null, monthlyPriceCents: 2420 } } } });
  });
  await page.reload();
  await banner.getByRole('button', { name: t['subscription.choosePlan'] }).click();
  dialog = page.getByRole('dialog', { name: t['subscription.title'] });
  await expect(dialog.getByText(t['subscription.notConfigured'])).toBeVisible();
  await expect(dialog.getByRole('button', { name: t['subscription.activate'] })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: t['subscription.needInvoice'] })).toBeVisible();
  await dialog.getByRole('button', { name: t['common.cancel'] }).click();
  await page.unroute('**/graphql');
  await page.reload();
});

test('a declined card shows Stripe’s message; a good card activates the subscription and the banner goes', async () => {
  const t = catalogs.en;
  const banner = page.getByTestId('subscription-banner');
  await banner.getByRole('button', { name: t['subscription.choosePlan'] }).click();
  const dialog = page.getByRole('dialog', { name: t['subscription.title'] });
  await expect(dialog.getByTestId('stripe-standin')).toBeVisible();
  const activate = dialog.getByRole('button', { name: t['subscription.activate'] });

  // The company invoice's fields are required once asked for.
  await dialog.getByText(t['subscription.needInvoice']).click();
  await typeCard(page, '4242 4242 4242 4242');
  await activate.click();
  await expect(dialog.getByText(t['subscription.enterCompanyName'])).toBeVisible();
  await dialog.getByLabel(t['subscription.companyName']).fill('Skaistumkopšana SIA');
  await dialog.getByLabel(t['subscription.companyReg']).fill('40103000001');
  await dialog.getByLabel(t['subscription.companyAddress']).fill('Brīvības iela 1, Rīga');

  await typeCard(page, '4000 0000 0000 0002');
  await activate.click();
  await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(banner).toBeVisible();

  await typeCard(page, '4242 4242 4242 4242');
  await activate.click();
  // The dialog says what was bought and when the first charge is: the day the trial ends (issue 59 item 1).
  await expect(dialog.getByTestId('subscribed')).toBeVisible();
  const state = await api<{ viewer: { salon: { subscription: { active: boolean; status: string; trialEndsAt: number } } } }>(
    page,
    '{ viewer { salon { subscription { active status trialEndsAt } } } }',
  );
  const { trialEndsAt, ...subscription } = state.data?.viewer.salon.subscription ?? { trialEndsAt: 0 };
  expect(subscription).toEqual({ active: true, status: 'trialing' });
  const ends = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Riga' }).format(new Date(trialEndsAt)).replaceAll('/', '.');
  await expect(dialog.getByTestId('subscribed')).toContainText(format(t, 'subscription.subscribed', 'en', { amount: '€24.20' }));
  await expect(dialog.getByTestId('subscribed')).toContainText(
    format(t, 'subscription.firstCharge', 'en', { amount: '€24.20', date: ends }),
  );
  await expect(banner).toHaveCount(0);
  await dialog.getByRole('button', { name: t['common.done'] }).click();
  await expect(dialog).toHaveCount(0);
});

test('the invoices list shows each invoice with its total and PDF, appending as Stripe bills', { tag: SERVICE_WORKER }, async () => {
  const t = catalogs.en;
  // Billing says when the trial ends, that its €0.00 invoice is the trial's and when the first €24.20 is charged.
  await page.goto('/salon/admin-settings');
  const trialEnd = await periodEndOf(page, salonId);
  await expect(page.getByTestId('billing-state')).toHaveText(format(t, 'billing.state.trialing', 'en', { date: dayOf(trialEnd) }));
  await expect(page.getByTestId('billing-next-charge')).toHaveText(`€24.20 on ${dayOf(trialEnd)}`);
  await expect(page.getByTestId('billing')).toContainText(
    format(t, 'billing.trialInvoice', 'en', { zero: '€0.00', amount: '€24.20', date: dayOf(trialEnd) }),
  );
  const shell = new SalonShell(page);
  const menu = await shell.openMenu(shell.userMenuButton);
  await menu.getByRole('menuitem', { name: t['menu.user.invoices'], exact: true }).click();
  await expect(page).toHaveURL(/\/salon\/invoices$/);
  const rows = page.getByTestId('subscription-invoice');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('€0.00');
  // Each invoice with the day it was made and its state (issue 59 item 1).
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Riga' }).format(new Date()).replaceAll('/', '.');
  await expect(rows.first().getByRole('cell')).toHaveText([/FAKE-0001/, today, '€0.00', t['subscription.invoices.state.paid'], /Download/]);
  await expect(page.getByTestId('trial-invoice-note')).toHaveText(format(t, 'subscription.invoices.trialNote', 'en', { zero: '€0.00' }));

  const subscription = await salonSubscriptionId(page, salonId);
  const billed = await page.request.post(`${FAKE_STRIPE_URL}/_fake/subscriptions/${subscription}/bill`);
  expect(billed.ok()).toBe(true);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('€24.20');
  // A renewal whose charge fails is listed as a failed payment.
  expect((await page.request.post(`${FAKE_STRIPE_URL}/_fake/subscriptions/${subscription}/fail`)).ok()).toBe(true);
  await page.reload();
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(t['subscription.invoices.state.failed']);
  await expect(rows.nth(1)).toContainText(t['subscription.invoices.state.paid']);
  const download = rows.first().getByRole('link', { name: /Download invoice/ });
  // The new tab shows the PDF in Chromium's viewer; the headless shell the e2e run uses has no viewer: it downloads
  // the file (Playwright gives the download to the page whose link opened the tab) and closes the tab.
  const downloaded = page.waitForEvent('download').then((file) => file.url());
  const [tab] = await Promise.all([page.context().waitForEvent('page'), download.click()]);
  const pdfUrl = await Promise.race([downloaded, tab.waitForURL(/\/invoices\/in_\w+\.pdf$/).then(() => tab.url())]);
  expect(pdfUrl).toMatch(/\/invoices\/in_\w+\.pdf$/);
  const file = await page.request.get(pdfUrl);
  expect(file.headers()['content-type']).toBe('application/pdf');
  if (!tab.isClosed()) await tab.close();

  // Pages of 20: the next page is appended as the last row scrolls into view.
  for (let i = 0; i < 20; i += 1)
    expect((await page.request.post(`${FAKE_STRIPE_URL}/_fake/subscriptions/${subscription}/bill`)).ok()).toBe(true);
  await page.reload();
  await expect(rows).toHaveCount(20);
  await rows.last().scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(23);
  await expect(rows.last()).toContainText('€0.00');
  const numbers = await rows.locator('td:first-child').allInnerTexts();
  expect(new Set(numbers).size).toBe(23);

  // Offline the page keeps the invoices read last and says when.
  await page.context().setOffline(true);
  await expect(page.getByText(/Offline: showing what was read on/)).toBeVisible();
  await expect(rows).toHaveCount(23);
  await page.context().setOffline(false);
});

test('after the trial, and after a failed payment, the banner is red in en, lv and ru', async () => {
  const banner = page.getByTestId('subscription-banner');
  // A salon whose trial ended with no subscription (the server's answer, as it would be two months on).
  await page.route('**/graphql', async (route) => {
    if (!(route.request().postData() ?? '').includes('SalonSubscription')) return route.fallback();
    const trialEndsAt = Date.now() - 86_400_000;
    await route.fulfill({
      json: { data: { viewer: { salon: { id: salonId, subscription: { active: false, status: null, trialEndsAt } } } } },
    });
  });
  await page.goto('/salon/appointments');
  await expect(banner).toContainText(catalogs.en['subscription.banner.trialEnded']);
  await expect(banner).toHaveClass(/is-danger/);
  await page.unroute('**/graphql');

  // The month's charge declined: Stripe's invoice stays open and the subscription is past due.
  const subscription = await salonSubscriptionId(page, salonId);
  const failed = await page.request.post(`${FAKE_STRIPE_URL}/_fake/subscriptions/${subscription}/fail`);
  expect(failed.ok()).toBe(true);
  await page.goto('/salon/appointments');
  await expect(banner).toContainText(catalogs.en['subscription.banner.paymentFailed']);
  await expect(banner).toHaveClass(/is-danger/);
  for (const [from, to] of [
    ['en', 'lv'],
    ['lv', 'ru'],
    ['ru', 'en'],
  ] as const) {
    await new SalonShell(page, catalogs[from]).chooseLanguage(catalogs[from][`lang.${to}`]);
    await expect(banner).toContainText(catalogs[to]['subscription.banner.paymentFailed']);
  }
});

test('a new card pays what is owed: one that declines the charge says so, the dialog waits while it works', async () => {
  const t = catalogs.en;
  const banner = page.getByTestId('subscription-banner');
  await banner.getByRole('button', { name: t['subscription.choosePlan'] }).click();
  const dialog = page.getByRole('dialog', { name: t['subscription.title'] });
  const activate = dialog.getByRole('button', { name: t['subscription.activate'] });
  await expect(activate).toBeEnabled();
  // It starts from the company on the invoices, so the new card keeps it (issue 59 item 1).
  await expect(dialog.getByLabel(t['subscription.companyName'])).toHaveValue('Skaistumkopšana SIA');

  // Set up fine, declined when charged: the card is kept, the invoice stays open, the dialog stays.
  await typeCard(page, '4000 0000 0000 0341');
  await activate.click();
  await expect(dialog.getByRole('alert')).toHaveText(t['subscription.notPaid']);
  await expect(banner).toContainText(t['subscription.banner.paymentFailed']);

  // While the card is confirmed, Activate, Cancel and × are disabled and Escape does not close the dialog.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('https://api.stripe.com/v1/setup_intents/**', async (route) => {
    await held;
    await route.fallback();
  });
  await typeCard(page, '4242 4242 4242 4242');
  await activate.click();
  await expect(activate).toBeDisabled();
  await expect(activate.locator('.btn-spinner')).toBeVisible();
  await expect(dialog.getByRole('button', { name: t['common.cancel'] })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: t['common.close'] })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  release();
  // After the trial the first month is charged on Activate, and the dialog says so.
  await expect(dialog.getByTestId('subscribed')).toContainText(format(t, 'subscription.firstChargeToday', 'en', { amount: '€24.20' }));
  await expect(banner).toHaveCount(0);
  await dialog.getByRole('button', { name: t['common.done'] }).click();
  await expect(dialog).toHaveCount(0);
  await page.unroute('https://api.stripe.com/v1/setup_intents/**');
  const state = await api<{ viewer: { salon: { subscription: { active: boolean; status: string } } } }>(
    page,
    '{ viewer { salon { subscription { active status } } } }',
  );
  expect(state.data?.viewer.salon.subscription).toEqual({ active: true, status: 'active' });
});

test('Billing: past due names what is owed, Change card keeps the company and pays it, the card on file changes', async () => {
  const t = catalogs.en;
  const subscription = await salonSubscriptionId(page, salonId);
  expect((await page.request.post(`${FAKE_STRIPE_URL}/_fake/subscriptions/${subscription}/fail`)).ok()).toBe(true);
  await page.goto('/salon/admin-settings');
  const billing = page.getByTestId('billing');
  await expect(page.getByTestId('billing-state')).toHaveText(t['billing.state.pastDue']);
  await expect(billing).toContainText(format(t, 'billing.owed', 'en', { amount: '€24.20' }));
  await expect(page.getByTestId('billing-next-charge')).toHaveText(t['billing.noNextCharge']);
  await expect(page.getByTestId('billing-card')).toHaveText(/^Visa ending in 4242, expires 12\/20\d\d$/);

  await billing.getByRole('button', { name: t['billing.changeCard'] }).click();
  const dialog = page.getByRole('dialog', { name: t['subscription.changeCardTitle'] });
  // The banner's dialog kept the company with the last card; this one starts from it, and it can be changed.
  await expect(dialog.getByRole('checkbox', { name: t['subscription.needInvoice'] })).toBeChecked();
  await expect(dialog.getByLabel(t['subscription.companyName'])).toHaveValue('Skaistumkopšana SIA');
  await expect(dialog.getByLabel(t['subscription.companyReg'])).toHaveValue('40103000001');
  await dialog.getByLabel(t['subscription.companyAddress']).fill('Brīvības iela 2, Rīga');
  await typeCard(page, '5555 5555 5555 4444');
  await dialog.getByRole('button', { name: t['subscription.saveCard'] }).click();
  await expect(dialog.getByTestId('card-changed')).toHaveText(new RegExp(t['subscription.cardChanged']));
  await dialog.getByRole('button', { name: t['common.done'] }).click();
  await expect(page.getByTestId('billing-state')).toHaveText(t['billing.state.active']);
  await expect(page.getByTestId('billing-card')).toHaveText(/^Mastercard ending in 4444, expires 12\/20\d\d$/);
  const periodEnd = await periodEndOf(page, salonId);
  await expect(page.getByTestId('billing-next-charge')).toHaveText(`€24.20 on ${dayOf(periodEnd)}`);
  await expect(page.getByTestId('subscription-banner')).toHaveCount(0);
});

test(
  'Billing: Cancel asks first and keeps access until the period ends, Resume undoes it; en, lv, ru; offline',
  { tag: SERVICE_WORKER },
  async () => {
    const billing = page.getByTestId('billing');
    const state = page.getByTestId('billing-state');
    const ends = dayOf(await periodEndOf(page, salonId));
    let t = catalogs.en;
    // Change card starts from the company on the invoices, so a new card does not drop it.
    await billing.getByRole('button', { name: t['billing.changeCard'] }).click();
    const changeCard = page.getByRole('dialog', { name: t['subscription.changeCardTitle'] });
    await expect(changeCard.getByRole('checkbox', { name: t['subscription.needInvoice'] })).toBeChecked();
    await expect(changeCard.getByLabel(t['subscription.companyName'])).toHaveValue('Skaistumkopšana SIA');
    await expect(changeCard.getByLabel(t['subscription.companyReg'])).toHaveValue('40103000001');
    await changeCard.getByRole('button', { name: t['common.cancel'] }).click();
    await expect(changeCard).toHaveCount(0);

    await billing.getByRole('button', { name: t['billing.cancel'] }).click();
    const question = page.getByRole('dialog', { name: t['billing.cancelTitle'] });
    await expect(question).toContainText(format(t, 'billing.cancelQuestion', 'en', { date: ends }));
    await question.getByRole('button', { name: t['common.no'] }).click();
    await expect(state).toHaveText(t['billing.state.active']);
    await billing.getByRole('button', { name: t['billing.cancel'] }).click();
    await page.getByRole('dialog', { name: t['billing.cancelTitle'] }).getByRole('button', { name: t['common.yes'] }).click();
    await expect(state).toHaveText(format(t, 'billing.state.canceling', 'en', { date: ends }));
    await expect(page.getByTestId('billing-next-charge')).toHaveText(t['billing.noNextCharge']);
    await expect(billing.getByRole('button', { name: t['billing.cancel'] })).toHaveCount(0);
    // Paid until then: no banner.
    await expect(page.getByTestId('subscription-banner')).toHaveCount(0);

    for (const [from, to] of [
      ['en', 'lv'],
      ['lv', 'ru'],
    ] as const) {
      await new SalonShell(page, catalogs[from]).chooseLanguage(catalogs[from][`lang.${to}`]);
      t = catalogs[to];
      await expect(state).toHaveText(format(t, 'billing.state.canceling', to, { date: ends }));
      await expect(billing.getByRole('button', { name: t['billing.resume'] })).toBeVisible();
      await expect(page.getByTestId('billing-card')).toContainText('Mastercard');
    }

    // Offline: what was read last, when, and that changes need the network.
    await page.context().setOffline(true);
    await expect(billing.getByText(t['billing.needsNetwork'])).toBeVisible();
    await expect(billing.getByRole('button', { name: t['billing.resume'] })).toBeDisabled();
    await expect(billing.getByRole('button', { name: t['billing.changeCard'] })).toBeDisabled();
    await expect(state).toHaveText(format(t, 'billing.state.canceling', 'ru', { date: ends }));
    await page.context().setOffline(false);

    await billing.getByRole('button', { name: t['billing.resume'] }).click();
    await expect(state).toHaveText(t['billing.state.active']);
    await expect(page.getByTestId('billing-next-charge')).toContainText(ends);
    await new SalonShell(page, catalogs.ru).chooseLanguage(catalogs.ru['lang.en']);
    await expect(state).toHaveText(catalogs.en['billing.state.active']);
  },
);
