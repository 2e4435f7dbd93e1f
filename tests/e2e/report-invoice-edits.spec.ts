import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { ReportsPage } from './pages/reports-page';
import { SalonShell } from './pages/salon-shell';
import { waitForServiceWorkerControl } from './support/browser';
import { catalogs, type Messages } from './support/i18n';
import { pick, say } from './support/money-flow';
import { api, salonWithSale, serverRows, viewer } from './support/sales';

const { en, lv, ru } = catalogs;

/** The Edit invoice dialog of the report's first row (the only group opened first). */
async function openEdit(page: Page, report: ReportsPage, t: Messages) {
  const group = report.groupToggle(report.groups.first());
  if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
  await report.groups
    .first()
    .getByRole('button', { name: `${t['report.edit.row'].replace('{entity}', 'Shampoo')}` })
    .click();
  const dialog = page.getByRole('dialog', { name: t['report.edit.title'] });
  await expect(dialog).toBeVisible();
  return dialog;
}

const itemOf = async (page: Page, sale: string) =>
  ((await serverRows(page, 'invoices')).find((i) => i.id === sale)?.items as Array<Record<string, unknown>>)?.[0];

test(
  'report: the owner edits a line (price, payment type), offline too, and removes the invoice; en, lv, ru',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    const { sale, product } = await salonWithSale(page);
    const report = new ReportsPage(page, en);
    await report.open();
    await waitForServiceWorkerControl(page);
    await expect(report.tileValue('report.tile.total')).toHaveText('€25.00');

    // Price must be a price; a sale's line offers cash, card and gift card (no membership); Save waits for a change.
    let dialog = await openEdit(page, report, en);
    await expect(dialog.getByRole('button', { name: en['common.save'] })).toBeDisabled();
    await dialog.getByRole('button', { name: new RegExp(`${en['invoice.paymentType']}$`) }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([en['payment.CASH'], en['payment.CC'], en['payment.GIFT']]);
    await page.keyboard.press('Escape');
    await dialog.getByLabel(en['invoice.price']).fill('abc');
    await dialog.getByRole('button', { name: en['common.save'] }).click();
    await expect(dialog.getByText(en['invoice.enterPrice'])).toBeVisible();
    await dialog.getByLabel(en['invoice.price']).fill('10.5');
    await pick(page, dialog, en['invoice.paymentType'], en['payment.CC']);
    await dialog.getByRole('button', { name: en['common.save'] }).click();
    await expect(dialog).toHaveCount(0);
    await expect(report.tileValue('report.tile.total')).toHaveText('€21.00');
    const card = report.tile('report.tile.total').locator('dl > div').filter({ hasText: en['report.pay.card'] });
    await expect(card.getByRole('definition')).toHaveText('€21.00');
    await expect.poll(() => itemOf(page, sale)).toMatchObject({ price: '10.50', paymentType: 'CC' });
    // The trace of the edit, read back from the server in the dialog.
    dialog = await openEdit(page, report, en);
    const history = dialog.getByRole('region', { name: en['report.history.title'] });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('listitem')).toContainText(`€12.50, ${en['payment.CASH']} → €10.50, ${en['payment.CC']}`);
    await dialog.getByRole('button', { name: en['common.cancel'] }).click();

    // Offline: the report follows the edit at once; it reaches the server when the device is back.
    await context.setOffline(true);
    try {
      await expect(new SalonShell(page, en).status).toHaveText(en['status.offline']);
      dialog = await openEdit(page, report, en);
      await dialog.getByLabel(en['invoice.price']).fill('11');
      await dialog.getByRole('button', { name: en['common.save'] }).click();
      await expect(dialog).toHaveCount(0);
      await expect(report.tileValue('report.tile.total')).toHaveText('€22.00');
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(() => itemOf(page, sale), { timeout: 20_000 }).toMatchObject({ price: '11.00', paymentType: 'CC' });

    // Latvian: the dialog from the catalog; Cancel changes nothing.
    const shell = new SalonShell(page, en);
    await shell.chooseLanguage(en['lang.lv']);
    dialog = await openEdit(page, new ReportsPage(page, lv), lv);
    await expect(dialog.getByLabel(lv['invoice.price'])).toHaveValue('11,00');
    await dialog.getByRole('button', { name: lv['common.cancel'] }).click();

    // Russian: remove the invoice; the report is empty and the products are back in stock.
    await new SalonShell(page, lv).chooseLanguage(lv['lang.ru']);
    const ruReport = new ReportsPage(page, ru);
    dialog = await openEdit(page, ruReport, ru);
    await dialog.getByRole('button', { name: ru['common.delete'] }).click();
    const confirm = page.getByRole('dialog', { name: ru['report.remove.title'] });
    await expect(confirm.getByText(ru['report.remove.question'])).toBeVisible();
    await confirm.getByRole('button', { name: ru['common.yes'] }).click();
    await expect(page.getByText(ru['report.empty'], { exact: true })).toBeVisible();
    await expect.poll(async () => (await serverRows(page, 'invoices')).some((i) => i.id === sale)).toBe(false);
    await expect.poll(async () => (await serverRows(page, 'products')).find((p) => p.id === product)?.quantity).toBe(5);
  },
);

