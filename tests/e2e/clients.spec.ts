import { expect, test } from '@playwright/test';
import { ClientForm, ClientsPage } from './pages/clients-page';
import { SalonShell } from './pages/salon-shell';
import { expectNoSeriousViolations } from './support/axe';
import { logIn, signUpOwner } from './support/flows';
import { graphql, salonRows } from './support/api';
import { catalogs } from './support/i18n';
import { blockedOn, freshSalonClients, secondDevice, shownPhone, uniquePhone } from './support/clients';
import { DEMO, DEMO_PASSWORD, unique } from './support/users';

const { en, lv, ru } = catalogs;
const hex24 = () => Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

test('a fresh salon: empty list, the form messages, Clear, and Add updates the list and counters at once', async ({ page }) => {
  const { clients } = await freshSalonClients(page);
  await expect(clients.empty).toHaveText(en['clients.empty']);
  await clients.expectCounters(0, 0, 0);

  const form = await clients.openNewClient();
  await expect(form.phone).toHaveValue('+371');
  await expect(form.button('common.add'), 'Add is disabled while the form is unchanged').toBeDisabled();
  await expect(form.button('common.clear')).toBeDisabled();

  // Only notes filled: the required fields say what is missing.
  await form.notes.fill('Prefers mornings');
  await form.button('common.add').click();
  await expect(form.firstName).toHaveAccessibleDescription(en['client.enterFirstName']);
  await expect(form.genderGroup).toHaveAccessibleDescription(en['client.selectGender']);
  await expect(clients.newClientDialog()).toBeVisible();

  await form.phone.fill('2000');
  await expect(form.phone).toHaveAccessibleDescription(en['validation.phone.countryCode']);
  await form.phone.fill('+371 123');
  await expect(form.phone).toHaveAccessibleDescription(en['validation.phone.invalid']);

  // Clear puts the blank form back.
  await form.fill({ firstName: 'Zelma', lastName: 'Krasta', gender: 'FEMALE' });
  await form.button('common.clear').click();
  await expect(form.firstName).toHaveValue('');
  await expect(form.lastName).toHaveValue('');
  await expect(form.notes).toHaveValue('');
  await expect(form.phone).toHaveValue('+371');
  await expect(form.gender('FEMALE')).not.toBeChecked();
  await expect(form.firstName).toHaveAccessibleDescription('');
  await expect(form.button('common.add'), 'Add is disabled again after Clear').toBeDisabled();

  const phone = uniquePhone();
  await form.fill({
    firstName: 'Zelma',
    lastName: 'Krasta',
    gender: 'FEMALE',
    phone,
    notes: 'Likes tea',
  });
  await expect(form.phone).toHaveValue(shownPhone(phone));
  await form.button('common.add').click();
  await expect(clients.newClientDialog()).toBeHidden();
  await expect(clients.row('Zelma Krasta')).toBeVisible();
  await expect(clients.row('Zelma Krasta').getByRole('cell').nth(1)).toHaveText(shownPhone(phone));
  await expect(clients.empty).toBeHidden();
  await clients.expectCounters(0, 1, 1);

  // Cancel leaves without adding anything.
  const again = await clients.openNewClient();
  await again.fill({ firstName: 'Nobody' });
  await again.button('common.cancel').click();
  await expect(clients.newClientDialog()).toBeHidden();
  await expect(clients.rows).toHaveCount(1);
  await clients.expectCounters(0, 1, 1);
});

