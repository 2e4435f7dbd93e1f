import { expect, test } from '@playwright/test';
import { SalonShell } from './pages/salon-shell';
import { logIn, signUpOwnerElsewhere } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD, unique } from './support/users';

const { en, lv, ru } = catalogs;

test('Statistics: five tiles from the server, and the promo-code users filtered by code, in en, lv and ru', async ({ page, browser }) => {
  const code = `E2E-${unique()}`;
  const owner = await signUpOwnerElsewhere(browser, { promoCode: code });
  await logIn(page, DEMO.sysadmin.email, DEMO_PASSWORD, /\/salon\/salon-list$/);
  await page.getByRole('navigation', { name: en['menu.main'] }).getByRole('button', { name: en['menu.admin'], exact: true }).click();
  await page.getByRole('menuitem', { name: en['menu.admin.statistics'], exact: true }).click();
  await expect(page).toHaveURL(/\/salon\/statistics$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['screen.statistics']);

  for (const id of [
    'statistics.salons',
    'statistics.masters',
    'statistics.selfEmployed',
    'statistics.clients',
    'statistics.clientsInApp',
  ] as const)
    await expect(page.getByRole('region', { name: en[id], exact: true })).toContainText(/\d/);
  // The owner signed up this month with four masters: both figures are at least that.
  const salons = page.getByRole('region', { name: en['statistics.salons'], exact: true });
  await expect(salons.locator('.tile-value')).toHaveText(/^[1-9]\d*$/);
  await expect(salons).toContainText(/This month: [1-9]/);

  // Beyond the spec: sign-ups and new salons of the last 12 months, drawn.
  const chart = page.getByRole('img', { name: en['statistics.chart'] });
  await expect(chart.locator('canvas')).toBeVisible();
  // Its legend names the series without uPlot's "--" placeholders (issue 60 item 11).
  const legend = page.getByTestId('signups-chart').locator('.u-legend');
  await expect(legend).toContainText(en['statistics.chart.signUps']);
  await expect(legend).not.toContainText('--');

  const table = page.getByRole('table', { name: en['statistics.promoCodes'] });
  await expect(table.getByRole('row').filter({ hasText: owner.lastName })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(en['statistics.allPromoCodes']) }).click();
  await page.getByRole('option', { name: code, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(owner.lastName);
  await expect(page.getByTestId('promo-total')).toHaveText('Total records: 1');
  // The code chosen is kept for the session (part 1 §1; issue 60 item 1): away to the salon list and back.
  await page.getByRole('navigation', { name: en['menu.main'] }).getByRole('button', { name: en['menu.admin'], exact: true }).click();
  await page.getByRole('menuitem', { name: en['menu.admin.salons'], exact: true }).click();
  await expect(page).toHaveURL(/\/salon\/salon-list$/);
  await page.getByRole('navigation', { name: en['menu.main'] }).getByRole('button', { name: en['menu.admin'], exact: true }).click();
  await page.getByRole('menuitem', { name: en['menu.admin.statistics'], exact: true }).click();
  await expect(page.getByTestId('promo-total')).toHaveText('Total records: 1');
  await expect(page.getByRole('button', { name: new RegExp(code) })).toBeVisible();

  const shell = new SalonShell(page);
  await shell.chooseLanguage(en['lang.lv']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lv['screen.statistics']);
  await expect(page.getByRole('region', { name: lv['statistics.selfEmployed'], exact: true })).toBeVisible();
  await expect(page.getByTestId('promo-total')).toHaveText('Kopā ierakstu: 1');
  await new SalonShell(page, lv).chooseLanguage(lv['lang.ru']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ru['screen.statistics']);
  await expect(page.getByRole('region', { name: ru['statistics.clientsInApp'], exact: true })).toBeVisible();
});

test("Statistics is the sysadmin's: an owner opening it gets no figures", async ({ page }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  await page.goto('/salon/statistics');
  await expect(page.getByTestId('statistics-tiles')).toHaveCount(0);
});