test('report: archiving a paid sale says it leaves the totals; the Report names what it left out and counts it with one click', async ({
  page,
}) => {
  await salonWithSale(page);
  const report = new ReportsPage(page, en);
  await report.open();
  await expect(report.tileValue('report.tile.total')).toHaveText('€25.00');
  const note = page.getByTestId('report-archived');
  await expect(note).toHaveCount(0);

  // The archive box says what ticking it does before Save.
  const dialog = await openEdit(page, report, en);
  await dialog.getByText(en['report.edit.archived'], { exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: en['report.edit.archived'] })).toBeChecked();
  await expect(dialog.getByText(en['report.edit.archivedNote'])).toBeVisible();
  await dialog.getByRole('button', { name: en['common.save'] }).click();
  await expect(dialog).toHaveCount(0);

  // Left out, and said so: €25.00 in 1 archived invoice; one click counts it, another leaves it out again.
  await expect(report.tileValue('report.tile.total')).toHaveText('€0.00');
  await expect(note).toContainText(say('en', 'report.archived.leftOut', { amount: '€25.00', count: 1 }));
  await note.getByRole('button', { name: en['report.archived.include'] }).click();
  await expect(report.tileValue('report.tile.total')).toHaveText('€25.00');
  await expect(note).toContainText(say('en', 'report.archived.included', { amount: '€25.00', count: 1 }));
  await note.getByRole('button', { name: en['report.archived.leaveOut'] }).click();
  await expect(report.tileValue('report.tile.total')).toHaveText('€0.00');

  // Latvian and Russian from the catalogs, the amount in their format.
  for (const [from, to] of [
    ['en', 'lv'],
    ['lv', 'ru'],
  ] as const) {
    await new SalonShell(page, catalogs[from]).chooseLanguage(catalogs[from][`lang.${to}`]);
    const amount = new Intl.NumberFormat(to, { style: 'currency', currency: 'EUR' }).format(25);
    await expect(note).toContainText(say(to, 'report.archived.leftOut', { amount, count: 1 }));
    await expect(note.getByRole('button', { name: catalogs[to]['report.archived.include'] })).toBeVisible();
  }
});

test(
  'report: an edit made offline on an invoice removed meanwhile is a conflict that reopens the Edit invoice dialog',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    const { sale } = await salonWithSale(page);
    const report = new ReportsPage(page, en);
    await report.open();
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    try {
      const dialog = await openEdit(page, report, en);
      await dialog.getByLabel(en['invoice.price']).fill('9');
      await dialog.getByRole('button', { name: en['common.save'] }).click();
      await expect(dialog).toHaveCount(0);
      await expect(report.tileValue('report.tile.total')).toHaveText('€18.00');
      // Another device of the owner removes the sale meanwhile (API requests are not the page's: they still go out).
      const { userId } = await viewer(page);
      const removed = await api(page, 'mutation D($input: DeleteInvoiceInput!) { deleteInvoice(input: $input) { id } }', {
        input: { userId, invoiceId: sale },
      });
      expect(removed.errors).toBeUndefined();
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByTestId('conflict-count')).toHaveText('1 conflict');
    await expect(page.getByText(en['report.empty'], { exact: true })).toBeVisible();
    await page.getByRole('button', { name: en['conflicts.title'] }).click();
    const list = page.getByRole('dialog', { name: en['conflicts.title'] });
    await expect(list.getByTestId('conflict')).toContainText(en['invoice.notExists']);
    await list.getByRole('button', { name: en['conflicts.open'], exact: true }).click();
    const reopened = page.getByRole('dialog', { name: en['report.edit.title'] });
    await expect(reopened.getByText(en['invoice.notExists'])).toBeVisible();
  },
);
