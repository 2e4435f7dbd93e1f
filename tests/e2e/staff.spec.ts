import { expect, test, type Page } from '@playwright/test';
import { SalonShell } from './pages/salon-shell';
import { StaffPage } from './pages/staff-page';
import { waitForServiceWorkerControl } from './support/browser';
import { salonRows, type PulledRow } from './support/api';
import { logIn, signUpOwner, signUpOwnerElsewhere } from './support/flows';
import { catalogs } from './support/i18n';

const { en } = catalogs;

async function freshSalonStaff(page: Page) {
  const owner = await signUpOwner(page, { phone: '+371 2000 1234' });
  const staff = new StaffPage(page);
  await staff.openFromMenu();
  return { owner, staff };
}

test('staff: create with the required fields, duplicate phone refused, edit, search, delete', async ({ page }) => {
  const { staff } = await freshSalonStaff(page);

  await staff.createButton.click();
  const dialog = staff.dialog('master.new.title');
  await expect(staff.field(dialog, 'master.phone'), 'the phone starts with the default prefix').toHaveValue(/^\+371/);
  await staff.field(dialog, 'master.lastName').fill('Kalniņa');
  await staff.button(dialog, 'common.create').click();
  await expect(staff.field(dialog, 'master.firstName')).toHaveAccessibleDescription(en['master.enterFirstName']);
  await expect(staff.groups(dialog)).toContainText(en['master.selectServiceGroups']);
  await staff.field(dialog, 'master.firstName').fill('Inga');
  await staff.field(dialog, 'master.phone').fill('+371 2955 5111');
  await staff.choose(dialog, 'master.gender', en['master.gender.FEMALE']);
  const groupName = (await staff.groups(dialog).locator('label').first().innerText()).trim();
  await staff.groups(dialog).getByRole('checkbox').first().click({ force: true });
  await staff.button(dialog, 'common.create').click();
  await expect(dialog).toBeHidden();
  await expect(staff.row('Inga Kalniņa')).toBeVisible();
  await expect(staff.row('Inga Kalniņa')).toContainText(groupName);

  // The same phone again is refused on its field with the spec's text.
  const again = await staff.create('Liene', 'Ozola', '+371 2955 5111');
  await expect(staff.field(again, 'master.phone')).toHaveAccessibleDescription(en['master.phoneExists']);
  await staff.button(again, 'common.cancel').click();
  await expect(again).toBeHidden();

  // Edit: Save disabled until a change.
  await staff
    .row('Inga Kalniņa')
    .getByRole('button', { name: `${en['common.edit']} Inga Kalniņa` })
    .click();
  const edit = staff.dialog('master.edit.title');
  await expect(staff.field(edit, 'master.firstName')).toHaveValue('Inga');
  await expect(staff.button(edit, 'common.save')).toBeDisabled();
  await staff.field(edit, 'master.lastName').fill('Bērziņa');
  await staff.choose(edit, 'master.status', en['master.status.INACTIVE']);
  await staff.button(edit, 'common.save').click();
  await expect(edit).toBeHidden();
  await expect(staff.row('Inga Bērziņa')).toContainText(en['staff.inactive']);
  await expect(page.getByTestId('pending-count')).toHaveCount(0);

  // Search (fuzzy): a misspelt name still finds her, other masters are hidden.
  await staff.search.fill('Bērzina');
  await expect(staff.table.getByRole('row')).toHaveCount(2);
  await expect(staff.row('Inga Bērziņa')).toBeVisible();
  await staff.search.fill('zzzzzzzz');
  await expect(page.getByText(en['staff.noMatches'], { exact: true })).toBeVisible();
  await staff.search.fill('');

  // Delete with the spec's question.
  await staff
    .row('Inga Bērziņa')
    .getByRole('button', { name: `${en['common.delete']} Inga Bērziņa` })
    .click();
  const confirm = staff.dialog('master.delete.title');
  await expect(confirm).toContainText(en['master.delete.question'].replace('{first}', 'Inga').replace('{last}', 'Bērziņa'));
  await staff.button(confirm, 'common.yes').click();
  await expect(confirm).toBeHidden();
  await expect(staff.row('Inga Bērziņa')).toHaveCount(0);
});

