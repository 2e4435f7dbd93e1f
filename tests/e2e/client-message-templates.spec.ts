import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { SettingsPage } from './pages/settings-page';
import { graphql, salonRows } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { salonDay } from './support/drag';
import { signUpOwner } from './support/flows';
import { catalogs, type Messages } from './support/i18n';
import { waitForMailWith } from './support/mailbox';
import { unique } from './support/users';

/**
 * Salon settings → Message texts (issue 57 item 4, decision 080): the owner writes the salon's own text of a message
 * in a language, sees it filled in the preview, cannot save a placeholder that does not exist, and the client gets
 * that text; a reset brings the default back.
 */
const { en, lv, ru } = catalogs;
const newId = () => randomBytes(12).toString('hex');

/** The Message texts section in `t`'s language. */
async function templates(page: Page, t: Messages) {
  const settings = new SettingsPage(page, t);
  await settings.openAdminFromMenu();
  const section = page.getByRole('region', { name: t['settings.templates.title'], exact: true });
  const choose = async (label: string, option: string) => {
    await section.getByRole('button', { name: new RegExp(label) }).click();
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
  };
  return {
    section,
    choose,
    subject: section.getByLabel(t['settings.templates.subject'], { exact: true }),
    body: section.getByLabel(t['settings.templates.body'], { exact: true }),
    preview: section.getByTestId('template-preview-body'),
    state: section.getByTestId('template-state'),
    save: section.getByRole('button', { name: t['common.save'], exact: true }),
    reset: section.getByRole('button', { name: t['settings.templates.reset'], exact: true }),
  };
}

/** Turns confirmations on by e-mail (through the API) and books a Latvian-speaking client tomorrow at 10:00. */
async function bookLatvianClient(page: Page): Promise<string> {
  const { salonId, token, rows } = await salonRows(page);
  await graphql(
    page.request,
    'mutation M($input: UpdateSalonClientMessagesInput!) { updateSalonClientMessages(input: $input) { id } }',
    token,
    {
      input: {
        id: salonId,
        clientMessages: {
          confirmation: true,
          reminders: [],
          moved: false,
          cancelled: false,
          noShow: false,
          email: true,
          sms: false,
          quietFrom: 0,
          quietTo: 0,
        },
      },
    },
  );
  const email = `client-${unique()}@example.test`;
  const client = await graphql<{ data: { createClient: { id: string } } }>(
    page.request,
    'mutation C($input: CreateClientInput!) { createClient(input: $input) { id } }',
    token,
    {
      input: {
        id: newId(),
        salon: salonId,
        firstName: 'Marta',
        lastName: 'Liepa',
        gender: 'FEMALE',
        phone: null,
        email,
        notes: '',
        language: 'lv',
      },
    },
  );
  const line = {
    id: newId(),
    master: rows.find((r) => r.entity === 'masters')?.id,
    cabinet: null,
    client: client.data.createClient.id,
    service: rows.find((r) => r.entity === 'services')?.id,
    duration: 30,
    startAt: `${salonDay(1)} 10:00`,
    notes: '',
  };
  await graphql(page.request, 'mutation B($input: CreateAppointmentsInput!) { createAppointments(input: $input) { id } }', token, {
    input: { salon: salonId, appointments: [line] },
  });
  return email;
}

test('Message texts: the owner writes the Latvian confirmation, sees the preview, the client gets it; reset brings the default back', async ({
  page,
}) => {
  await signUpOwner(page, { phone: '+371 2000 1234' });
  const form = await templates(page, en);
  await expect(form.section).toContainText('{name} {salon} {address} {phone} {service} {master} {what} {date} {time}');
  await form.choose(en['settings.templates.language'], en['lang.lv']);
  // The default text, in Latvian, as the catalog has it.
  await expect(form.body).toHaveValue(lv['clientMessage.CONFIRMATION.body']);
  await expect(form.state).toHaveText(en['settings.templates.default']);

  await form.body.fill('Sveika, {name}! {service} pie {master}, {date} {time}. Līdz tikšanās reizei, {vards}!');
  await form.save.click();
  await expect(form.section.getByText(en['settings.templates.unknownPlaceholder'], { exact: true })).toBeVisible();
  await form.body.fill('Sveika, {name}! {service} pie {master}, {date} {time}. Zvaniet {phone}. Līdz tikšanās reizei!');
  await form.subject.fill('{salon}: jūsu vizīte {date}');
  // {phone} is the salon's: its owner's.
  await expect(form.preview).toHaveText(
    /^Sveika, Anna! Haircut pie Līga Ozola, \d\d\.\d\d\.\d{4} 10:00\. Zvaniet \+371 ?2000 ?1234\. Līdz tikšanās reizei!$/,
  );
  await form.save.click();
  await expect(form.section.getByText(en['settings.templates.saved'], { exact: true })).toBeVisible();
  await expect(form.state).toHaveText(en['settings.templates.custom']);
  await expectNoSeriousViolations(page);

  const email = await bookLatvianClient(page);
  const mail = await waitForMailWith(email, 'Līdz tikšanās reizei!');
  expect(mail).toMatch(/Sveika, Marta! .+ pie .+, \d\d\.\d\d\.\d{4} 10:00\. Zvaniet \+371 ?2000 ?1234\./);

  // Back to the default.
  await form.reset.click();
  await expect(form.section.getByText(en['settings.templates.resetDone'], { exact: true })).toBeVisible();
  await expect(form.body).toHaveValue(lv['clientMessage.CONFIRMATION.body']);
  await expect(form.state).toHaveText(en['settings.templates.default']);
});

for (const [language, t] of [
  ['lv', lv],
  ['ru', ru],
] as const) {
  test(`Message texts in ${language}: the section's words, the default of the screen's language, the preview filled`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('language', l), language);
    await signUpOwner(page, { phone: '+371 2000 1234' });
    const form = await templates(page, t);
    await expect(form.section.getByRole('heading', { level: 2 })).toHaveText(t['settings.templates.title']);
    await expect(form.body).toHaveValue(t['clientMessage.CONFIRMATION.body']);
    await form.choose(t['settings.templates.kind'], t['clientMessages.kind.REMINDER']);
    await expect(form.subject).toHaveValue(t['clientMessage.REMINDER.subject']);
    await expect(form.preview).toContainText(t['settings.templates.sample.name']);
    await expect(form.preview).not.toContainText('{');
  });
}