test('editing a client: dialog with avatar and tabs, gender moves the counters, blocking shows the badge and who blocked', async ({
  page,
}) => {
  const { owner, clients } = await freshSalonClients(page);
  await clients.addClient({
    firstName: 'Rūta',
    lastName: 'Ābele',
    gender: 'FEMALE',
    phone: uniquePhone(),
  });
  await clients.expectCounters(0, 1, 1);

  let dialog = await clients.openClient('Rūta Ābele');
  await expect(dialog.getByRole('heading')).toHaveText(/Rūta Ābele/);
  await expect(dialog.locator('.avatar')).toHaveText('R');
  for (const id of ['client.tab.personalInformation', 'client.tab.appointments', 'client.tab.masters'] as const)
    await expect(clients.tab(dialog, id)).toBeVisible();
  await expect(clients.tab(dialog, 'client.tab.personalInformation')).toHaveAttribute('aria-selected', 'true');
  await clients.tab(dialog, 'client.tab.appointments').click();
  await expect(dialog.getByText(en['client.appointments.empty'], { exact: true })).toBeVisible();
  await clients.tab(dialog, 'client.tab.personalInformation').click();
  let form = new ClientForm(dialog, en);
  await expect(form.firstName).toHaveValue('Rūta');
  await expect(form.gender('FEMALE')).toBeChecked();
  await expect(form.button('common.save'), 'Save is disabled while unchanged').toBeDisabled();

  await form.fill({ gender: 'MALE' });
  await expect(form.button('common.save')).toBeEnabled();
  await form.button('common.save').click();
  await expect(dialog).toBeHidden();
  await clients.expectCounters(1, 0, 1);

  dialog = await clients.openClient('Rūta Ābele');
  form = new ClientForm(dialog, en);
  await expect(form.gender('MALE')).toBeChecked();
  await expect(form.blocked).not.toBeChecked();
  await expect(clients.blockedBadge('Rūta Ābele')).toHaveCount(0);
  await form.fill({ blocked: true });
  await form.button('common.save').click();
  await expect(dialog).toBeHidden();
  await expect(clients.blockedBadge('Rūta Ābele')).toBeVisible();

  dialog = await clients.openClient('Rūta Ābele');
  form = new ClientForm(dialog, en);
  await expect(form.blocked).toBeChecked();
  await expect(dialog.getByText(blockedOn(owner))).toBeVisible();
  await expect(form.button('common.save')).toBeDisabled();

  // Unblocking clears it again.
  await form.fill({ blocked: false });
  await expect(dialog.getByText(blockedOn(owner))).toHaveCount(0);
  await form.button('common.save').click();
  await expect(dialog).toBeHidden();
  await expect(clients.blockedBadge('Rūta Ābele')).toHaveCount(0);
  await clients.expectCounters(1, 0, 1);
});

test('search by first name, phone digits and notes; no match; the text is kept in the address across a reload', async ({ page }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const clients = new ClientsPage(page);
  await clients.openFromMenu();
  await expect
    .poll(() => clients.rows.count(), {
      message: 'the demo salon lists its 20 clients',
    })
    .toBeGreaterThan(1);

  await clients.search.fill('sergejs');
  await expect(clients.rows).toHaveCount(1);
  await expect(clients.row('Sergejs Smirnovs')).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=sergejs(&|$)/);

  // The demo phones are +371 2600 0000 + 37·i: Sergejs has +371 2600 0444.
  await clients.search.fill('2600 0444');
  await expect(clients.rows).toHaveCount(1);
  await expect(clients.row('Sergejs Smirnovs')).toBeVisible();

  // Every fifth demo client has the (Latvian) note 'Dod priekšroku apmeklējumiem no rīta'.
  await clients.search.fill('priekšroku');
  await expect(clients.rows).toHaveCount(4);
  for (const name of ['Anna Bērziņa', 'Kristīne Jansone', 'Dace Siliņa', 'Daiga Lāce']) await expect(clients.row(name)).toBeVisible();

  await clients.search.fill(`nobody-${unique()}`);
  await expect(clients.noMatch).toBeVisible();
  await expect(clients.rows).toHaveCount(0);

  await clients.search.fill('Irina');
  await expect(page).toHaveURL(/[?&]q=Irina(&|$)/);
  await expect(clients.rows).toHaveCount(1);
  await page.reload();
  await expect(clients.search).toHaveValue('Irina');
  await expect(clients.rows).toHaveCount(1);
  await expect(clients.row('Irina Kuzņecova')).toBeVisible();

  // Clearing the search shows everybody again and leaves the address.
  await clients.search.fill('');
  await expect(page).not.toHaveURL(/q=Irina/);
  await expect.poll(() => clients.rows.count()).toBeGreaterThan(1);
});