test('offline: a new master shows as pending and reaches the server when back online', async ({ page, context, browser }) => {
  const { owner, staff } = await freshSalonStaff(page);
  await waitForServiceWorkerControl(page);
  const shell = new SalonShell(page);
  await expect(shell.status).toHaveText(en['status.online']);
  await context.setOffline(true);
  try {
    await expect(shell.status).toHaveText(en['status.offline']);
    const dialog = await staff.create('Offline', 'Meistare');
    await expect(dialog).toBeHidden();
    await expect(staff.row('Offline Meistare')).toBeVisible();
    await expect(staff.pendingBadge('Offline Meistare')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await expect(shell.status).toHaveText(en['status.online']);
  await expect(staff.pendingBadge('Offline Meistare')).toHaveCount(0);
  await expect(page.getByTestId('pending-count')).toHaveCount(0);

  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await logIn(otherPage, owner.email, owner.password);
    const otherStaff = new StaffPage(otherPage);
    await otherStaff.openFromMenu();
    await expect(otherStaff.row('Offline Meistare')).toBeVisible();
  } finally {
    await other.close();
  }
});

test('lookup: an e-mail of an existing account fills the identity read-only and adds that person as a master', async ({
  page,
  browser,
}) => {
  const person = await signUpOwnerElsewhere(browser, { firstName: 'Dace' });
  const { staff } = await freshSalonStaff(page);
  await staff.createButton.click();
  const dialog = staff.dialog('master.new.title');
  await staff.field(dialog, 'master.email').fill(person.email);
  await staff.field(dialog, 'master.email').blur();
  await expect(dialog.getByText(en['master.lookup.exists'])).toBeVisible();
  await expect(staff.field(dialog, 'master.firstName')).toHaveValue('Dace');
  await expect(staff.field(dialog, 'master.firstName')).toHaveAttribute('readonly', '');
  await expect(staff.field(dialog, 'master.lastName')).toHaveValue(person.lastName);
  const gender = dialog.getByRole('button', { name: new RegExp(en['master.gender']) });
  if (await gender.isEnabled()) await staff.choose(dialog, 'master.gender', en['master.gender.FEMALE']);
  await staff.groups(dialog).getByRole('checkbox').first().click({ force: true });
  await staff.button(dialog, 'common.create').click();
  await expect(dialog).toBeHidden();
  await expect(staff.row(`Dace ${person.lastName}`)).toBeVisible();

  // She is on staff now: the lookup names her instead of offering to add her again (issue 22 item 2).
  await staff.createButton.click();
  const next = staff.dialog('master.new.title');
  await staff.field(next, 'master.email').fill(person.email.toUpperCase());
  await staff.field(next, 'master.email').blur();
  await expect(next.getByText(en['master.lookup.staffed'].replace('{name}', `Dace ${person.lastName}`))).toBeVisible();
  await expect(next.getByText(en['master.lookup.exists'])).toHaveCount(0);
  await expect(staff.field(next, 'master.firstName')).toHaveValue('');
  // Clearing the e-mail resets the lookup: the identity is editable again.
  await staff.field(next, 'master.email').fill('');
  await expect(next.getByText(en['master.lookup.staffed'].replace('{name}', `Dace ${person.lastName}`))).toHaveCount(0);
  await expect(staff.field(next, 'master.firstName')).not.toHaveAttribute('readonly', '');
});

test("master dialog: the appointments tab lists only the master's paid appointments", async ({ page }) => {
  // The demo master has paid appointments (today's) and unpaid ones (the next days'); other tests may pay more.
  await logIn(page, 'owner@demo.test', 'demo12345');
  const { rows: salon } = await salonRows(page);
  const master = salon.find((r) => r.entity === 'masters' && r.data.firstName === 'Kristaps') as PulledRow;
  const own = new Set(
    salon.filter((r) => r.entity === 'appointments' && r.data.masterId === master.id && !r.data.archived).map((r) => r.id),
  );
  const paid = salon.filter((r) => r.entity === 'invoices' && r.data.paid === true && own.has(r.data.appointmentId as string));
  expect(paid.length).toBeGreaterThan(0);
  expect(paid.length).toBeLessThan(own.size);

  const staff = new StaffPage(page);
  await staff.openFromMenu();
  await staff
    .row('Kristaps Liepa')
    .getByRole('button', { name: `${en['common.edit']} Kristaps Liepa` })
    .click();
  const dialog = staff.dialog('master.edit.title');
  await dialog.getByRole('tab', { name: en['master.tab.appointments'], exact: true }).click();
  const table = dialog.getByRole('table', { name: en['master.tab.appointments'] });
  await expect(table.getByRole('columnheader')).toHaveText([
    en['client.appointments.date'],
    en['client.appointments.service'],
    en['client.appointments.price'],
  ]);
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(paid.length);
  await expect(table.getByRole('row').nth(1).locator('td').nth(2)).toHaveText(/€/);
});
