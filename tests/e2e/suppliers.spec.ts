import { expect, type Locator, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { logIn } from './support/flows';
import { catalogs, type Messages } from './support/i18n';
import { api } from './support/sales';
import { DEMO, DEMO_PASSWORD, unique } from './support/users';
import { SalonShell } from './pages/salon-shell';

const { en } = catalogs;
const CREATE = 'mutation C($input: CreateSupplierInput!) { createSupplier(input: $input) { id } }';
const DELETE = 'mutation D($input: DeleteSupplierInput!) { deleteSupplier(input: $input) }';

/** The sysadmin on Suppliers, reached through the Admin menu (part 2 §2). */
async function openSuppliers(page: Page) {
  await logIn(page, DEMO.sysadmin.email, DEMO_PASSWORD, /\/salon\/salon-list$/);
  await page.getByRole('navigation', { name: en['menu.main'] }).getByRole('button', { name: en['menu.admin'], exact: true }).click();
  await page.getByRole('menuitem', { name: en['menu.admin.suppliers'], exact: true }).click();
  await expect(page).toHaveURL(/\/salon\/suppliers-list$/);
}

async function createSupplier(page: Page, firstName: string, lastName: string, email: string): Promise<string> {
  const made = await api<{ createSupplier: { id: string } }>(page, CREATE, {
    input: { firstName, lastName, email, phone: null, password: 'supplier-pass-1' },
  });
  expect(made.errors).toBeUndefined();
  return made.data?.createSupplier.id as string;
}

const rows = (page: Page) => page.getByTestId('supplier-row');
const field = (scope: Locator, t: Messages, id: keyof Messages) => scope.getByLabel(t[id], { exact: true });

test(
  'Suppliers scroll past the first 20 from the server, search, and show the last list offline',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await openSuppliers(page);
    const tag = `Scroll${unique()}`;
    for (let i = 1; i <= 23; i++) await createSupplier(page, tag, String(i).padStart(2, '0'), `${tag.toLowerCase()}-${i}@example.test`);
    await page.getByRole('searchbox', { name: en['supplier.search'] }).fill(tag);
    // The search asks the server once typing settles: the first page of 20, in name order.
    await expect(rows(page).first()).toContainText(`${tag} 01`);
    await expect(rows(page)).toHaveCount(20);
    await rows(page).last().scrollIntoViewIfNeeded();
    await expect(rows(page)).toHaveCount(23);
    await expect(rows(page).last()).toContainText(`${tag} 23`);

    await context.setOffline(true);
    try {
      await expect(page.getByText(en['offline.asOf'].split('{')[0] as string)).toBeVisible();
      await expect(rows(page)).toHaveCount(23);
      await page.getByRole('button', { name: en['supplier.add'] }).click();
      const dialog = page.getByRole('dialog', { name: en['supplier.new.title'] });
      await expect(dialog).toContainText(en['supplier.offline']);
      await expect(dialog.getByRole('button', { name: en['common.add'], exact: true })).toBeDisabled();
      await dialog.getByRole('button', { name: en['common.cancel'] }).click();
    } finally {
      await context.setOffline(false);
    }
  },
);

test("a new search keeps the last rows, marked busy, until its own first page comes; never 'Loading…' between", async ({ page }) => {
  await openSuppliers(page);
  const table = page.getByTestId('suppliers-table');
  await expect(rows(page).first()).toBeVisible();
  const before = await rows(page).count();
  // The next list request waits until the test lets it go.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('GetSuppliers')) await held;
    await route.continue();
  });
  await page.getByRole('searchbox', { name: en['supplier.search'] }).fill(DEMO.supplier.email);
  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(rows(page)).toHaveCount(before);
  await expect(page.getByText(en['app.loading'])).toBeHidden();
  release();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(DEMO.supplier.email);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
});