test('the list is an infinite scroll of 20 a page: scrolling to its end adds the next 20 (issue 22 item 10)', async ({ page }) => {
  const { clients } = await freshSalonClients(page);
  const { salonId, token } = await salonRows(page);
  for (let i = 0; i < 45; i += 1) {
    const made = await graphql<{ errors?: unknown }>(
      page.request,
      `mutation { createClient(input: { id: "${hex24()}", salon: "${salonId}", firstName: "Paged${String(i).padStart(2, '0')}", gender: "FEMALE" }) { id } }`,
      token,
    );
    expect(made.errors).toBeUndefined();
  }
  await page.reload();
  await expect(clients.heading).toHaveText(en['screen.clients']);
  await expect(page.getByTestId('count-total')).toHaveText('45');
  const table = page.getByRole('table', { name: en['screen.clients'] });
  const scroller = page.getByTestId('clients-scroller');
  const rowsHeld = () => scroller.evaluate((el) => Math.round((el.firstElementChild as HTMLElement).getBoundingClientRect().height / 52));
  await expect.poll(rowsHeld).toBe(20);
  await expect(table.getByRole('button', { name: 'Paged44', exact: true })).toHaveCount(0);
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect.poll(rowsHeld).toBe(40);
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect.poll(rowsHeld).toBe(45);
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(table.getByRole('button', { name: 'Paged44', exact: true })).toBeVisible();
  // A new search starts again at the first page.
  await clients.search.fill('Paged');
  await expect.poll(rowsHeld).toBe(20);
});

