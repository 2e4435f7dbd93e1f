import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { ReportsPage } from './pages/reports-page';
import { SalonShell } from './pages/salon-shell';
import { StaffPage } from './pages/staff-page';
import { graphql } from './support/api';
import { waitForServiceWorkerControl } from './support/browser';
import { book, salonDay, salonWithTwoMasters, type DragSalon } from './support/drag';
import { catalogs, type Messages } from './support/i18n';
import { addProducts } from './support/sales';

const { en, lv, ru } = catalogs;
const hex24 = () => Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/**
 * Pays an appointment of `master` today: the service at 40.00 in cash and 2 × a product at 12.50 by card, both hers,
 * with a tip of 5.00 to her in cash.
 */
async function paidVisit(page: Page, salon: DragSalon, master: string) {
  const appointment = await book(page, salon, master, `${salonDay(0)} 10:00`);
  const { Serum: product } = await addProducts(page, [{ name: 'Serum', quantity: 5, price: '12.50' }]);
  const invoice = hex24();
  const created = await graphql<{ errors?: unknown }>(
    page.request,
    `mutation { createInvoice(input: { id: "${invoice}", salon: "${salon.salonId}", appointment: "${appointment}" }) { id } }`,
    salon.token,
  );
  expect(created.errors).toBeUndefined();
  const line = (type: string, entity: string, price: string, quantity: number, pay: string) =>
    `{ id: "${hex24()}", type: ${JSON.stringify(type)}, entity: "${entity}", seller: "${master}", quantity: ${quantity}, price: "${price}", paymentType: "${pay}" }`;
  const paid = await graphql<{ errors?: unknown }>(
    page.request,
    `mutation { updateInvoice(input: { invoiceId: "${invoice}", membership: null, paid: true, tip: "5", tipMaster: "${master}", tipPaymentType: "CASH", items: [${line('SERVICE', salon.service.id, '40.00', 1, 'CASH')}, ${line('PRODUCT', product as string, '12.50', 2, 'CC')}] }) { id } }`,
    salon.token,
  );
  expect(paid.errors).toBeUndefined();
}

async function setCommissions(page: Page, t: Messages, name: string, services: string, products: string, groupRate?: string) {
  const staff = new StaffPage(page, t);
  await staff.openFromMenu();
  await staff
    .row(name)
    .getByRole('button', { name: `${t['common.edit']} ${name}` })
    .click();
  const dialog = staff.dialog('master.edit.title');
  // The sign-up's default masters have no gender yet, which an edit asks for.
  await staff.choose(dialog, 'master.gender', t['master.gender.FEMALE']);
  await staff.field(dialog, 'master.serviceCommission').fill(services);
  await staff.field(dialog, 'master.productCommission').fill(products);
  if (groupRate !== undefined) {
    // Her one service group's own rate, under "Rates per service group".
    const rates = dialog.getByTestId('group-rates');
    await rates.getByText(t['master.groupCommissions'], { exact: true }).click();
    await rates.getByRole('textbox').fill(groupRate);
  }
  await staff.button(dialog, 'common.save').click();
  await expect(dialog).toBeHidden();
}

const cells = (page: Page, t: Messages, name: string) =>
  page.getByRole('table', { name: t['report.kind.commissions'] }).getByRole('row').filter({ hasText: name }).getByRole('cell');

