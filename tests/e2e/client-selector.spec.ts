import { expect, test, type Locator, type Page } from '@playwright/test';
import { ClientForm } from './pages/clients-page';
import { graphql } from './support/api';
import { storedSessionToken } from './support/browser';
import { logIn, signUpOwner } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD, unique } from './support/users';

const { en } = catalogs;

/** The client selector (part 1 §2) inside New Appointment, opened from the timetable's button. */
async function openSelector(page: Page): Promise<{ dialog: Locator; input: Locator }> {
  await page.getByRole('button', { name: en['timetable.newAppointment'], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en['appointment.new'] });
  await expect(dialog).toBeVisible();
  return { dialog, input: dialog.getByRole('combobox', { name: en['appointment.client'] }) };
}

const uniquePhone = () => `+3712${String(Date.now() % 10_000_000).padStart(7, '0')}`;

test('searches clients on the mirror and shows phone and notes; a pick fills the field', async ({ page }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const { input } = await openSelector(page);
  await expect(input).toHaveAttribute('placeholder', en['clientSelector.walkIn']);
  await input.fill('sergejs');
  const option = page.getByRole('option', { name: /Sergejs Smirnovs/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText('+371 26 000 444');
  await expect(page.getByRole('option')).toHaveCount(1);
  await input.fill('priekšroku');
  await expect(page.getByRole('option').first()).toContainText('Dod priekšroku');
  await input.fill('2600 0444');
  await page.getByRole('option', { name: /Sergejs Smirnovs/ }).click();
  await expect(input).toHaveValue('Sergejs Smirnovs');
});

test('a blocked client asks first, showing when and by whom; No keeps the field empty, Yes selects', async ({ page }) => {
  const owner = await signUpOwner(page, { phone: '+371 2000 6789' });
  // Block a client on the Clients page, as the front desk would.
  await page.goto('/salon/clients');
  await page.getByRole('button', { name: en['clients.add'] }).click();
  const form = new ClientForm(page.getByRole('dialog'));
  const name = `Blocked${unique().slice(0, 5)}`;
  await form.fill({ firstName: name, gender: 'FEMALE', blocked: true });
  await form.button('common.add').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/salon/appointments');

  const { dialog, input } = await openSelector(page);
  await input.fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  const confirm = page.getByRole('dialog', { name: en['clientSelector.blockedTitle'] });
  await expect(confirm).toContainText(`${owner.firstName} ${owner.lastName}`);
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: en['common.no'] }).click();
  await expect(confirm).toHaveCount(0);
  await expect(input).toHaveValue('');
  await input.fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await page.getByRole('dialog', { name: en['clientSelector.blockedTitle'] }).getByRole('button', { name: en['common.yes'] }).click();
  await expect(input).toHaveValue(name);
  await expect(dialog).toBeVisible();
});

test('the add button creates a client and selects it; an existing phone selects that client instead', async ({ page }) => {
  await signUpOwner(page, { phone: '+371 2000 6790' });
  const { dialog, input } = await openSelector(page);
  await dialog.getByRole('button', { name: en['clientSelector.add'] }).click();
  const newClient = page.getByRole('dialog', { name: en['client.new'] });
  const form = new ClientForm(newClient);
  const phone = uniquePhone();
  await form.fill({ firstName: 'Ieva', lastName: 'Selektore', gender: 'FEMALE', phone });
  await form.button('common.add').click();
  await expect(newClient).toHaveCount(0);
  await expect(input).toHaveValue('Ieva Selektore');

  // PHONE_ALREADY_EXISTS while making an appointment: the existing client is selected and New Client closes.
  await dialog.getByRole('button', { name: en['common.cancel'] }).click();
  const again = await openSelector(page);
  await again.dialog.getByRole('button', { name: en['clientSelector.add'] }).click();
  const second = new ClientForm(page.getByRole('dialog', { name: en['client.new'] }));
  await second.fill({ firstName: 'Someone', gender: 'MALE', phone });
  await second.button('common.add').click();
  await expect(page.getByRole('dialog', { name: en['client.new'] })).toHaveCount(0);
  await expect(again.input).toHaveValue('Ieva Selektore');
});

test('a master sees only the personal information, read-only, and no phone when the salon hides it', async ({ page, browser }) => {
  // The owner hides client phones from masters (restored afterwards: the demo salon is shared).
  const ownerPage = await (await browser.newContext()).newPage();
  await logIn(ownerPage, DEMO.owner.email, DEMO_PASSWORD);
  const token = (await storedSessionToken(ownerPage)) as string;
  const salon = (await graphql<{ data: { viewer: { salon: { id: string } } } }>(ownerPage.request, '{ viewer { salon { id } } }', token))
    .data.viewer.salon.id;
  const hide = (on: boolean) =>
    graphql<{ errors?: unknown }>(
      ownerPage.request,
      `mutation { updateSalonClientPhoneSettings(input: { id: "${salon}", hideClientPhone: ${on} }) { id } }`,
      token,
    );
  expect((await hide(true)).errors).toBeUndefined();
  try {
    await logIn(page, DEMO.master.email, DEMO_PASSWORD);
    const { dialog, input } = await openSelector(page);
    await input.fill('sergejs');
    const option = page.getByRole('option', { name: /Sergejs Smirnovs/ });
    await expect(option).toBeVisible();
    await expect(option).not.toContainText('+371');
    await option.click();
    await dialog.getByRole('button', { name: en['clientSelector.add'] }).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: en['clientSelector.info'] }).click();
    const client = page.getByRole('dialog', { name: /Sergejs Smirnovs/ });
    await expect(client.getByRole('tab')).toHaveText([en['client.tab.personalInformation']]);
    await expect(client.getByLabel(en['client.phone'], { exact: true })).toHaveCount(0);
    await expect(client.getByLabel(en['client.firstName'], { exact: true })).toHaveAttribute('readonly', '');
    await expect(client.getByRole('button', { name: en['common.save'], exact: true })).toHaveCount(0);
  } finally {
    await hide(false);
  }
});
