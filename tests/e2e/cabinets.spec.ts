import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { CabinetsPage } from './pages/cabinets-page';
import { SalonShell } from './pages/salon-shell';
import { waitForServiceWorkerControl } from './support/browser';
import { logIn, signUpOwner } from './support/flows';
import { catalogs } from './support/i18n';

const { en, lv, ru } = catalogs;

async function freshSalonCabinets(page: Page) {
  const owner = await signUpOwner(page, { phone: '+371 2000 1234' });
  const cabinets = new CabinetsPage(page);
  await cabinets.openFromMenu();
  return { owner, cabinets };
}

test('cabinets: empty text, the required default-language name, create with groups, edit, delete', async ({ page, browser }) => {
  const { owner, cabinets } = await freshSalonCabinets(page);
  await expect(cabinets.empty).toHaveText(en['cabinets.empty']);

  await cabinets.createButton.click();
  const dialog = cabinets.dialog('cabinet.new.title');
  await expect(dialog).toBeVisible();
  await expect(cabinets.button(dialog, 'common.create'), 'Create is disabled while nothing changed').toBeDisabled();
  // Only the English name: the Latvian (default language) one is required.
  await cabinets.nameField(dialog, 'en').fill('Green room');
  await cabinets.button(dialog, 'common.create').click();
  await expect(cabinets.nameField(dialog, 'lv')).toHaveAccessibleDescription(en['cabinet.enterName']);
  await cabinets.nameField(dialog, 'lv').fill('Zaļā telpa');
  const firstGroup = cabinets.groups(dialog).getByRole('checkbox').first();
  const groupName = (await cabinets.groups(dialog).locator('label').first().innerText()).trim();
  await firstGroup.click({ force: true });
  await expect(firstGroup).toBeChecked();
  await cabinets.button(dialog, 'common.create').click();
  await expect(dialog).toBeHidden();
  // The English UI shows the English name, with the chosen group.
  await expect(cabinets.row('Green room')).toBeVisible();
  await expect(cabinets.row('Green room')).toContainText(groupName);
  await expect(cabinets.empty).toHaveCount(0);

  // The same Latvian name again is refused on its field; the dialog stays open.
  const again = await cabinets.create({ lv: 'zaļā telpa' });
  await expect(cabinets.nameField(again, 'lv')).toHaveAccessibleDescription(en['cabinet.nameExists']);
  await cabinets.button(again, 'common.cancel').click();
  await expect(again).toBeHidden();

  // Edit: Save is disabled until something changes.
  await cabinets
    .row('Green room')
    .getByRole('button', { name: `${en['common.edit']} Green room` })
    .click();
  const edit = cabinets.dialog('cabinet.edit.title');
  await expect(cabinets.nameField(edit, 'lv')).toHaveValue('Zaļā telpa');
  await expect(cabinets.groups(edit).getByRole('checkbox', { name: groupName, exact: true })).toBeChecked();
  await expect(cabinets.button(edit, 'common.save')).toBeDisabled();
  await cabinets.nameField(edit, 'en').fill('Blue room');
  await cabinets.button(edit, 'common.save').click();
  await expect(edit).toBeHidden();
  await expect(cabinets.row('Blue room')).toBeVisible();
  await expect(page.getByTestId('pending-count')).toHaveCount(0);

  // Another device of the same owner sees the cabinet after sync.
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await logIn(other, owner.email, owner.password);
    const otherCabinets = new CabinetsPage(other);
    await otherCabinets.openFromMenu();
    await expect(otherCabinets.row('Blue room')).toBeVisible();
  } finally {
    await context.close();
  }

  // Delete with the spec's question.
  await cabinets
    .row('Blue room')
    .getByRole('button', { name: `${en['common.delete']} Blue room` })
    .click();
  const confirm = cabinets.dialog('cabinet.delete.title');
  await expect(confirm).toContainText(en['cabinet.delete.question'].replace('{cabinetName}', 'Blue room'));
  await cabinets.button(confirm, 'common.yes').click();
  await expect(confirm).toBeHidden();
  await expect(cabinets.empty).toBeVisible();
});

test(
  'offline: a new cabinet shows as pending and reaches the server when back online',
  { tag: SERVICE_WORKER },
  async ({ page, context, browser }) => {
    const { owner, cabinets } = await freshSalonCabinets(page);
    await waitForServiceWorkerControl(page);
    const shell = new SalonShell(page);
    await expect(shell.status).toHaveText(en['status.online']);
    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(en['status.offline']);
      const dialog = await cabinets.create({ lv: 'Bezsaistes kabinets', en: 'Offline room' });
      await expect(dialog).toBeHidden();
      await expect(cabinets.row('Offline room')).toBeVisible();
      await expect(cabinets.pendingBadge('Offline room')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(shell.status).toHaveText(en['status.online']);
    await expect(cabinets.pendingBadge('Offline room')).toHaveCount(0);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);

    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await logIn(otherPage, owner.email, owner.password);
      const otherCabinets = new CabinetsPage(otherPage);
      await otherCabinets.openFromMenu();
      await expect(otherCabinets.row('Offline room')).toBeVisible();
    } finally {
      await other.close();
    }
  },
);

for (const [language, t] of [
  ['lv', lv],
  ['ru', ru],
] as const) {
  test(`cabinets in ${language}: texts and the name in the screen's language`, async ({ page }) => {
    await freshSalonCabinets(page);
    await new SalonShell(page, en).chooseLanguage(en[`lang.${language}`]);
    const local = new CabinetsPage(page, t);
    await expect(local.heading).toHaveText(t['screen.cabinets']);
    await expect(local.empty).toHaveText(t['cabinets.empty']);
    await local.createButton.click();
    const dialog = local.dialog('cabinet.new.title');
    await expect(local.button(dialog, 'common.create')).toBeDisabled();
    await local.nameField(dialog, 'ru').fill('Красный');
    await local.button(dialog, 'common.create').click();
    await expect(local.nameField(dialog, 'lv')).toHaveAccessibleDescription(t['cabinet.enterName']);
    await local.nameField(dialog, 'lv').fill('Sarkanais');
    await local.button(dialog, 'common.create').click();
    await expect(dialog).toBeHidden();
    await expect(local.row(language === 'ru' ? 'Красный' : 'Sarkanais')).toBeVisible();
  });
}
