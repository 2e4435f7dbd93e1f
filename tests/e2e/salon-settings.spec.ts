import { expect, type Browser } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { SalonShell } from './pages/salon-shell';
import { SettingsPage } from './pages/settings-page';
import { logIn, signUpOwner, signUpOwnerElsewhere } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD, unique } from './support/users';

const { en, lv, ru } = catalogs;

async function freshSettings(page: Parameters<typeof signUpOwner>[0]) {
  const owner = await signUpOwner(page, { phone: '+371 2000 1234' });
  const settings = new SettingsPage(page);
  await settings.openFromMenu();
  return { owner, settings };
}

async function secondDevice(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, password);
  const settings = new SettingsPage(page);
  await settings.openFromMenu();
  return { context, settings };
}

test('General Settings: the salon form shows its values, checks the spec rules and saves', async ({ page }) => {
  const { owner, settings } = await freshSettings(page);
  await expect(settings.field('settings.salonName')).toHaveValue(owner.salonName);
  await expect(settings.field('settings.address')).toHaveValue(owner.salonAddress);
  await expect(settings.select('settings.startAt')).toContainText('08:00');
  await expect(settings.select('settings.endAt')).toContainText('20:00');
  await expect(settings.select('settings.step')).toContainText('00:30');
  await expect(settings.save).toBeDisabled();

  await settings.field('settings.salonName').fill('');
  await settings.field('settings.address').click();
  await expect(settings.field('settings.salonName')).toHaveAccessibleDescription(en['settings.enterName']);
  await settings.field('settings.salonName').fill(`Renamed ${unique()}`);

  // Step 01:00 with a start at half past: the spec's whole-hour rule.
  await settings.choose('settings.startAt', '08:30');
  await settings.choose('settings.step', '01:00');
  await settings.save.click();
  await expect(page.getByText(en['settings.enterStartTime'], { exact: true })).toBeVisible();
  await settings.choose('settings.startAt', '09:00');
  await expect(page.getByText(en['settings.enterStartTime'], { exact: true })).toHaveCount(0);

  const address = `Skolas iela ${unique()}`;
  await settings.field('settings.address').fill(address);
  await page.getByRole('radio', { name: en['settings.format.12h'] }).check({ force: true });
  await expect(settings.select('settings.startAt')).toContainText('09:00 AM');
  await settings.save.click();
  await expect(settings.message('settings.saved')).toBeVisible();
  await expect(settings.save).toBeDisabled();

  await page.reload();
  await expect(settings.heading).toHaveText(en['screen.settings']);
  await expect(settings.field('settings.address')).toHaveValue(address);
  await expect(settings.select('settings.startAt')).toContainText('09:00 AM');
  await expect(settings.select('settings.step')).toContainText('01:00');

  // One formatter for salon times (the timetable's formatHour is the same function): Schedule Settings and its dialog.
  await page.goto('/salon/settings/schedule?date=2031-03-03');
  const grid = page.getByRole('grid', { name: en['schedule.grid'] });
  await expect(grid.getByRole('rowheader')).toContainText('09:00 AM');
  await expect(grid.getByRole('rowheader')).toContainText('01:00 PM');
  await grid
    .getByRole('button', { name: /01:00 PM$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: en['workingTime.new.title'] });
  await dialog.getByRole('button', { name: new RegExp(`${en['workingTime.end']}$`) }).click();
  await expect(page.getByRole('option', { name: '03:00 PM', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('General Settings: a salon name of another salon is refused on the name field', async ({ page, browser }) => {
  const other = await signUpOwnerElsewhere(browser);
  const { settings } = await freshSettings(page);
  await settings.field('settings.salonName').fill(other.salonName);
  await settings.save.click();
  await expect(settings.field('settings.salonName')).toHaveAccessibleDescription(en['error.salon.nameExists']);
});

test('the switches save at once and reach another device; Show/Hide Archive stays for the owner', async ({ page, browser }) => {
  const { owner, settings } = await freshSettings(page);
  const shell = new SalonShell(page);
  await expect(settings.switch('settings.enableArchive')).not.toBeChecked();
  await expect(settings.switch('settings.masterPanelLogin')).toBeChecked();
  // The spec's rule (decision 033) until the salon turns it off (issue 63).
  await expect(settings.switch('settings.mastersEditOthers')).toBeChecked();
  await settings.switch('settings.enableArchive').click({ force: true });
  await settings.switch('settings.hideClientPhone').click({ force: true });
  await settings.switch('settings.reportByType').click({ force: true });
  await expect(settings.switch('settings.enableArchive')).toBeChecked();
  await expect(settings.switch('settings.hideClientPhone')).toBeChecked();
  await expect(settings.switch('settings.reportByType')).toBeChecked();

  const menu = await shell.openMenu(shell.navButton('menu.settings'));
  await expect(menu.getByRole('menuitem', { name: en['menu.settings.showArchive'] })).toBeVisible();
  await shell.closeMenu();

  const other = await secondDevice(browser, owner.email, owner.password);
  try {
    await expect(other.settings.switch('settings.enableArchive')).toBeChecked();
    await expect(other.settings.switch('settings.hideClientPhone')).toBeChecked();
    await expect(other.settings.switch('settings.reportByType')).toBeChecked();
    await expect(other.settings.switch('settings.masterPanelLogin')).toBeChecked();
    // A change on this device reaches the other by poke and pull.
    await settings.switch('settings.reportByType').click({ force: true });
    await expect(other.settings.switch('settings.reportByType')).not.toBeChecked();
    await settings.switch('settings.mastersEditOthers').click({ force: true });
    await expect(other.settings.switch('settings.mastersEditOthers')).not.toBeChecked();
  } finally {
    await other.context.close();
  }
});

test('Delete appointments: enabled only by the exact word, archives the range up to today', async ({ page }) => {
  const { settings } = await freshSettings(page);
  await expect(page.getByText(en['settings.deleteHistory.prompt'], { exact: true })).toBeVisible();
  await expect(settings.deleteButton).toBeDisabled();
  await settings.pickTodayAsRange();
  // The deletion range reads 'MMM D YYYY' (part 2 §9), e.g. 'Nov 25 2026 – Nov 25 2026'.
  await expect(page.getByTestId('range-button')).toHaveText(/^[A-Z][a-z]{2} \d{1,2} \d{4} – [A-Z][a-z]{2} \d{1,2} \d{4}/);
  await settings.field('settings.deleteHistory.word').fill('delete');
  await expect(settings.deleteButton).toBeDisabled();
  await settings.field('settings.deleteHistory.word').fill('Delete ');
  await expect(settings.deleteButton).toBeDisabled();
  await settings.field('settings.deleteHistory.word').fill('Delete');
  await expect(settings.deleteButton).toBeEnabled();
  await settings.deleteButton.click();
  await expect(settings.message('settings.deleteHistory.done')).toBeVisible();
  await expect(settings.field('settings.deleteHistory.word')).toHaveValue('');
  await expect(settings.deleteButton).toBeDisabled();
});

test(
  'offline: a settings change is kept on the device and synced when back online',
  { tag: SERVICE_WORKER },
  async ({ page, context, browser }) => {
    const { owner, settings } = await freshSettings(page);
    const shell = new SalonShell(page);
    await expect(shell.status).toHaveText(en['status.online']);
    const address = `Offline iela ${unique()}`;
    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(en['status.offline']);
      await settings.field('settings.address').fill(address);
      await settings.save.click();
      await expect(settings.message('settings.savedOffline')).toBeVisible();
      await settings.switch('settings.reportByType').click({ force: true });
      await expect(settings.switch('settings.reportByType')).toBeChecked();
      await expect(page.getByTestId('pending-count')).toBeVisible();
      // At 1280 px the user's name stays beside the avatar and the bar keeps one row (issue 22 item 5).
      await expect(shell.userMenuButton).toContainText(owner.firstName);
      await expect(shell.userMenuButton.locator('.user-name')).toBeVisible();
      const row = async (locator: typeof shell.status) => Math.round(((await locator.boundingBox())?.y ?? 0) / 20);
      expect(await row(shell.userMenuButton)).toBe(await row(page.getByRole('link', { name: en['menu.clients'], exact: true })));
    } finally {
      await context.setOffline(false);
    }
    await expect(shell.status).toHaveText(en['status.online']);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);

    const other = await secondDevice(browser, owner.email, owner.password);
    try {
      await expect(other.settings.field('settings.address')).toHaveValue(address);
      await expect(other.settings.switch('settings.reportByType')).toBeChecked();
    } finally {
      await other.context.close();
    }
  },
);

for (const [lang, t] of [
  ['lv', lv],
  ['ru', ru],
] as const) {
  test(`General Settings speaks ${lang}`, async ({ page }) => {
    await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
    await new SalonShell(page, en).chooseLanguage(en[`lang.${lang}`]);
    const settings = new SettingsPage(page, t);
    await settings.openFromMenu();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    for (const id of ['settings.salonName', 'settings.address'] as const) await expect(settings.field(id)).toBeVisible();
    const switches = [
      'settings.enableArchive',
      'settings.hideClientPhone',
      'settings.masterPanelLogin',
      'settings.reportByType',
      'settings.mastersEditOthers',
    ] as const;
    for (const id of switches) await expect(settings.switch(id)).toBeVisible();
    await expect(page.getByText(t['settings.deleteHistory.prompt'], { exact: true })).toBeVisible();
    await settings.field('settings.address').fill('');
    await settings.field('settings.salonName').click();
    await expect(settings.field('settings.address')).toHaveAccessibleDescription(t['settings.enterAddress']);
  });
}