test('delete asks Yes/No: No keeps the client, Yes removes it and the counters go down', async ({ page }) => {
  const { clients } = await freshSalonClients(page);
  await clients.addClient({
    firstName: 'Oskars',
    lastName: 'Zeltiņš',
    gender: 'MALE',
    phone: uniquePhone(),
  });
  await clients.addClient({
    firstName: 'Vija',
    lastName: 'Artmane',
    gender: 'FEMALE',
  });
  await clients.expectCounters(1, 1, 2);

  let dialog = await clients.openDelete('Oskars Zeltiņš');
  await expect(dialog).toContainText(en['client.delete.question'].replace('{name}', 'Oskars Zeltiņš'));
  await dialog.getByRole('button', { name: en['common.no'], exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(clients.row('Oskars Zeltiņš')).toBeVisible();
  await clients.expectCounters(1, 1, 2);

  dialog = await clients.openDelete('Oskars Zeltiņš');
  await dialog.getByRole('button', { name: en['common.yes'], exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(clients.row('Oskars Zeltiņš')).toHaveCount(0);
  await clients.expectCounters(0, 1, 1);

  // The server has it too: after a reload (a fresh pull) it stays gone and the outbox is empty.
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
  await page.reload();
  await expect(clients.row('Vija Artmane')).toBeVisible();
  await expect(clients.row('Oskars Zeltiņš')).toHaveCount(0);
  await clients.expectCounters(0, 1, 1);
});

test('a second client with the same phone is refused on the phone field', async ({ page }) => {
  const { clients } = await freshSalonClients(page);
  const phone = uniquePhone();
  await clients.addClient({
    firstName: 'First',
    lastName: 'Holder',
    gender: 'FEMALE',
    phone,
  });

  const form = await clients.openNewClient();
  await form.fill({
    firstName: 'Second',
    lastName: 'Holder',
    gender: 'MALE',
    phone,
  });
  await form.button('common.add').click();
  await expect(form.phone).toHaveAccessibleDescription(en['client.phoneExists']);
  await expect(clients.newClientDialog()).toBeVisible();
  await expect(clients.row('Second Holder')).toHaveCount(0);
  await clients.expectCounters(0, 1, 1);

  // Another number goes through from the same form.
  await form.phone.fill(uniquePhone());
  await expect(form.phone).toHaveAccessibleDescription('');
  await form.button('common.add').click();
  await expect(clients.newClientDialog()).toBeHidden();
  await expect(clients.row('Second Holder')).toBeVisible();
  await clients.expectCounters(1, 1, 2);

  // Editing another client to the taken number is refused on the phone field too; the dialog stays open.
  const dialog = await clients.openClient('Second Holder');
  const edit = new ClientForm(dialog, en);
  await edit.phone.fill(phone);
  await edit.button('common.save').click();
  await expect(edit.phone).toHaveAccessibleDescription(en['client.phoneExists']);
  await expect(dialog).toBeVisible();
  await edit.button('common.cancel').click();
  await expect(dialog).toBeHidden();
  await expect(clients.row('Second Holder').getByRole('cell').nth(1)).not.toHaveText(shownPhone(phone));
});

test('default masters: a ticked master stays ticked after reopening and on another device', async ({ page, browser }) => {
  const { owner, clients } = await freshSalonClients(page);
  await clients.addClient({
    firstName: 'Līga',
    lastName: 'Meistare',
    gender: 'FEMALE',
    phone: uniquePhone(),
  });

  let dialog = await clients.openClient('Līga Meistare');
  await clients.tab(dialog, 'client.tab.masters').click();
  const checklist = dialog.getByRole('group', {
    name: en['client.masters.label'],
  });
  const boxes = checklist.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  expect(await boxes.count()).toBeGreaterThan(0);
  const master = (await checklist.locator('label').first().innerText()).trim();
  const save = dialog.getByRole('button', {
    name: en['common.save'],
    exact: true,
  });
  await expect(save).toBeDisabled();
  await checklist.getByRole('checkbox', { name: master, exact: true }).click({ force: true });
  await expect(checklist.getByRole('checkbox', { name: master, exact: true })).toBeChecked();
  await save.click();
  await expect(save).toBeDisabled();
  await dialog.getByRole('button', { name: en['common.close'], exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pending-count')).toHaveCount(0);

  dialog = await clients.openClient('Līga Meistare');
  await clients.tab(dialog, 'client.tab.masters').click();
  await expect(dialog.getByRole('checkbox', { name: master, exact: true })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(1);

  const other = await secondDevice(browser, owner.email, owner.password);
  try {
    const otherDialog = await other.clients.openClient('Līga Meistare');
    await other.clients.tab(otherDialog, 'client.tab.masters').click();
    await expect(otherDialog.getByRole('checkbox', { name: master, exact: true })).toBeChecked();
    await expect(otherDialog.getByRole('checkbox', { checked: true })).toHaveCount(1);
  } finally {
    await other.context.close();
  }
});

test('a client blocked when created shows the badge and who blocked it', async ({ page }) => {
  const { owner, clients } = await freshSalonClients(page);
  await clients.addClient({
    firstName: 'Blocked',
    lastName: 'Atonce',
    gender: 'MALE',
    phone: uniquePhone(),
    blocked: true,
  });
  await expect(clients.blockedBadge('Blocked Atonce')).toBeVisible();
  await clients.expectCounters(1, 0, 1);
  const dialog = await clients.openClient('Blocked Atonce');
  await expect(new ClientForm(dialog, en).blocked).toBeChecked();
  await expect(dialog.getByText(blockedOn(owner))).toBeVisible();
});

test('New Client: Add turns disabled again when what was typed is erased', async ({ page }) => {
  const { clients } = await freshSalonClients(page);
  const form = await clients.openNewClient();
  await form.firstName.fill('a');
  await expect(form.button('common.add')).toBeEnabled();
  await form.firstName.fill('');
  await expect(form.button('common.clear'), 'Clear already compares with the blank form').toBeDisabled();
  await expect(form.button('common.add'), 'the form equals the blank defaults again').toBeDisabled();
});

// The same on the client edit form (Save).
test('client edit: Save turns disabled again when the change is undone', async ({ page }) => {
  const { clients } = await freshSalonClients(page);
  await clients.addClient({
    firstName: 'Undo',
    lastName: 'Me',
    gender: 'FEMALE',
  });
  const dialog = await clients.openClient('Undo Me');
  const form = new ClientForm(dialog, en);
  await form.fill({ gender: 'MALE' });
  await expect(form.button('common.save')).toBeEnabled();
  await form.fill({ gender: 'FEMALE' });
  await expect(form.button('common.save')).toBeDisabled();
  await form.fill({ blocked: true });
  await form.fill({ blocked: false });
  await expect(form.button('common.save')).toBeDisabled();
});

// Part 1 §1 keeps the clients' search text per area: the menu's Clients link has no ?q=, the kept text returns.
test('the search text is kept when leaving the Clients page and coming back through the menu', async ({ page }) => {
  const { clients } = await freshSalonClients(page);
  await clients.addClient({
    firstName: 'Irma',
    lastName: 'Meklē',
    gender: 'FEMALE',
  });
  await clients.addClient({
    firstName: 'Olga',
    lastName: 'Cita',
    gender: 'FEMALE',
  });
  await clients.search.fill('Irma');
  await expect(clients.rows).toHaveCount(1);
  await page.getByRole('navigation', { name: en['menu.main'] }).getByRole('link', { name: en['menu.appointments'], exact: true }).click();
  await expect(page).toHaveURL(/\/salon\/appointments$/);
  await clients.openFromMenu();
  await expect(clients.search).toHaveValue('Irma');
  await expect(clients.rows).toHaveCount(1);
});

for (const [lang, t] of [
  ['lv', lv],
  ['ru', ru],
] as const) {
  test(`the Clients page and New Client speak ${lang}`, async ({ page }) => {
    await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
    await new SalonShell(page, en).chooseLanguage(en[`lang.${lang}`]);
    const clients = new ClientsPage(page, t);
    await clients.openFromMenu();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    for (const id of ['clients.males', 'clients.females', 'clients.total'] as const)
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${t[id]}$`) })).toBeVisible();
    await expect(clients.search).toBeVisible();
    await expect(clients.search).toHaveAttribute('placeholder', t['clients.search']);
    for (const id of ['clients.name', 'clients.phone', 'clients.actions'] as const)
      await expect(page.getByRole('columnheader', { name: t[id], exact: true })).toBeVisible();
    await expect(clients.rows.first().getByRole('button', { name: new RegExp(`^${t['common.edit']}: `) })).toBeVisible();
    await expect(clients.rows.first().getByRole('button', { name: new RegExp(`^${t['common.delete']}: `) })).toBeVisible();

    const form = await clients.openNewClient();
    await expect(clients.newClientDialog().getByRole('heading')).toHaveText(t['client.new']);
    await expect(form.button('common.clear')).toBeVisible();
    await expect(form.button('common.cancel')).toBeVisible();
    await form.notes.fill('x');
    await form.button('common.add').click();
    await expect(form.firstName).toHaveAccessibleDescription(t['client.enterFirstName']);
    await expect(form.genderGroup).toHaveAccessibleDescription(t['client.selectGender']);
    await form.phone.fill('2000');
    await expect(form.phone).toHaveAccessibleDescription(t['validation.phone.countryCode']);
    await form.button('common.cancel').click();

    await clients.search.fill(`nobody-${unique()}`);
    await expect(clients.noMatch).toBeVisible();
  });
}

test('the Clients page and the open client dialog have no serious accessibility violations', async ({ page }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const clients = new ClientsPage(page);
  await clients.openFromMenu();
  await expect(clients.rows.first()).toBeVisible();
  await expectNoSeriousViolations(page);

  const name = (await clients.rows.first().getByRole('button').first().innerText()).trim();
  const dialog = await clients.openClient(name);
  await expectNoSeriousViolations(page);
  await clients.tab(dialog, 'client.tab.masters').click();
  await expect(dialog.getByRole('checkbox').first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: en['common.close'], exact: true }).click();

  const form = await clients.openNewClient();
  await form.notes.fill('x');
  await form.button('common.add').click();
  await expect(form.firstName).toHaveAccessibleDescription(en['client.enterFirstName']);
  await expectNoSeriousViolations(page);
});

test('phone lookup: a phone of an existing account fills the identity read-only and links the client to it', async ({ page }) => {
  await signUpOwner(page, { phone: '+371 2000 6791' });
  const clients = new ClientsPage(page);
  await clients.openFromMenu();
  const form = await clients.openNewClient();
  // The demo owner's account has this phone (seeded); another salon's administrator may find it by phone.
  await form.phone.fill('+371 2000 0001');
  await form.notes.click();
  await expect(page.getByRole('status').filter({ hasText: en['client.lookup.exists'] })).toBeVisible();
  await expect(form.firstName).toHaveValue('Laura');
  await expect(form.firstName).toHaveAttribute('readonly', '');
  await expect(form.phone).toHaveAttribute('readonly', '');
  await form.fill({ gender: 'FEMALE', notes: 'Linked to her account' });
  await form.button('common.add').click();
  await expect(clients.rows.filter({ hasText: 'Laura' })).toHaveCount(1);
  // Reopened, the client's identity stays read-only (GLOBAL) while the notes can change.
  await clients.rows
    .filter({ hasText: 'Laura' })
    .getByRole('button', { name: /^Laura/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /Laura/ });
  await expect(dialog).toContainText(en['client.globalHint']);
  const edit = new ClientForm(dialog);
  await expect(edit.firstName).toHaveAttribute('readonly', '');
  await expect(edit.notes).not.toHaveAttribute('readonly', '');
});
