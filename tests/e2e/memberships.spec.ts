import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { ClientForm, ClientsPage } from './pages/clients-page';
import { MembershipsPage } from './pages/memberships-page';
import { ReportsPage } from './pages/reports-page';
import { SalonShell } from './pages/salon-shell';
import { graphql } from './support/api';
import { storedSessionToken, waitForServiceWorkerControl } from './support/browser';
import { signUpOwner } from './support/flows';
import { catalogs } from './support/i18n';

const { en, lv, ru } = catalogs;

/** A client added from the Clients screen. */
async function addClient(page: Page, firstName: string) {
  await page.goto('/salon/clients');
  await page.getByRole('button', { name: en['clients.add'] }).click();
  const form = new ClientForm(page.getByRole('dialog'));
  await form.fill({ firstName, gender: 'FEMALE' });
  await form.button('common.add').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** A GraphQL call as another program holding the page's session would make it. */
async function api<T>(request: APIRequestContext, page: Page, query: string): Promise<T> {
  const token = await storedSessionToken(page);
  const body = await graphql<{ data?: T; errors?: unknown[] }>(request, query, token ?? undefined);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

type ServiceEntry = { id: string; name: string };

/** The session's salon and its services (getAllServices, in English). */
async function salonAndServices(request: APIRequestContext, page: Page): Promise<{ salonId: string; services: ServiceEntry[] }> {
  const { viewer } = await api<{ viewer: { salon: { id: string } } }>(request, page, '{ viewer { salon { id } } }');
  const { getAllServices } = await api<{ getAllServices: ServiceEntry[] }>(
    request,
    page,
    `{ getAllServices(salon: "${viewer.salon.id}", lang: en) { id name } }`,
  );
  return { salonId: viewer.salon.id, services: getAllServices };
}

test(
  'memberships: empty text, required fields, create with a new client, show, duplicate serial number, delete',
  { tag: SERVICE_WORKER },
  async ({ page, request }) => {
    await signUpOwner(page, { phone: '+371 2000 7711' });
    const screen = new MembershipsPage(page);
    await screen.openFromMenu();
    await expect(page.getByText(en['memberships.empty'], { exact: true })).toBeVisible();

    // A deleted service is still offered (part 1 §2 'including deleted ones'), marked as deleted.
    const [kept, removed] = (await salonAndServices(request, page)).services;
    await api(request, page, `mutation { deleteService(input: { id: "${removed?.id}" }) { id } }`);

    let dialog = await screen.openNew();
    await expect(screen.field(dialog, 'memberships.serialNumber')).toHaveValue('1');
    await dialog.getByRole('button', { name: en['common.create'], exact: true }).click();
    await expect(dialog.getByText(en['membership.selectClient'])).toBeVisible();
    await expect(dialog.getByText(en['membership.selectService'])).toBeVisible();
    await expect(screen.field(dialog, 'memberships.uses')).toHaveAccessibleDescription(en['membership.enterUses']);
    await expect(screen.field(dialog, 'membership.price')).toHaveAccessibleDescription(en['membership.enterPrice']);

    // 'Select client OR create a new': the selector's add button makes one and selects it.
    await dialog.getByRole('button', { name: en['clientSelector.add'] }).click();
    const newClient = page.getByRole('dialog', { name: en['client.new'] });
    const clientForm = new ClientForm(newClient);
    await clientForm.fill({ firstName: 'Ilze', gender: 'FEMALE' });
    await clientForm.button('common.add').click();
    await expect(newClient).toBeHidden();
    await expect(screen.client(dialog)).toHaveValue('Ilze');

    await dialog.getByRole('button', { name: new RegExp(`${en['membership.service']}$`) }).click();
    const deletedOption = page.getByRole('option', {
      name: en['membership.deletedService'].replace('{name}', removed?.name ?? ''),
      exact: true,
    });
    await expect(deletedOption).toBeVisible();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: en['common.cancel'], exact: true }).click();

    // The installed app opened with no signal still offers it: the last answer is kept on the device.
    await waitForServiceWorkerControl(page);
    await page.context().setOffline(true);
    try {
      await page.reload();
      await expect(new SalonShell(page).status).toHaveText(en['status.offline']);
      dialog = await screen.openNew();
      await dialog.getByRole('button', { name: new RegExp(`${en['membership.service']}$`) }).click();
      await expect(deletedOption).toBeVisible();
      await expect(dialog.getByText(en['membership.deletedServicesOffline'])).toHaveCount(0);
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: en['common.cancel'], exact: true }).click();
    } finally {
      await page.context().setOffline(false);
    }
    await expect(new SalonShell(page).status).toHaveText(en['status.online']);

    dialog = await screen.openNew();
    await screen.pickClient(dialog, 'Ilze');
    await dialog.getByRole('button', { name: new RegExp(`${en['membership.service']}$`) }).click();
    await page.getByRole('option', { name: kept?.name ?? '', exact: true }).click();
    await screen.field(dialog, 'memberships.uses').fill('3');
    await screen.field(dialog, 'membership.price').fill('100');
    // 100.00 / 3 uses, to two decimals.
    await expect(dialog.getByTestId('price-per-use')).toHaveText('€33.33');
    await screen.field(dialog, 'membership.price').fill('120,5');
    await screen.field(dialog, 'memberships.uses').fill('10');
    await expect(dialog.getByTestId('price-per-use')).toHaveText('€12.05');
    await dialog.getByRole('button', { name: en['common.create'], exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(screen.row(1)).toContainText('Ilze');
    await expect(screen.row(1)).toContainText('0 of 10');

    await screen
      .row(1)
      .getByRole('button', { name: `${en['memberships.show']} 1` })
      .click();
    const show = page.getByRole('dialog', { name: en['membership.show.title'].replace('{serialNumber}', '1') });
    await expect(show).toContainText('€120.50');
    await expect(show).toContainText('€12.05');
    await expect(show).toContainText(kept?.name ?? '');
    await show.getByRole('tab', { name: en['membership.tab.appointments'] }).click();
    await expect(show.getByText(en['membership.uses.empty'], { exact: true })).toBeVisible();
    await show.getByRole('button', { name: en['common.close'], exact: true }).last().click();
    await expect(show).toBeHidden();

    // The next serial number is pre-filled; a taken one is refused on its field.
    await addClient(page, 'Anna');
    await page.goto('/salon/memberships');
    dialog = await screen.create({ client: 'Anna', service: kept?.name ?? '', uses: '5', price: '50', serial: '1' });
    await expect(screen.field(dialog, 'memberships.serialNumber')).toHaveAccessibleDescription(en['membership.serialExists']);
    await screen.field(dialog, 'memberships.serialNumber').fill('2');
    await dialog.getByRole('button', { name: en['common.create'], exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(screen.row(2)).toContainText('Anna');

    await screen
      .row(1)
      .getByRole('button', { name: `${en['common.delete']} 1` })
      .click();
    const confirm = page.getByRole('dialog', { name: en['membership.delete.title'] });
    await expect(confirm).toContainText(en['membership.delete.question'].replace('{serialNumber}', '1'));
    await confirm.getByRole('button', { name: en['common.yes'], exact: true }).click();
    await expect(screen.row(1)).toHaveCount(0);
    await expect(screen.row(2)).toBeVisible();
    // Deleted, its serial number is free again: the next one is pre-filled from the highest left.
    dialog = await screen.openNew();
    await expect(screen.field(dialog, 'memberships.serialNumber')).toHaveValue('3');
  },
);

test(
  'offline: a membership is saved pending and syncs; one refused later (serial taken meanwhile) reopens with the message',
  { tag: SERVICE_WORKER },
  async ({ page, context, request }) => {
    await signUpOwner(page, { phone: '+371 2000 7722' });
    await addClient(page, 'Marta');
    const screen = new MembershipsPage(page);
    await screen.openFromMenu();
    const { salonId, services } = await salonAndServices(request, page);
    const service = services[0] as ServiceEntry;

    await waitForServiceWorkerControl(page);
    const shell = new SalonShell(page);
    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(en['status.offline']);
      await expect(await screen.create({ client: 'Marta', service: service.name, uses: '4', price: '40' })).toBeHidden();
      await expect(screen.row(1).getByText(en['status.pendingBadge'], { exact: true })).toBeVisible();
      await expect(await screen.create({ client: 'Marta', service: service.name, uses: '8', price: '70' })).toBeHidden();
      await expect(screen.row(2).getByText(en['status.pendingBadge'], { exact: true })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(shell.status).toHaveText(en['status.online']);
    await expect(screen.row(1).getByText(en['status.pendingBadge'], { exact: true })).toHaveCount(0);
    await expect(screen.row(2).getByText(en['status.pendingBadge'], { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);

    // Offline again; meanwhile another program sells serial number 3 to the same salon.
    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(en['status.offline']);
      await expect(await screen.create({ client: 'Marta', service: service.name, uses: '2', price: '25' })).toBeHidden();
      await expect(screen.row(3).getByText(en['status.pendingBadge'], { exact: true })).toBeVisible();
      const { pull } = await api<{ pull: { changes: { entity: string; data: string }[] } }>(
        request,
        page,
        `{ pull(input: { salon: "${salonId}", cursor: 0, limit: 500 }) { changes { entity data } } }`,
      );
      const marta = pull.changes.find((c) => c.entity === 'clients');
      const clientId = (JSON.parse(marta?.data ?? '{}') as { id: string }).id;
      await api(
        request,
        page,
        `mutation { createMembership(input: { id: "${'ab'.repeat(12)}", salon: "${salonId}", client: "${clientId}", service: "${service.id}", serialNumber: 3, quantity: 1, price: "9", paymentType: "CASH", createdAt: "${new Date().toISOString()}" }) { id } }`,
      );
    } finally {
      await context.setOffline(false);
    }

    const conflicts = page.getByTestId('conflict-count');
    await expect(conflicts).toHaveText('1 conflict');
    // The refused sale is undone: the server's serial number 3 (1 use) is listed instead.
    await expect(screen.row(3)).toContainText('0 of 1');
    await page.getByRole('button', { name: en['conflicts.title'] }).click();
    const list = page.getByRole('dialog', { name: en['conflicts.title'] });
    await expect(list.getByTestId('conflict')).toContainText(en['membership.serialExists']);
    await list.getByRole('button', { name: en['conflicts.open'], exact: true }).click();
    const dialog = page.getByRole('dialog', { name: en['membership.new.title'] });
    await expect(dialog).toBeVisible();
    await expect(screen.field(dialog, 'memberships.serialNumber')).toHaveValue('3');
    await expect(screen.field(dialog, 'memberships.serialNumber')).toHaveAccessibleDescription(en['membership.serialExists']);
    await expect(screen.field(dialog, 'memberships.uses')).toHaveValue('2');
    await screen.field(dialog, 'memberships.serialNumber').fill('4');
    await dialog.getByRole('button', { name: en['common.create'], exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(screen.row(4)).toContainText('0 of 2');
    await expect(conflicts).toHaveCount(0);
  },
);

test('in Latvian: the screen, the form messages and the prices follow the language', async ({ page }) => {
  await signUpOwner(page, { phone: '+371 2000 7733' });
  await addClient(page, 'Līga');
  await new SalonShell(page).chooseLanguage(en['lang.lv']);
  const screen = new MembershipsPage(page, lv);
  await screen.openFromMenu();
  await expect(page.getByText(lv['memberships.empty'], { exact: true })).toBeVisible();
  const dialog = await screen.openNew();
  await dialog.getByRole('button', { name: lv['common.create'], exact: true }).click();
  await expect(dialog.getByText(lv['membership.selectClient'])).toBeVisible();
  await expect(screen.field(dialog, 'memberships.uses')).toHaveAccessibleDescription(lv['membership.enterUses']);
  await screen.pickClient(dialog, 'Līga');
  await dialog.getByRole('button', { name: new RegExp(`${lv['membership.service']}$`) }).click();
  await page.getByRole('option').first().click();
  await screen.field(dialog, 'memberships.uses').fill('4');
  await screen.field(dialog, 'membership.price').fill('1 234,50');
  await expect(dialog.getByTestId('price-per-use')).toHaveText('308,63\u00a0€');
  await dialog.getByRole('button', { name: lv['common.create'], exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(screen.row(1)).toContainText(lv['memberships.usesOf'].replace('{used}', '0').replace('{quantity}', '4'));
  await screen
    .row(1)
    .getByRole('button', { name: `${lv['memberships.show']} 1` })
    .click();
  const show = page.getByRole('dialog', { name: lv['membership.show.title'].replace('{serialNumber}', '1') });
  // Latvian groups thousands only from five digits: '1234,50 €'.
  await expect(show).toContainText(/1\s?234,50\s€/);
});

test(
  'front desk: sold from the client dialog and from Sale (offline too) with a payment type; the Report counts them apart, in ru',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await signUpOwner(page, { phone: '+371 2000 7744' });
    await addClient(page, 'Olga');
    const clients = new ClientsPage(page);
    const screen = new MembershipsPage(page);
    const payment = (dialog: Locator) => dialog.getByRole('button', { name: new RegExp(`${en['membership.paymentType']}$`) });

    // The client's card: Sell membership opens the New membership form for her, cash first.
    const card = await clients.openClient('Olga');
    await card.getByRole('button', { name: en['membership.sell'], exact: true }).click();
    let dialog = page.getByRole('dialog', { name: en['membership.new.title'] });
    await expect(dialog).toBeVisible();
    await expect(card).toBeHidden();
    await expect(screen.client(dialog)).toHaveValue('Olga');
    await expect(payment(dialog)).toContainText(en['payment.CASH']);
    await dialog.getByRole('button', { name: new RegExp(`${en['membership.service']}$`) }).click();
    await page.getByRole('option').first().click();
    await screen.field(dialog, 'memberships.uses').fill('5');
    await screen.field(dialog, 'membership.price').fill('100');
    await payment(dialog).click();
    await page.getByRole('option', { name: en['payment.CC'], exact: true }).click();
    await dialog.getByRole('button', { name: en['common.create'], exact: true }).click();
    await expect(dialog).toBeHidden();

    // The Sale button, with no signal: the next serial number, the client chosen in the form, a gift card.
    await page.goto('/salon/appointments');
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    try {
      await expect(new SalonShell(page).status).toHaveText(en['status.offline']);
      await page.getByRole('button', { name: en['sale.button'], exact: true }).click();
      const sale = page.getByRole('dialog', { name: en['sale.title'] });
      await sale.getByRole('button', { name: en['membership.sell'], exact: true }).click();
      dialog = page.getByRole('dialog', { name: en['membership.new.title'] });
      await expect(sale).toBeHidden();
      await expect(screen.field(dialog, 'memberships.serialNumber')).toHaveValue('2');
      await screen.pickClient(dialog, 'Olga');
      await dialog.getByRole('button', { name: new RegExp(`${en['membership.service']}$`) }).click();
      await page.getByRole('option').first().click();
      await screen.field(dialog, 'memberships.uses').fill('2');
      await screen.field(dialog, 'membership.price').fill('30,50');
      await payment(dialog).click();
      await page.getByRole('option', { name: en['payment.GIFT'], exact: true }).click();
      await dialog.getByRole('button', { name: en['common.create'], exact: true }).click();
      await expect(dialog).toBeHidden();

      // The Report, from the device: both sold today, split by payment type, and not in Total revenue.
      const report = new ReportsPage(page, en);
      await report.open();
      await expect(report.tileValue('report.tile.memberships')).toHaveText('€130.50');
      await expect(report.tile('report.tile.memberships')).toContainText('2 memberships');
      await expect(report.tileValue('report.tile.total')).toHaveText('€0.00');
      const rows = page.getByRole('table', { name: en['report.tile.memberships'] }).getByRole('row');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(1)).toContainText('Olga');
      await expect(rows.nth(1)).toContainText(en['payment.CC']);
      await expect(rows.nth(2)).toContainText(en['payment.GIFT']);
      await expect(rows.nth(2)).toContainText('€30.50');
      // The export has them too, after the invoice lines, seller named.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: en['report.exportCsv'] }).click(),
      ]);
      const csv = await readFile((await download.path()) as string, 'utf8');
      expect(csv).toContain(`${en['report.tile.memberships']},Olga`);
      expect(csv).toMatch(/,5,100\.00,0\.00,100\.00,Credit card\r\n/);
    } finally {
      await context.setOffline(false);
    }
    await expect(new SalonShell(page).status).toHaveText(en['status.online']);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);

    await new SalonShell(page).chooseLanguage(en['lang.ru']);
    const inRussian = new ReportsPage(page, ru);
    await expect(inRussian.tileValue('report.tile.memberships')).toHaveText(/^130,50\s€$/);
    await expect(inRussian.tile('report.tile.memberships')).toContainText('2 абонемента');
    await expect(inRussian.tile('report.tile.memberships')).toContainText(ru['report.memberships.note']);
  },
);
