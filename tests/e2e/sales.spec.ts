import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { InventoryPage } from './pages/inventory-page';
import { SalonShell } from './pages/salon-shell';
import { mirrorHas, waitForServiceWorkerControl } from './support/browser';
import { logIn, signUpOwner } from './support/flows';
import { catalogs } from './support/i18n';
import { addProducts, api, SaleDialog, serverRows, viewer } from './support/sales';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en, lv } = catalogs;

/** A fresh owner (with a phone, so the profile dialog stays closed) on Appointments, with products in the salon. */
async function freshSalon(page: Page, products: Parameters<typeof addProducts>[1]) {
  const owner = await signUpOwner(page, { phone: '+371 2000 7788' });
  const ids = await addProducts(page, products);
  // Made through the API, the products reach the device by the sync: tests going offline need them there.
  for (const id of Object.values(ids)) await expect.poll(() => mirrorHas(page, 'products', id)).toBe(true);
  return { owner, ids };
}

/** The quantity shown on Inventory for a product (its fourth column). */
const stockCell = (inventory: InventoryPage, name: string) => inventory.row(name).getByRole('cell').nth(3);

test('sale: the spec messages, only products in stock, exact total; Pay locks the form, stock drops on Inventory, Archive closes', async ({
  page,
}) => {
  const { owner } = await freshSalon(page, [
    { name: 'Shampoo', quantity: 3, price: '12.50' },
    { name: 'Balm', quantity: 1, price: '7.99' },
    { name: 'Empty jar', quantity: 0, price: '5.00' },
    { name: 'Gloves', quantity: 50, price: '1.00', type: 'INTERNAL' },
  ]);
  const sale = new SaleDialog(page);
  await sale.open();
  // The signed-in owner is one of the salon's administrators: he sells by default.
  await expect(sale.dialog.getByRole('button', { name: new RegExp(en['sale.administrator']) })).toContainText(
    `${owner.firstName} ${owner.lastName}`,
  );
  await expect(sale.items()).toHaveCount(1);

  await sale.button('sale.pay').click();
  for (const id of ['sale.selectProduct', 'sale.selectQuantity', 'sale.priceInvalid', 'sale.selectPaymentType'] as const) {
    await expect(sale.dialog.getByText(en[id], { exact: true })).toBeVisible();
  }
  await expect(sale.product(0)).toHaveAccessibleDescription(en['sale.selectProduct']);
  // The open dialog with its messages: no serious accessibility violations.
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await sale.dialog.getByRole('button', { name: en['sale.removeItem'].replace('{n}', '1') }).click();
  await expect(sale.items()).toHaveCount(0);
  await sale.button('sale.pay').click();
  await expect(sale.dialog.getByText(en['sale.addAtLeastOne'], { exact: true })).toBeVisible();

  await sale.button('sale.addItem').click();
  await expect.poll(() => sale.offered(0)).toEqual(['Balm', 'Shampoo']);
  await sale.chooseProduct(0, 'Shampoo');
  // Choosing a product brings its price, quantity 1 and cash.
  await expect(sale.price(0)).toHaveValue('12.50');
  await expect(sale.select(0, 'sale.quantity')).toContainText('1');
  await expect(sale.select(0, 'sale.paymentType')).toContainText(en['payment.CASH']);
  await sale.select(0, 'sale.quantity').click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['1', '2', '3']);
  await page.getByRole('listbox').getByRole('option', { name: '2', exact: true }).click();
  await sale.price(0).fill('0');
  await sale.price(0).blur();
  await expect(sale.price(0)).toHaveAccessibleDescription(en['sale.priceInvalid']);
  await sale.price(0).fill('12,5');
  await expect(sale.dialog.getByTestId('sale-total')).toHaveText('€25.00');

  await sale.button('sale.addItem').click();
  // Shampoo is taken by row 1: row 2 offers the rest of the stock only.
  await expect.poll(() => sale.offered(1)).toEqual(['Balm']);
  await sale.chooseProduct(1, 'Balm');
  await sale.choose(1, 'sale.paymentType', en['payment.CC']);
  await expect(sale.dialog.getByTestId('sale-total')).toHaveText('€32.99');

  await sale.button('sale.pay').click();
  await expect(sale.dialog.getByTestId('sale-paid')).toHaveText(en['sale.paid']);
  await expect(sale.button('sale.pay')).toBeDisabled();
  await expect(sale.product(0)).toBeDisabled();
  await expect(sale.select(1, 'sale.paymentType')).toBeDisabled();
  await expect(sale.button('sale.addItem')).toHaveCount(0);
  const [invoice] = await serverRows(page, 'invoices');
  expect(invoice).toMatchObject({ type: 'CART', paid: true, archived: false, totalPrice: '32.99' });
  // The owner may archive a paid sale, once she says yes to leaving the Report's totals; Archive closes the dialog.
  await sale.button('sale.archive').click();
  const confirm = page.getByRole('dialog', { name: en['sale.archiveTitle'] });
  await expect(confirm).toContainText(en['sale.archiveQuestion'].replace('{amount}', '€32.99'));
  await confirm.getByRole('button', { name: en['common.no'] }).click();
  await expect(confirm).toBeHidden();
  expect((await serverRows(page, 'invoices'))[0]?.archived).toBe(false);
  await sale.button('sale.archive').click();
  await confirm.getByRole('button', { name: en['common.yes'] }).click();
  await expect(sale.dialog).toBeHidden();
  await expect.poll(async () => (await serverRows(page, 'invoices'))[0]?.archived).toBe(true);

  // Opening again starts afresh.
  await sale.open();
  await expect(sale.items()).toHaveCount(1);
  await expect(sale.product(0)).toHaveValue('');
  await sale.button('common.close').click();

  const inventory = new InventoryPage(page);
  await inventory.openFromMenu();
  await expect(stockCell(inventory, 'Shampoo')).toHaveText('1');
  await expect(stockCell(inventory, 'Balm')).toHaveText('0');
  await expect(stockCell(inventory, 'Gloves')).toHaveText('50');
});