for (const lang of ['en', 'lv', 'ru'] as const) {
  test(`a supplier is added, edited, connected to a salon's manufacturer and deleted (${lang})`, async ({ page }) => {
    const t = catalogs[lang];
    await openSuppliers(page);
    if (lang !== 'en') await new SalonShell(page).chooseLanguage(en[`lang.${lang}`]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['screen.suppliers']);
    const tag = unique();
    const first = `Līga${tag}`;
    const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');

    await page.getByRole('button', { name: t['supplier.add'] }).click();
    const add = page.getByRole('dialog', { name: t['supplier.new.title'] });
    await add.getByRole('button', { name: t['common.add'], exact: true }).click();
    await expect(add).toContainText(t['client.enterFirstName']);
    await expect(add).toContainText(t['validation.email.invalid']);
    await expect(add).toContainText(t['supplier.enterPassword']);
    await field(add, t, 'supplier.firstName').fill(first);
    await field(add, t, 'supplier.lastName').fill('Ozoliņa');
    await field(add, t, 'supplier.email').fill(`supplier-${tag}@example.test`);
    await field(add, t, 'supplier.phone').fill(`+371 26${digits}`);
    await field(add, t, 'supplier.password').fill('supplier-pass-1');
    await field(add, t, 'supplier.passwordRepeat').fill('supplier-pass-2');
    await add.getByRole('button', { name: t['common.add'], exact: true }).click();
    await expect(add).toContainText(t['supplier.passwordMismatch']);
    await field(add, t, 'supplier.passwordRepeat').fill('supplier-pass-1');
    await add.getByRole('button', { name: t['common.add'], exact: true }).click();
    await expect(add).toBeHidden();
    await page.getByRole('searchbox', { name: t['supplier.search'] }).fill(tag);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(`supplier-${tag}@example.test`);
    await expect(rows(page)).toContainText(`+371 26 ${digits.slice(0, 3)} ${digits.slice(3)}`);

    // The name opens the dialog headed by it; Save waits for a change.
    await rows(page)
      .getByRole('button', { name: `${first} Ozoliņa`, exact: true })
      .click();
    const edit = page.getByRole('dialog', { name: `${first} Ozoliņa` });
    const save = edit.getByRole('button', { name: t['common.save'], exact: true });
    await expect(save).toBeDisabled();
    await field(edit, t, 'supplier.lastName').fill('Kalniņa');
    await save.click();
    await expect(edit).toBeHidden();
    await expect(rows(page)).toContainText(`${first} Kalniņa`);

    // Connections: a row of the demo salon and one of its manufacturers.
    await rows(page)
      .getByRole('button', { name: `${t['common.edit']} ${first} Kalniņa` })
      .click();
    const dialog = page.getByRole('dialog', { name: `${first} Kalniņa` });
    await dialog.getByRole('tab', { name: t['supplier.tab.connections'] }).click();
    await expect(dialog).toContainText(t['supplier.connections.title']);
    const saveRows = dialog.getByRole('button', { name: t['common.save'], exact: true });
    await expect(saveRows).toBeDisabled();
    await dialog.getByRole('button', { name: t['supplier.connections.add'] }).click();
    await saveRows.click();
    await expect(dialog).toContainText(t['supplier.selectSalon']);
    const row = dialog.getByTestId('connection-row');
    await row.getByRole('button', { name: new RegExp(`${t['supplier.connections.salon']}$`) }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Demo salon', exact: true }).click();
    await row.getByRole('button', { name: new RegExp(`${t['supplier.connections.manufacturer']}$`) }).click();
    const manufacturer = (await page.getByRole('listbox').getByRole('option').first().textContent()) as string;
    await page.getByRole('listbox').getByRole('option').first().click();
    await saveRows.click();
    await expect(dialog).toBeHidden();
    await rows(page)
      .getByRole('button', { name: `${first} Kalniņa`, exact: true })
      .click();
    await page.getByRole('tab', { name: t['supplier.tab.connections'] }).click();
    await expect(page.getByTestId('connection-row')).toHaveCount(1);
    await expect(page.getByTestId('connection-row')).toContainText(manufacturer);
    await page.keyboard.press('Escape');

    await rows(page)
      .getByRole('button', { name: `${t['common.delete']} ${first} Kalniņa` })
      .click();
    const confirm = page.getByRole('dialog', { name: t['common.delete'] });
    await expect(confirm).toContainText(t['supplier.delete.body'].replace('{firstName}', first).replace('{lastName}', 'Kalniņa'));
    await confirm.getByRole('button', { name: t['common.yes'], exact: true }).click();
    await expect(rows(page)).toHaveCount(0);
    // The search still holds its tag: nothing matches it (the demo supplier is still there).
    await expect(page.getByText(t['supplier.noMatches'])).toBeVisible();
    await expect(page.getByText(t['supplier.empty'])).toBeHidden();
  });
}

test('the SUPPLIER lookup finds an existing account: identity shown read-only, no password, linked as it is', async ({ page }) => {
  await openSuppliers(page);
  const tag = unique();
  const email = `former-${tag}@example.test`;
  const id = await createSupplier(page, `Former${tag}`, 'Piegādātājs', email);
  expect((await api(page, DELETE, { input: { supplierId: id } })).errors).toBeUndefined();

  await page.getByRole('button', { name: en['supplier.add'] }).click();
  const add = page.getByRole('dialog', { name: en['supplier.new.title'] });
  await field(add, en, 'supplier.email').fill(email);
  await field(add, en, 'supplier.email').blur();
  await expect(add.getByText(en['supplier.lookup.exists'], { exact: false })).toBeVisible();
  await expect(field(add, en, 'supplier.firstName')).toHaveValue(`Former${tag}`);
  await expect(field(add, en, 'supplier.firstName')).toHaveAttribute('readonly', '');
  await expect(field(add, en, 'supplier.password')).toHaveCount(0);
  await add.getByRole('button', { name: en['common.add'], exact: true }).click();
  await expect(add).toBeHidden();
  await page.getByRole('searchbox', { name: en['supplier.search'] }).fill(tag);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`Former${tag} Piegādātājs`);
});
