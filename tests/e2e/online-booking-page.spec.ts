import { expect, type Browser, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { signUpOwner } from './support/flows';
import { catalogs, type Messages } from './support/i18n';
import { waitForMailLink, waitForMailWith } from './support/mailbox';
import { bookablePage, bookThroughApi, type BookablePage } from './support/online-booking';
import { unique } from './support/users';
import { waitForServiceWorkerControl } from './support/browser';
import { say } from './support/money-flow';
import { expectNoSeriousViolations } from './support/axe';
import { waitForSmsWith } from './support/sms-log';

/**
 * The booking page clients open (issue 61 items 2, 4, 5, 8), on a phone (390 x 844) in en, lv and ru: services, a
 * master, a day and a time, the details and the code by e-mail (by SMS in lv); the confirmation mail's manage link moves the visit and
 * cancels it. A tablet booking the same time offline loses to the client and gets its booking back with the message.
 */
const { en } = catalogs;
const LOCALES = { en: 'en-US', lv: 'lv-LV', ru: 'ru-RU' } as const;

/** A phone-sized browser in `lang`, as a client opens the page from a link. */
async function phone(browser: Browser, lang: keyof typeof LOCALES): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: LOCALES[lang],
    timezoneId: 'Europe/Riga',
  });
  return context.newPage();
}

/** On the page: the salon's one service, its one master, tomorrow at `time`. */
async function chooseVisit(client: Page, t: Messages, booking: BookablePage, time: string) {
  await client.getByRole('checkbox').first().check();
  await client.getByRole('button', { name: t['book.next'], exact: true }).click();
  await expect(client.getByRole('heading', { level: 2 })).toHaveText(t['book.masterTitle']);
  await client.getByRole('radio').nth(1).check();
  await client.getByRole('button', { name: t['book.next'], exact: true }).click();
  await expect(client.getByRole('heading', { level: 2, name: t['book.timeTitle'] })).toBeVisible();
  await client.locator(`[data-date="${booking.date}"]`).click();
  await client.getByRole('button', { name: time, exact: true }).click();
}

/** The details, a national number in the salon's country, the code from the mail (or by SMS): booked. */
async function confirmDetails(client: Page, t: Messages, by: 'EMAIL' | 'SMS' = 'EMAIL'): Promise<string> {
  const email = `client-${unique()}@example.test`;
  await expect(client.getByRole('heading', { level: 2 })).toHaveText(t['book.detailsTitle']);
  // Nothing filled: each field says what it needs, nothing is sent.
  await expect(client.getByTestId('captcha').getByRole('checkbox')).toBeChecked();
  await client.getByRole('button', { name: t['book.sendCode'] }).click();
  await expect(client.getByText(t['book.enterFirstName'])).toBeVisible();
  await expect(client.getByText(t['book.enterEmail'])).toBeVisible();
  await client.getByRole('textbox', { name: t['book.firstName'], exact: true }).fill('Ilze');
  await client.getByRole('textbox', { name: t['book.lastName'], exact: true }).fill('Kalniņa');
  const national = `2${String(Date.now()).slice(-7)}`;
  await client.getByRole('textbox', { name: t['book.phone'], exact: true }).fill(national);
  await client.getByRole('textbox', { name: t['book.email'], exact: true }).fill(email);
  // The salon sends SMS: the code may come either way.
  if (by === 'SMS') await client.getByRole('radio', { name: t['book.codeBySms'], exact: true }).check();
  await client.getByRole('button', { name: t['book.sendCode'] }).click();
  let code: string;
  if (by === 'SMS') {
    // The number typed without its code is the salon's country's.
    await expect(client.getByText(t['book.codeSentSms'].replace('{phone}', `+371${national}`))).toBeVisible();
    code = /\b(\d{6})\b/.exec((await waitForSmsWith(`+371${national}`, '')).body)?.[1] as string;
  } else {
    await expect(client.getByText(t['book.codeSent'].replace('{email}', email))).toBeVisible();
    // The first mail to this new address is the code's.
    code = /\b(\d{6})\b/.exec(await waitForMailWith(email, ''))?.[1] as string;
  }
  // A wrong code is refused on its field.
  await client.getByLabel(t['book.code'], { exact: true }).fill(code === '000000' ? '111111' : '000000');
  await client.getByRole('button', { name: t['book.confirm'] }).click();
  await expect(client.getByText(t['book.codeInvalid'])).toBeVisible();
  await client.getByLabel(t['book.code'], { exact: true }).fill(code);
  await client.getByRole('button', { name: t['book.confirm'] }).click();
  await expect(client.getByRole('heading', { level: 2 })).toHaveText(t['book.doneTitle']);
  return email;
}

