import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { SalonShell } from './pages/salon-shell';
import { logIn } from './support/flows';
import { catalogs, type Messages } from './support/i18n';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en, lv, ru } = catalogs;

/** Opens Calendar feed from the user menu and returns its dialog. */
async function openFeed(page: Page, t: Messages) {
  const shell = new SalonShell(page, t);
  const menu = await shell.openMenu(shell.userMenuButton);
  await menu.getByRole('menuitem', { name: t['menu.user.calendarFeed'] }).click();
  const dialog = page.getByRole('dialog', { name: t['calendarFeed.title'] });
  await expect(dialog).toBeVisible();
  return dialog;
}

const yes = (page: Page, t: Messages) =>
  page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: t['common.yes'] });

/**
 * A master's calendar feed (issue 58 item 5): from the user menu, turned on, copied, read as a calendar app reads it,
 * made anew (the old address ends), shown offline as last read, turned off. The demo salon's owner is not one of its
 * masters, so her menu has no feed.
 */
test(
  'a master turns the calendar feed on, copies it, renews it, sees it offline and turns it off',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, DEMO.master.email, DEMO_PASSWORD);
    let dialog = await openFeed(page, en);
    await dialog.getByRole('button', { name: en['calendarFeed.turnOn'] }).click();
    await expect(dialog.getByText(en['calendarFeed.turnedOn'])).toBeVisible();
    const address = dialog.getByRole('textbox', { name: en['calendarFeed.address'] });
    const first = await address.inputValue();
    expect(first).toMatch(/\/calendar\/[0-9a-f]{24}\.[A-Za-z0-9_-]{32}\.ics$/);
    await expect(dialog.getByRole('img', { name: en['calendarFeed.qr'] })).toBeVisible();
    await expect(dialog.getByRole('link', { name: en['calendarFeed.subscribe'] })).toHaveAttribute(
      'href',
      first.replace(/^https?:/, 'webcal:'),
    );

    await dialog.getByRole('button', { name: en['calendarFeed.copy'] }).click();
    await expect(dialog.getByText(en['calendarFeed.copied'])).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    // What a calendar app reads: the master's appointments, titled with the salon and the master.
    const feed = await page.request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toContain(`X-WR-CALNAME:${DEMO.master.salon} · ${DEMO.master.name.split(' ')[0]}`);
    expect(text).toMatch(/BEGIN:VEVENT\r\n[\s\S]*SUMMARY:.+ · .+\r\n/);

    await dialog.getByRole('button', { name: en['calendarFeed.renew'] }).click();
    await yes(page, en).click();
    await expect(dialog.getByText(en['calendarFeed.renewed'])).toBeVisible();
    const second = await address.inputValue();
    expect(second).not.toBe(first);
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(second)).status()).toBe(200);

    // Offline: the address read last, said to be that, and no change offered.
    // Escape closes it: after the confirmation, focus came back to its button, which waited for the answer enabled.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await context.setOffline(true);
    dialog = await openFeed(page, en);
    await expect(dialog.getByText(/^Offline: showing what was read on /)).toBeVisible();
    await expect(address).toHaveValue(second);
    await expect(dialog.getByRole('button', { name: en['calendarFeed.turnOff'] })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: en['calendarFeed.renew'] })).toBeDisabled();
    await context.setOffline(false);
    await expect(dialog.getByRole('button', { name: en['calendarFeed.turnOff'] })).toBeEnabled();

    await dialog.getByRole('button', { name: en['calendarFeed.turnOff'] }).click();
    await yes(page, en).click();
    await expect(dialog.getByText(en['calendarFeed.turnedOff'])).toBeVisible();
    await expect(dialog.getByRole('button', { name: en['calendarFeed.turnOn'] })).toBeVisible();
    expect((await page.request.get(second)).status()).toBe(404);
  },
);

test('the feed in Latvian and Russian: the dialog in the language, the calendar in the language it was turned on in', async ({ page }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const owner = new SalonShell(page, en);
  const menu = await owner.openMenu(owner.userMenuButton);
  await expect(menu.getByRole('menuitem', { name: en['menu.user.profile'] })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: en['menu.user.calendarFeed'] })).toHaveCount(0);
  await owner.closeMenu();
  await owner.signOut();
  await expect(page).toHaveURL(/\/$/);

  await logIn(page, DEMO.master.email, DEMO_PASSWORD);
  for (const [t, code] of [
    [lv, 'lv'],
    [ru, 'ru'],
  ] as const) {
    await new SalonShell(page, code === 'lv' ? en : lv).chooseLanguage(t[`lang.${code}`]);
    const dialog = await openFeed(page, t);
    await expect(dialog.getByText(t['calendarFeed.intro'])).toBeVisible();
    // On, from the first language; a new address, in the second one (the first was turned off).
    await dialog.getByRole('button', { name: t['calendarFeed.turnOn'] }).click();
    await expect(dialog.getByText(t['calendarFeed.turnedOn'])).toBeVisible();
    const url = await dialog.getByRole('textbox', { name: t['calendarFeed.address'] }).inputValue();
    const text = await (await page.request.get(url)).text();
    expect(text).toContain(`PRODID:-//salon-panel//calendar-feed//${code.toUpperCase()}`);
    await dialog.getByRole('button', { name: t['calendarFeed.turnOff'] }).click();
    await yes(page, t).click();
    await expect(dialog.getByText(t['calendarFeed.turnedOff'])).toBeVisible();
    await dialog.getByRole('button', { name: t['common.close'] }).click();
    await expect(dialog).toHaveCount(0);
  }
});
