import { expect, test, type Page } from '@playwright/test';
import { InventoryPage } from './pages/inventory-page';
import { StaffPage } from './pages/staff-page';
import { logIn } from './support/flows';
import { catalogs } from './support/i18n';

const { en } = catalogs;

/** Every form dialog asks the same question before Escape, the backdrop or × discard what was typed (issue 22 item 4). */
const question = (page: Page) => page.getByRole('alertdialog', { name: en['dialog.discard.title'] });

test('a filled dialog asks before Escape or × discard it; an untouched one closes at once', async ({ page }) => {
  await logIn(page, 'owner@demo.test', 'demo12345');
  const inventory = new InventoryPage(page);
  await inventory.openFromMenu();

  await inventory.addButton.click();
  const dialog = inventory.newDialog();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(question(page)).toHaveCount(0);

  await inventory.addButton.click();
  await inventory.field(dialog, 'product.name').fill('Half-typed shampoo');
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText(en['dialog.discard.body']);
  // Keep editing is the default: Escape on the question keeps the dialog and what was typed.
  await page.keyboard.press('Escape');
  await expect(question(page)).toHaveCount(0);
  await expect(inventory.field(dialog, 'product.name')).toHaveValue('Half-typed shampoo');
  // The focus goes back into the dialog after the question closes (React Aria, in the next frame): an Escape
  // pressed before that has no dialog to close (a clean-clone CI run of 2026-11-27 lost it).
  await expect(inventory.field(dialog, 'product.name')).toBeFocused();
  await page.keyboard.press('Escape');
  await question(page).getByRole('button', { name: en['dialog.discard.keep'], exact: true }).click();
  await expect(inventory.field(dialog, 'product.name')).toHaveValue('Half-typed shampoo');
  // An undone change counts as none.
  await inventory.field(dialog, 'product.name').fill('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await inventory.addButton.click();
  await inventory.field(dialog, 'product.name').fill('Half-typed shampoo');
  await page.keyboard.press('Escape');
  await question(page).getByRole('button', { name: en['dialog.discard.confirm'], exact: true }).click();
  await expect(dialog).toBeHidden();
  await inventory.addButton.click();
  await expect(inventory.field(dialog, 'product.name')).toHaveValue('');
  await page.keyboard.press('Escape');

  // The same in another dialog, through its × button.
  const staff = new StaffPage(page);
  await staff.openFromMenu();
  await staff.createButton.click();
  const master = staff.dialog('master.new.title');
  await staff.field(master, 'master.firstName').fill('Līga');
  await master.getByRole('button', { name: en['common.close'], exact: true }).click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: en['dialog.discard.confirm'], exact: true }).click();
  await expect(master).toBeHidden();
});