test(
  'commissions: set in Staff, per service group too, the report per master with base, commission and tips, CSV, offline, in en, lv and ru (issue 59 item 4)',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    const salon = await salonWithTwoMasters(page, [salonDay(0)]);
    const [anna, other] = salon.masters as [{ id: string; name: string }, { id: string; name: string }];
    await paidVisit(page, salon, anna.id);
    await page.goto('/salon/appointments');
    await waitForServiceWorkerControl(page);

    // A commission that is no percentage is refused on its field.
    const staff = new StaffPage(page);
    await staff.openFromMenu();
    await staff
      .row(anna.name)
      .getByRole('button', { name: `${en['common.edit']} ${anna.name}` })
      .click();
    const dialog = staff.dialog('master.edit.title');
    await staff.field(dialog, 'master.serviceCommission').fill('120');
    await staff.button(dialog, 'common.save').click();
    await expect(staff.field(dialog, 'master.serviceCommission')).toHaveAccessibleDescription(en['master.commissionInvalid']);
    await staff.button(dialog, 'common.cancel').click();
    await setCommissions(page, en, anna.name, '10', '12.5');

    // 10 % of €40.00 and 12.5 % of €25.00 (€3.125, rounded to €3.13): €7.13; with her €5.00 tip, €12.13 to pay.
    // The other master sold nothing.
    const report = new ReportsPage(page, en);
    await report.open(`?kind=commissions&from=${salonDay(0)}&to=${salonDay(0)}`);
    await expect(cells(page, en, anna.name)).toHaveText(['€40.00', '10%', '€25.00', '12.5%', '€65.00', '€7.13', '€5.00', '€12.13']);
    await expect(
      page.getByRole('table', { name: en['report.kind.commissions'] }).getByRole('row').filter({ hasText: other.name }),
    ).toHaveCount(0);
    await expect(page.getByTestId('commission-total')).toHaveText('€7.13');
    await expect(page.getByTestId('commission-pay')).toHaveText('€12.13');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: en['report.exportCsv'] }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`commissions-${salonDay(0)}-${salonDay(0)}.csv`);
    const lines = (await readFile((await download.path()) as string, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      [
        en['report.commission.master'],
        en['report.commission.services'],
        en['report.commission.serviceRate'],
        en['report.commission.groupRates'],
        en['report.commission.products'],
        en['report.commission.productRate'],
        en['report.commission.base'],
        en['report.commission.commission'],
        en['report.commission.tips'],
        en['report.commission.pay'],
      ].join(','),
      `${anna.name},40.00,10.00,,25.00,12.50,65.00,7.13,5.00,12.13`,
      `${en['report.commission.total']},40.00,,,25.00,,65.00,7.13,5.00,12.13`,
    ]);

    // Offline: new rates count at once, her service group's own (25 %) over her service rate (20 %); the server has
    // them once the device is back.
    await context.setOffline(true);
    try {
      await expect(new SalonShell(page, en).status).toHaveText(en['status.offline']);
      await setCommissions(page, en, anna.name, '20', '', '25');
      await report.open(`?kind=commissions&from=${salonDay(0)}&to=${salonDay(0)}`);
      await expect(cells(page, en, anna.name)).toHaveText(['€40.00', /^20%.+ 25%$/, '€25.00', '—', '€40.00', '€10.00', '€5.00', '€15.00']);
    } finally {
      await context.setOffline(false);
    }
    await expect
      .poll(async () => {
        const pulled = await graphql<{ data: { pull: { changes: { id: string; data: string }[] } } }>(
          page.request,
          `{ pull(input: { salon: "${salon.salonId}", cursor: 0 }) { changes { id data } } }`,
          salon.token,
        );
        const row = pulled.data.pull.changes.find((c) => c.id === anna.id);
        const data = row ? (JSON.parse(row.data) as { serviceCommission: string | null; groupCommissions: { rate: string }[] }) : undefined;
        return data ? [data.serviceCommission, data.groupCommissions.map((g) => g.rate)] : undefined;
      })
      .toEqual(['20.00', ['25.00']]);

    // Latvian and Russian: the headers from the catalogs, amounts and rates in their format.
    for (const [from, to, t] of [
      ['en', 'lv', lv],
      ['lv', 'ru', ru],
    ] as const) {
      await new SalonShell(page, catalogs[from]).chooseLanguage(catalogs[from][`lang.${to}`]);
      const table = page.getByRole('table', { name: t['report.kind.commissions'] });
      await expect(table.getByRole('columnheader')).toHaveText([
        t['report.commission.master'],
        t['report.commission.services'],
        t['report.commission.serviceRate'],
        t['report.commission.products'],
        t['report.commission.productRate'],
        t['report.commission.base'],
        t['report.commission.commission'],
        t['report.commission.tips'],
        t['report.commission.pay'],
      ]);
      const euro = (n: number) => new Intl.NumberFormat(to, { style: 'currency', currency: 'EUR' }).format(n);
      const percent = (n: number) => new Intl.NumberFormat(to, { style: 'percent' }).format(n);
      const rates = new RegExp(`^${percent(0.2)}.+ ${percent(0.25)}$`);
      await expect(cells(page, t, anna.name)).toHaveText([euro(40), rates, euro(25), '—', euro(40), euro(10), euro(5), euro(15)]);
    }
  },
);