for (const lang of ['en', 'lv', 'ru'] as const) {
  test(`a client books on a phone in ${lang}, then moves and cancels the visit from the mail's link`, async ({ page, browser }) => {
    const t = catalogs[lang];
    await signUpOwner(page, { phone: `+3712${String(Date.now()).slice(-7)}` });
    const booking = await bookablePage(page);
    const client = await phone(browser, lang);
    await client.goto(`/book/${booking.slug}`);
    await expect(client.locator('html')).toHaveAttribute('lang', lang);
    await expect(client.getByRole('heading', { level: 2 })).toHaveText(t['book.servicesTitle']);
    await expectNoSeriousViolations(client, `the booking page in ${lang}`);
    await chooseVisit(client, t, booking, '10:00');
    // In Latvian the code comes by SMS.
    const email = await confirmDetails(client, t, lang === 'lv' ? 'SMS' : 'EMAIL');
    await expect(client.locator('dl')).toContainText('10:00');

    const manage = await waitForMailLink(email, '/book/manage/');
    await client.goto(manage);
    await expect(client.getByRole('heading', { level: 2 })).toHaveText(t['book.manageTitle']);
    await expect(client.locator('dl')).toContainText('10:00');
    await expectNoSeriousViolations(client, `the manage page in ${lang}`);
    await client.getByRole('button', { name: t['book.move'] }).click();
    await client.locator(`[data-date="${booking.date}"]`).click();
    await client.getByRole('button', { name: '11:30', exact: true }).click();
    await client.getByRole('button', { name: new RegExp(t['book.moveTo'].replace('{when}', '.*11:30')) }).click();
    await expect(client.getByRole('status').filter({ hasText: t['book.moved'] })).toBeVisible();
    await expect(client.locator('dl')).toContainText('11:30');
    await client.getByRole('button', { name: t['book.cancel'] }).click();
    await client.getByRole('button', { name: t['book.cancelYes'] }).click();
    await expect(client.getByRole('status').filter({ hasText: t['book.cancelled'] })).toBeVisible();
    await expect(client.getByRole('button', { name: t['book.move'] })).toHaveCount(0);
    // The owner's timetable has nothing left of it.
    await page.goto(`/salon/appointments?date=${booking.date}`);
    await expect(page.getByTestId('tt-col-head')).toHaveCount(1);
    await expect(page.getByTestId('tt-card')).toHaveCount(0);
    await client.context().close();
  });
}

test(
  'offline, the page says there is no connection and goes on when the line is back',
  { tag: SERVICE_WORKER },
  async ({ page, browser }) => {
    await signUpOwner(page, { phone: `+3712${String(Date.now()).slice(-7)}` });
    const booking = await bookablePage(page);
    const client = await phone(browser, 'en');
    await client.goto(`/book/${booking.slug}`);
    await client.getByRole('checkbox').first().check();
    await client.getByRole('button', { name: en['book.next'], exact: true }).click();
    await client.context().setOffline(true);
    await client.getByRole('button', { name: en['book.next'], exact: true }).click();
    await expect(client.getByRole('alert')).toHaveText(en['book.offline']);
    await client.context().setOffline(false);
    await expect(client.getByRole('alert')).toHaveCount(0);
    await expect(client.locator(`[data-date="${booking.date}"]`)).toBeEnabled();
    await client.locator(`[data-date="${booking.date}"]`).click();
    await expect(client.getByRole('button', { name: '10:00', exact: true })).toBeVisible();
    await client.context().close();
  },
);

test('an address that is no page answers 404 and says so in the client’s language', async ({ browser }) => {
  const client = await phone(browser, 'ru');
  const response = await client.goto(`/book/no-such-${unique()}`.toLowerCase());
  expect(response?.status()).toBe(404);
  await expect(client.getByText(catalogs.ru['book.notFound'])).toBeVisible();
  // The language switch is there too.
  await client.getByRole('button', { name: catalogs.en['lang.en'] }).click();
  await expect(client.getByText(en['book.notFound'])).toBeVisible();
  await client.context().close();
});

test(
  'a tablet booking offline the time a client takes on the page gets its booking back with the message',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await signUpOwner(page, { phone: `+3712${String(Date.now()).slice(-7)}` });
    const booking = await bookablePage(page);
    await page.goto(`/salon/appointments?date=${booking.date}`);
    await expect(page.getByTestId('tt-col-head')).toHaveCount(1);
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    try {
      await page.getByRole('button', { name: new RegExp(`^${en['timetable.slot'].split(':')[0]}: .*, 10:00$`) }).click();
      const form = page.getByRole('dialog', { name: en['appointment.new'] });
      await form.getByRole('combobox', { name: en['appointment.service'] }).click();
      await page.getByRole('option').filter({ hasText: /.+/ }).nth(1).click();
      await form.getByRole('button', { name: new RegExp(en['appointment.startTime']) }).click();
      await page.getByRole('option', { name: '10:00', exact: true }).click();
      await form.getByRole('button', { name: en['appointment.create'] }).click();
      await expect(form).toHaveCount(0);
      // Meanwhile a client takes 10:00 with the same master on the page.
      const other = await context.browser()!.newContext();
      await bookThroughApi(await other.newPage(), booking, `${booking.date} 10:00`, booking.masterId);
      await other.close();
    } finally {
      await context.setOffline(false);
    }
    const banner = page.getByTestId('refusal-banner');
    await expect(banner.getByRole('alert')).toHaveText(say('en', 'refusals.bookings', { count: 1 }), { timeout: 15000 });
    await expect(banner).toContainText(en['appointment.overlaps']);
    // The client's booking is the one on the grid, marked as made online.
    const card = page.getByTestId('tt-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('img', { name: en['timetable.byClient'] })).toBeVisible();
    await banner.getByRole('button', { name: en['conflicts.open'] }).click();
    await expect(page.getByRole('dialog', { name: en['appointment.new'] })).toContainText(en['appointment.overlaps']);
  },
);