test(
  'offline: a sale is paid on this device, the stock drops at once, and it reaches the server when back online',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    const { ids } = await freshSalon(page, [{ name: 'Serum', quantity: 2, price: '30.00' }]);
    const sale = new SaleDialog(page);
    const shell = new SalonShell(page);
    const inventory = new InventoryPage(page);
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(en['status.offline']);
      await sale.open();
      await sale.chooseProduct(0, 'Serum');
      await sale.button('sale.pay').click();
      await expect(sale.dialog.getByTestId('sale-paid')).toHaveText(en['sale.paidOffline']);
      await sale.button('common.close').click();
      await inventory.openFromMenu();
      await expect(stockCell(inventory, 'Serum')).toHaveText('1');
      expect((await page.getByTestId('pending-count').textContent()) ?? '').toContain('1');
    } finally {
      await context.setOffline(false);
    }
    await expect(shell.status).toHaveText(en['status.online']);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);
    await expect.poll(async () => (await serverRows(page, 'products')).find((p) => p.id === ids.Serum)?.quantity).toBe(1);
    expect(await serverRows(page, 'invoices')).toHaveLength(1);
  },
);

test(
  'two devices sell the last item: the offline sale is refused and reopens from the conflicts list with "Invoice item quantity is too big"',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    const { ids } = await freshSalon(page, [{ name: 'Last lotion', quantity: 1, price: '15.00' }]);
    const sale = new SaleDialog(page);
    const inventory = new InventoryPage(page);
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    try {
      await sale.open();
      await sale.chooseProduct(0, 'Last lotion');
      await sale.choose(0, 'sale.paymentType', en['payment.GIFT']);
      await sale.button('sale.pay').click();
      await expect(sale.dialog.getByTestId('sale-paid')).toHaveText(en['sale.paidOffline']);
      await sale.button('common.close').click();
      // Meanwhile the other device, online, sells the same last item.
      const { userId, salonId } = await viewer(page);
      const item = { id: '1'.repeat(24), entity: ids['Last lotion'], quantity: 1, price: '15', paymentType: 'CASH' };
      const other = await api(page, 'mutation C($input: CreateCartInvoiceInput!) { createCartInvoice(input: $input) { id } }', {
        input: { id: '2'.repeat(24), salon: salonId, administrator: userId, items: [item] },
      });
      expect(other.errors).toBeUndefined();
    } finally {
      await context.setOffline(false);
    }
    const conflicts = page.getByTestId('conflict-count');
    await expect(conflicts).toHaveText('1 conflict');
    await page.getByRole('button', { name: en['conflicts.title'] }).click();
    const list = page.getByRole('dialog', { name: en['conflicts.title'] });
    await expect(list.getByTestId('conflict')).toContainText(en['sale.quantityTooBig']);
    await list.getByRole('button', { name: en['conflicts.open'], exact: true }).click();

    await expect(page).toHaveURL(/\/salon\/appointments/);
    await expect(sale.dialog).toBeVisible();
    await expect(sale.product(0)).toHaveValue('Last lotion');
    await expect(sale.select(0, 'sale.paymentType')).toContainText(en['payment.GIFT']);
    await expect(sale.dialog.getByText(en['sale.quantityTooBig'], { exact: true })).toBeVisible();
    await sale.button('common.close').click();
    // The refused sale was undone: one sale on the server, the stock is the server's.
    expect(await serverRows(page, 'invoices')).toHaveLength(1);
    await inventory.openFromMenu();
    await expect(stockCell(inventory, 'Last lotion')).toHaveText('0');
  },
);

test('in Latvian: the dialog, its messages and the total in the Latvian format', async ({ page }) => {
  await freshSalon(page, [{ name: 'Šampūns', quantity: 4, price: '12.50' }]);
  await new SalonShell(page, en).chooseLanguage(en['lang.lv']);
  const sale = new SaleDialog(page, lv);
  await sale.open();
  await sale.button('sale.pay').click();
  await expect(sale.dialog.getByText(lv['sale.selectProduct'], { exact: true })).toBeVisible();
  await sale.chooseProduct(0, 'Šampūns');
  await expect(sale.price(0)).toHaveValue('12,50');
  await sale.choose(0, 'sale.quantity', '3');
  await expect(sale.dialog.getByTestId('sale-total')).toHaveText(/^37,50\s€$/);
  await sale.button('sale.pay').click();
  await expect(sale.dialog.getByTestId('sale-paid')).toHaveText(lv['sale.paid']);
  // Paid, Escape closes it like every dialog, with nothing left to discard (issue 24 item 5).
  await page.keyboard.press('Escape');
  await expect(sale.dialog).toBeHidden();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('masters have no Sale button (part 1 §6)', async ({ page }) => {
  await logIn(page, DEMO.master.email, DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: en['timetable.newAppointment'], exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: en['sale.button'], exact: true })).toHaveCount(0);
});
