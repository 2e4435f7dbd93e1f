import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { logIn } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en } = catalogs;

/** A screen's main button: the filled one in its header or toolbar that is not a chosen view. */
const MAIN_BUTTON =
  '.page-header .btn-primary:not([disabled]):not([aria-pressed]), .toolbar .btn-primary:not([disabled]):not([aria-pressed])';

/** The owner's screens whose header opens a dialog to add a row (New Appointment on the day list). */
const LIST_SCREENS = [
  '/salon/appointments?view=list',
  '/salon/clients',
  '/salon/inventory',
  '/salon/staff',
  '/salon/cabinets',
  '/salon/memberships',
  '/salon/settings/services',
  '/salon/settings/manufacturers',
  '/salon/settings/schedule',
  '/salon/settings/administrators',
];

/**
 * axe over every screen of each role and the dialog its header's main button opens (issue 63 item 7), with WCAG
 * 2.2's target size on. Read only: each dialog is closed with Escape, which also checks that Escape reaches it.
 */
async function screenAndItsDialog(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page, path);
  // The header's or toolbar's main button, where the screen has one that opens a dialog.
  const main = page.locator(MAIN_BUTTON).first();
  if ((await main.count()) === 0) return null;
  const label = (await main.textContent())?.trim() ?? '';
  await main.click();
  const dialog = page.getByRole('dialog');
  // Some main buttons open no dialog (Generate on a report): then there is none to look at.
  const opened = await dialog
    .first()
    .waitFor({ timeout: 3000 })
    .then(
      () => true,
      () => false,
    );
  if (!opened) return null;
  await expectNoSeriousViolations(page, `${path} › ${label}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  return label;
}

test('every owner screen and its main dialog pass axe, target size included', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const opened: string[] = [];
  for (const path of [
    '/salon/appointments?view=grid',
    ...LIST_SCREENS,
    '/salon/reports',
    '/salon/settings',
    '/salon/admin-settings',
    '/salon/owner-settings',
    '/salon/master-appointments',
    '/salon/invoices',
    '/salon/seminars',
  ]) {
    const label = await screenAndItsDialog(page, path);
    if (label) opened.push(label);
  }
  // The dialogs opened from the headers, so the loop did look at some (New Appointment, New client, …).
  expect(opened).toContain(en['timetable.newAppointment']);
  expect(opened.length).toBeGreaterThanOrEqual(8);

  // Edit Appointment on its Invoice tab, the Sale dialog and the profile.
  await page.goto('/salon/appointments?view=grid');
  await page.getByTestId('tt-card').first().click();
  const edit = page.getByRole('dialog', { name: en['appointment.edit'] });
  await expect(edit).toBeVisible();
  await expectNoSeriousViolations(page, 'Edit Appointment');
  await edit.getByRole('tab', { name: en['invoice.tab'], exact: true }).click();
  await expectNoSeriousViolations(page, 'Edit Appointment › Invoice');
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
  await page.getByRole('button', { name: en['sale.button'], exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'Sale');
  await page.keyboard.press('Escape');
});

test('the master, sysadmin and supplier screens pass axe, target size included', async ({ browser }) => {
  test.setTimeout(180_000);
  const as = async (email: string, landing: RegExp, paths: string[]) => {
    const page = await (await browser.newContext()).newPage();
    await logIn(page, email, DEMO_PASSWORD, landing);
    for (const path of paths) await screenAndItsDialog(page, path);
    await page.context().close();
  };
  await as(DEMO.master.email, /\/salon\/appointments$/, [
    '/salon/appointments?view=grid',
    '/salon/appointments?view=list',
    '/salon/seminars',
  ]);
  await as(DEMO.sysadmin.email, /\/salon\/salon-list$/, ['/salon/salon-list', '/salon/suppliers-list', '/salon/statistics']);
  await as(DEMO.supplier.email, /\/supplier\/seminars$/, ['/supplier/seminars', '/supplier/warehouse']);
});

test('at 360 px every main dialog fits the screen with all its buttons reachable (issue 63)', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })).newPage();
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  // On a phone the main links and the settings are one menu (the strip of links was unreadable at 320 px).
  const nav = page.getByRole('navigation', { name: en['menu.main'] });
  await expect(nav.getByRole('link')).toHaveCount(0);
  await nav.getByRole('button', { name: en['menu.main'] }).click();
  await expect(page.getByRole('menuitem', { name: en['menu.settings.schedule'] })).toBeVisible();
  await page.getByRole('menuitem', { name: en['menu.staff'] }).click();
  await expect(page).toHaveURL(/\/salon\/staff$/);
  const checked: string[] = [];
  for (const path of LIST_SCREENS) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    const main = page.locator(MAIN_BUTTON).first();
    if ((await main.count()) === 0) continue;
    await main.click();
    await expectFits(page, path);
    checked.push(path);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  expect(checked.length).toBeGreaterThanOrEqual(8);

  // The front desk's own dialogs: Edit Appointment (its footer once ran off the left edge), its Invoice tab, Sale.
  await page.goto('/salon/appointments?view=list');
  await page.getByTestId('agenda-item').first().click();
  const edit = page.getByRole('dialog', { name: en['appointment.edit'] });
  await expectFits(page, 'Edit Appointment');
  await edit.getByRole('tab', { name: en['invoice.tab'], exact: true }).click();
  await expectFits(page, 'Edit Appointment › Invoice');
  await edit.getByRole('tab', { name: en['clientMessages.list.tab'], exact: true }).click();
  await expectFits(page, 'Edit Appointment › Messages');
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
  await page.getByRole('button', { name: en['sale.button'], exact: true }).click();
  await expectFits(page, 'Sale');
  await page.keyboard.press('Escape');

  // The client dialog's four tabs (its Messages list the last) take a second row rather than push it sideways.
  await page.goto('/salon/clients');
  await page.getByTestId('client-row').first().getByRole('button').first().click();
  const client = page.getByRole('dialog').first();
  await client.getByRole('tab', { name: en['clientMessages.list.tab'], exact: true }).click();
  await expect(client.getByTestId('client-message-list')).toBeVisible();
  await expectFits(page, 'Client › Messages');
});

/** The open dialog is no wider than the 360 px screen, nor is the page, and every button and tab in it is within it once scrolled to. */
async function expectFits(page: Page, where: string) {
  const dialog = page.getByRole('dialog').first();
  await expect(dialog).toBeVisible();
  const wide = await dialog.evaluate((d) => ({
    dialog: Math.round(d.getBoundingClientRect().width),
    page: document.documentElement.scrollWidth,
  }));
  expect(wide.page, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(360);
  expect(wide.dialog, `${where}: the dialog is wider than the screen`).toBeLessThanOrEqual(360);
  // Nothing in it is laid out past its sides (a row of tabs too wide pushes its content sideways); a table's own
  // scroller may hold a wider table.
  const outside = await dialog.evaluate((d) => {
    const box = d.getBoundingClientRect();
    return [...d.querySelectorAll('[role="tab"], h2, h3')]
      .filter((el) => !el.closest('.table-scroll'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
      })
      .map((el) => (el.textContent ?? '').trim().slice(0, 40));
  });
  expect(outside, `${where}: laid out past the dialog's sides`).toEqual([]);
  for (const button of [...(await dialog.getByRole('button').all()), ...(await dialog.getByRole('tab').all())]) {
    if (!(await button.isVisible())) continue;
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
    expect(box, `${where}: ${name}`).not.toBeNull();
    expect(box!.x, `${where}: ${name} starts off the left edge`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${where}: ${name} ends off the right edge`).toBeLessThanOrEqual(360.5);
  }
}
