import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { SalonShell } from './pages/salon-shell';
import { SettingsPage } from './pages/settings-page';
import { graphql, salonRows } from './support/api';
import { signUpOwner } from './support/flows';
import { catalogs, type Messages } from './support/i18n';
import { waitForMailWith } from './support/mailbox';
import { waitForSmsWith } from './support/sms-log';
import { unique } from './support/users';

const { en, lv, ru } = catalogs;
/** An id as the app makes them (src/domain/ids.ts). */
const newId = () => randomBytes(12).toString('hex');

/** A day after today in the salon's zone, as the booking's wall time. */
const dayAfter = (days: number, time: string) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)} ${time}`;
};

/** A minute of the day as the settings' selects show it in en (24 h). */
const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/** The minute of the day now in the salon's zone. */
const rigaMinute = () => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Riga', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date())
    .split(':')
    .map(Number);
  return h! * 60 + m!;
};

/** Salon settings → Client messages, in `t`'s language, on a fresh salon. */
async function clientMessages(page: Page, t: Messages) {
  const settings = new SettingsPage(page, t);
  await settings.openFromMenu();
  const section = settings.section('settings.clientMessages.title');
  const box = (label: string) => section.getByRole('checkbox', { name: label, exact: true });
  const reminder = (hours: number, text: string) => box(text.replace('{hours, plural, one {# hour} other {# hours}}', `${hours} hours`));
  return { settings, section, box, reminder, save: section.getByRole('button', { name: t['common.save'], exact: true }) };
}

test('Client messages: the owner chooses them, a booking is confirmed by e-mail and SMS, a move tells the new time', async ({ page }) => {
  await signUpOwner(page, { phone: '+371 2000 1234' });
  const { settings, section, box, reminder, save } = await clientMessages(page, en);
  await expect(section).toContainText(en['settings.clientMessages.note']);
  await expect(box(en['settings.clientMessages.confirmation'])).toBeChecked();
  // The run's server has an SMS provider (the fake): SMS are on by default and say nothing of a missing one.
  await expect(box(en['settings.clientMessages.sms'])).toBeChecked();
  await expect(section).not.toContainText(en['settings.clientMessages.smsNotConfigured']);
  // Quiet hours away from now, so the SMS goes at once at any hour of the run.
  const quietFrom = (Math.floor(rigaMinute() / 30) * 30 + 180) % 1440;
  await settings.choose('settings.clientMessages.quietFrom', hhmm(quietFrom));
  await settings.choose('settings.clientMessages.quietTo', hhmm((quietFrom + 60) % 1440));
  const text = en['settings.clientMessages.reminder'];
  await expect(reminder(24, text)).toBeChecked();

  // Three reminders are one too many: refused on the field, nothing saved.
  await reminder(2, text).click({ force: true });
  await reminder(48, text).click({ force: true });
  await save.click();
  await expect(section.getByText(en['settings.clientMessages.twoReminders'], { exact: true })).toBeVisible();
  await reminder(48, text).click({ force: true });
  await save.click();
  await expect(section.getByText(en['settings.clientMessages.saved'], { exact: true })).toBeVisible();

  // A client with an e-mail and a phone books (through the API, as another device would) and is told, once each way.
  const { salonId, token, rows } = await salonRows(page);
  const master = rows.find((r) => r.entity === 'masters')?.id;
  const service = rows.find((r) => r.entity === 'services')?.id;
  const email = `client-${unique()}@example.test`;
  const phone = `+3712${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  const client = await graphql<{ data: { createClient: { id: string } } }>(
    page.request,
    `
      mutation C($input: CreateClientInput!) {
        createClient(input: $input) {
          id
        }
      }
    `,
    token,
    {
      input: {
        id: newId(),
        salon: salonId,
        firstName: 'Ilze',
        lastName: 'Kalna',
        gender: 'FEMALE',
        phone,
        email,
        notes: '',
        birthday: null,
        blocked: false,
      },
    },
  );
  const line = {
    id: newId(),
    master,
    cabinet: null,
    client: client.data.createClient.id,
    service,
    duration: 30,
    startAt: dayAfter(3, '10:00'),
    notes: '',
  };
  const booked = await graphql<{ data: { createAppointments: Array<{ id: string }> } }>(
    page.request,
    `
      mutation B($input: CreateAppointmentsInput!) {
        createAppointments(input: $input) {
          id
        }
      }
    `,
    token,
    { input: { salon: salonId, appointments: [line] } },
  );
  expect(booked.data.createAppointments).toHaveLength(1);
  const confirmation = await waitForMailWith(email, '10:00');
  expect(confirmation).toContain('Ilze');
  const sms = await waitForSmsWith(phone, '10:00');
  expect(sms.body).toContain('STOP');

  await graphql(
    page.request,
    `
      mutation U($input: UpdateAppointmentInput!) {
        updateAppointment(input: $input) {
          id
        }
      }
    `,
    token,
    {
      input: {
        appointmentId: line.id,
        master,
        cabinet: null,
        client: line.client,
        service,
        duration: 30,
        startAt: dayAfter(4, '12:30'),
        notes: '',
      },
    },
  );
  await waitForMailWith(email, '12:30');
  await waitForSmsWith(phone, '12:30');
});

for (const [language, t] of [
  ['lv', lv],
  ['ru', ru],
] as const) {
  test(`Client messages in ${language}: the section's words, and a choice saved offline reaches the server`, async ({ page, context }) => {
    await page.addInitScript((l) => localStorage.setItem('language', l), language);
    await signUpOwner(page, { phone: '+371 2000 1234' });
    const { section, box, save } = await clientMessages(page, t);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(t['settings.clientMessages.title']);
    await expect(box(t['settings.clientMessages.sms'])).toBeChecked();
    const shell = new SalonShell(page, t);
    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(t['status.offline']);
      await box(t['settings.clientMessages.noShow']).click({ force: true });
      await save.click();
      await expect(section.getByText(t['settings.savedOffline'], { exact: true })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(shell.status).toHaveText(t['status.online']);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);
    const { salonId, token } = await salonRows(page);
    await expect
      .poll(async () => {
        const body = await graphql<{
          data: { viewer: { salon: { id: string; settings: { clientMessages: { noShow: boolean } | null } } } };
        }>(page.request, '{ viewer { salon { id settings { clientMessages { noShow } } } } }', token);
        return body.data.viewer.salon.id === salonId ? body.data.viewer.salon.settings.clientMessages?.noShow : null;
      })
      .toBe(true);
  });
}
