import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { addManufacturers, InventoryPage } from './pages/inventory-page';
import { SalonShell } from './pages/salon-shell';
import { waitForServiceWorkerControl } from './support/browser';
import { graphql, salonRows } from './support/api';
import { secondDevice } from './support/clients';
import { logIn, signUpOwner } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en, lv } = catalogs;
const newId = () => randomBytes(12).toString('hex');

/** A fresh owner (with a phone, so the profile dialog stays closed) with two manufacturers, on Inventory. */
async function freshInventory(page: import('@playwright/test').Page, t = en) {
  const owner = await signUpOwner(page, { phone: '+371 2000 4321' });
  await addManufacturers(page, ['Wella', 'Schwarzkopf']);
  if (t !== en) await new SalonShell(page, en).chooseLanguage(en['lang.lv']);
  const inventory = new InventoryPage(page, t);
  await inventory.openFromMenu();
  // The manufacturers were added elsewhere: wait until a pull brought them (the offline test needs them).
  await inventory.expectManufacturers(['Schwarzkopf', 'Wella']);
  return { owner, inventory };
}

test('inventory: empty text, the spec messages, add with a comma price, duplicate name, filter, search, edit, delete', async ({ page }) => {
  const { inventory } = await freshInventory(page);
  await expect(page.getByText(en['inventory.empty'], { exact: true })).toBeVisible();
  await expect(inventory.search).toHaveAttribute('placeholder', en['inventory.search']);

  // One click on Add with an empty form shows every required message on its field.
  await inventory.addButton.click();
  const dialog = inventory.newDialog();
  await dialog.getByRole('button', { name: en['common.add'], exact: true }).click();
  await expect(inventory.field(dialog, 'product.name')).toHaveAccessibleDescription(en['product.enterName']);
  await expect(inventory.field(dialog, 'product.quantity')).toHaveAccessibleDescription(en['product.enterQuantity']);
  await expect(inventory.field(dialog, 'product.price')).toHaveAccessibleDescription(en['product.enterPrice']);
  await expect(dialog.getByText(en['product.enterManufacturer'], { exact: true })).toBeVisible();
  await expect(dialog.getByText(en['product.chooseType'], { exact: true })).toBeVisible();
  // Digits only for the quantity; the supplier price has its own message.
  await inventory.fill(dialog, { quantity: '12 pcs', supplierPrice: '7 EUR' });
  await expect(inventory.field(dialog, 'product.quantity')).toHaveAccessibleDescription(en['product.enterQuantity']);
  await expect(inventory.field(dialog, 'product.supplierPrice')).toHaveAccessibleDescription(en['product.supplierPriceInvalid']);
  await inventory.fill(dialog, {
    name: 'Oil Reflections',
    manufacturer: 'Wella',
    code: 'WR-100',
    quantity: '12',
    price: '24,9',
    supplierPrice: '',
    type: 'SALE',
  });
  await dialog.getByRole('button', { name: en['common.add'], exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(inventory.row('Oil Reflections')).toContainText('€24.90');
  await expect(inventory.row('Oil Reflections')).toContainText('Wella');
  await expect(inventory.row('Oil Reflections')).toContainText('WR-100');

  await expect(
    await inventory.add({ name: 'Bonacure mask', manufacturer: 'Schwarzkopf', quantity: '5', price: '21', type: 'INTERNAL' }),
  ).toBeHidden();
  await expect(inventory.row('Bonacure mask')).toContainText('€21.00');

  const again = await inventory.add({ name: 'oil reflections', manufacturer: 'Wella', quantity: '1', price: '1', type: 'SALE' });
  await expect(inventory.field(again, 'product.name')).toHaveAccessibleDescription(en['product.nameExists']);
  await again.getByRole('button', { name: en['common.cancel'], exact: true }).click();

  await inventory.filterBy(['Schwarzkopf']);
  await expect(inventory.row('Bonacure mask')).toBeVisible();
  await expect(inventory.row('Oil Reflections')).toHaveCount(0);
  await inventory.filterBy([]);
  await expect(inventory.row('Oil Reflections')).toBeVisible();

  await inventory.search.fill('reflect');
  await expect(inventory.row('Oil Reflections')).toBeVisible();
  await expect(inventory.row('Bonacure mask')).toHaveCount(0);
  await inventory.search.fill('');

  await page.getByRole('button', { name: `${en['common.edit']} Oil Reflections`, exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Oil Reflections' });
  await expect(edit.getByRole('tab', { name: en['product.tab.editProduct'] })).toHaveAttribute('aria-selected', 'true');
  await expect(inventory.field(edit, 'product.price')).toHaveValue('24.90');
  const save = edit.getByRole('button', { name: en['common.save'], exact: true });
  await expect(save).toBeDisabled();
  await inventory.fill(edit, { quantity: '15', price: '25.5' });
  await save.click();
  await expect(edit).toBeHidden();
  await expect(inventory.row('Oil Reflections')).toContainText('15');
  await expect(inventory.row('Oil Reflections')).toContainText('€25.50');

  await page.getByRole('button', { name: `${en['common.delete']} Bonacure mask`, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: en['product.delete.title'] });
  await expect(confirm).toContainText('Are you sure you want to delete Bonacure mask from Schwarzkopf?');
  await confirm.getByRole('button', { name: en['common.yes'], exact: true }).click();
  await expect(inventory.row('Bonacure mask')).toHaveCount(0);
  await expect(inventory.row('Oil Reflections')).toBeVisible();
});

test(
  'offline: a new product shows as pending at once and reaches a second browser when back online',
  { tag: SERVICE_WORKER },
  async ({ page, context, browser }) => {
    const { owner, inventory } = await freshInventory(page);
    await waitForServiceWorkerControl(page);
    const shell = new SalonShell(page);
    await expect(shell.status).toHaveText(en['status.online']);
    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(en['status.offline']);
      await expect(
        await inventory.add({ name: 'Offline serum', manufacturer: 'Wella', quantity: '3', price: '9,99', type: 'SALE' }),
      ).toBeHidden();
      await expect(inventory.row('Offline serum')).toContainText('€9.99');
      await expect(inventory.pendingBadge('Offline serum')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(shell.status).toHaveText(en['status.online']);
    await expect(inventory.pendingBadge('Offline serum')).toHaveCount(0);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);

    const other = await secondDevice(browser, owner.email, owner.password);
    try {
      const there = new InventoryPage(other.clients.page);
      await there.openFromMenu();
      await expect(there.row('Offline serum')).toContainText('€9.99');
      await expect(there.row('Offline serum')).toContainText('Wella');
    } finally {
      await other.context.close();
    }
  },
);

test(
  'offline: a count taken below what another device left comes back on the product form, counted from the stock now',
  { tag: SERVICE_WORKER },
  async ({ page, context, playwright }) => {
    const { inventory } = await freshInventory(page);
    await expect(await inventory.add({ name: 'Argan oil', manufacturer: 'Wella', quantity: '3', price: '10', type: 'SALE' })).toBeHidden();
    await expect(inventory.pendingBadge('Argan oil')).toHaveCount(0);
    await waitForServiceWorkerControl(page);
    const { salonId, token, rows } = await salonRows(page);
    const productId = rows.find((r) => r.entity === 'products')?.id as string;
    const administrator = rows.find((r) => r.entity === 'administrators')?.data.userId as string;
    // The desk's other device sells two while this one is offline (the API, as that device would).
    const desk = await playwright.request.newContext({ baseURL: page.url() });
    const sell = (quantity: number) =>
      graphql<{ data?: unknown; errors?: unknown }>(
        desk,
        'mutation S($input: CreateCartInvoiceInput!) { createCartInvoice(input: $input) { id } }',
        token,
        {
          input: {
            id: newId(),
            salon: salonId,
            administrator,
            items: [{ id: newId(), entity: productId, quantity, price: '10', paymentType: 'CASH' }],
          },
        },
      );
    const shell = new SalonShell(page);
    const edit = page.getByRole('dialog', { name: 'Argan oil' });
    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(en['status.offline']);
      expect((await sell(2)).errors).toBeUndefined();
      // The form shows 3; the user counts the shelf as empty: 0, three taken away, where one is left.
      await page.getByRole('button', { name: `${en['common.edit']} Argan oil`, exact: true }).click();
      await expect(inventory.field(edit, 'product.quantity')).toHaveValue('3');
      await inventory.fill(edit, { quantity: '0' });
      await edit.getByRole('button', { name: en['common.save'], exact: true }).click();
      await expect(edit).toBeHidden();
      await expect(inventory.pendingBadge('Argan oil')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    // Refused on the server: the form comes back with the count typed and the message on it.
    await expect(page.getByTestId('conflict-count')).toHaveText('1 conflict');
    await page.getByRole('button', { name: en['conflicts.title'] }).click();
    const list = page.getByRole('dialog', { name: en['conflicts.title'] });
    await expect(list.getByTestId('conflict')).toContainText(en['product.stockBelowZero']);
    await list.getByRole('button', { name: en['conflicts.open'], exact: true }).click();
    await expect(inventory.field(edit, 'product.quantity')).toHaveValue('0');
    await expect(inventory.field(edit, 'product.quantity')).toHaveAccessibleDescription(en['product.stockBelowZero']);
    // The reopened form counts from the stock now (1 left): what it shows when saved is the stock.
    await inventory.fill(edit, { name: 'Argan oil 100 ml', quantity: '1' });
    await edit.getByRole('button', { name: en['common.save'], exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('conflict-count')).toHaveCount(0);
    await expect
      .poll(async () => (await salonRows(page)).rows.find((r) => r.id === productId)?.data)
      .toMatchObject({
        name: 'Argan oil 100 ml',
        quantity: 1,
      });
    await desk.dispose();
  },
);

test.describe('in Latvian', () => {
  test('Krājumi: the messages and the table speak Latvian; a comma price shows as euros with a comma', async ({ page }) => {
    const { inventory } = await freshInventory(page, lv);
    await expect(page.getByText(lv['inventory.empty'], { exact: true })).toBeVisible();
    await inventory.addButton.click();
    const dialog = inventory.newDialog();
    await dialog.getByRole('button', { name: lv['common.add'], exact: true }).click();
    await expect(inventory.field(dialog, 'product.name')).toHaveAccessibleDescription(lv['product.enterName']);
    await expect(inventory.field(dialog, 'product.price')).toHaveAccessibleDescription(lv['product.enterPrice']);
    await inventory.fill(dialog, { name: 'Matu eļļa', manufacturer: 'Wella', quantity: '4', price: '12,5', type: 'INTERNAL' });
    await dialog.getByRole('button', { name: lv['common.add'], exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(inventory.table.getByRole('columnheader', { name: lv['inventory.column.code'] })).toBeVisible();
    await expect(inventory.row('Matu eļļa')).toContainText(/12,50\s€/);
    await page.getByRole('button', { name: `${lv['common.edit']} Matu eļļa`, exact: true }).click();
    await expect(inventory.field(page.getByRole('dialog', { name: 'Matu eļļa' }), 'product.price')).toHaveValue('12,50');
  });
});

test('a master has no Inventory: no menu link, and the address leads back to appointments', async ({ page }) => {
  await logIn(page, DEMO.master.email, DEMO_PASSWORD);
  await expect(page.getByRole('link', { name: en['menu.inventory'] })).toHaveCount(0);
  await page.goto('/salon/inventory');
  await expect(page).toHaveURL(/\/salon\/appointments$/);
  await expect(page.getByRole('table', { name: en['screen.inventory'] })).toHaveCount(0);
});
