import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { SalonShell } from './pages/salon-shell';
import { SettingsPage } from './pages/settings-page';
import { graphql, salonRows } from './support/api';
import { signUpOwner } from './support/flows';
import { catalogs, type Messages } from './support/i18n';
import { newestMailLink, waitForMailWith } from './support/mailbox';
import { ClientsPage } from './pages/clients-page';
import { expectNoSeriousViolations } from './support/axe';
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

/** Settings › Admin settings → Client messages, in `t`'s language, on a fresh salon. */
async function clientMessages(page: Page, t: Messages) {
  const settings = new SettingsPage(page, t);
  await settings.openAdminFromMenu();
  const section = settings.section('settings.clientMessages.title');
  const box = (label: string) => section.getByRole('checkbox', { name: label, exact: true });
  const reminder = (hours: number, text: string) => box(text.replace('{hours, plural, one {# hour} other {# hours}}', `${hours} hours`));
  return { settings, section, box, reminder, save: section.getByRole('button', { name: t['common.save'], exact: true }) };
}

interface Booking {
  salonId: string;
  email: string;
  phone: string;
  token: string;
  input: Record<string, unknown>;
}

/**
 * A client "Ilze Kalna" with an e-mail, a phone and `language` books (through the API, as another device would) 3 days
 * ahead at 10:00; the mail and the SMS confirm it in the client's language, once.
 */
async function bookAndSee(page: Page, language: 'en' | 'lv' | 'ru'): Promise<Booking> {
  const t = catalogs[language];
  const { salonId, token, rows } = await salonRows(page);
  const master = rows.find((r) => r.entity === 'masters')?.id;
  const service = rows.find((r) => r.entity === 'services')?.id;
  const email = `client-${unique()}@example.test`;
  const phone = `+3712${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  const client = await graphql<{ data: { createClient: { id: string } } }>(
    page.request,
    'mutation C($input: CreateClientInput!) { createClient(input: $input) { id } }',
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
        language,
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
    'mutation B($input: CreateAppointmentsInput!) { createAppointments(input: $input) { id } }',
    token,
    { input: { salon: salonId, appointments: [line] } },
  );
  expect(booked.data.createAppointments).toHaveLength(1);
  const booking = t['clientMessage.CONFIRMATION.body'].split('{salon}')[0]!.replace('{name}', 'Ilze');
  const confirmation = await waitForMailWith(email, '10:00');
  expect(confirmation).toContain(booking);
  expect(confirmation).toContain(t['clientMessage.unsubscribe'].split('{link}')[0]!.trim());
  const sms = await waitForSmsWith(phone, '10:00');
  expect(sms.body).toContain(booking);
  expect(sms.body).toContain(t['clientMessage.smsStop']);
  const { id, ...rest } = line;
  return { salonId, email, phone, token, input: { appointmentId: id, ...rest } };
}

/** The booking moves to 12:30 the next day; the mail and the SMS tell the new time. */
async function moveAndSee(page: Page, booking: Booking, t: Messages) {
  await graphql(page.request, 'mutation U($input: UpdateAppointmentInput!) { updateAppointment(input: $input) { id } }', booking.token, {
    input: { ...booking.input, startAt: dayAfter(4, '12:30') },
  });
  const moved = t['clientMessage.MOVED.body'].split('{salon}')[0]!.replace('{name}', 'Ilze');
  expect(await waitForMailWith(booking.email, '12:30')).toContain(moved);
  expect((await waitForSmsWith(booking.phone, '12:30')).body).toContain(moved);
}

/** The list of messages (issue 57 item 6) in `scope`, and its rows of one message kind and channel. */
function messageList(scope: Locator, t: Messages) {
  const list = scope.getByTestId('client-message-list');
  const rows = (kind: string, channel: 'EMAIL' | 'SMS') =>
    list
      .getByRole('row')
      .filter({ has: page(scope).getByRole('cell', { name: t[`clientMessages.kind.${kind}` as keyof Messages], exact: true }) })
      .filter({ has: page(scope).getByRole('cell', { name: t[`clientMessages.channel.${channel}`], exact: true }) });
  const status = (status: string, reason?: string) =>
    reason
      ? t['clientMessages.list.withReason']
          .replace('{status}', t[`clientMessages.status.${status}` as keyof Messages])
          .replace('{reason}', t[`clientMessages.reason.${reason}` as keyof Messages])
      : t[`clientMessages.status.${status}` as keyof Messages];
  return { list, rows, status };
}
const page = (scope: Locator) => scope.page();

/**
 * Opens the client's dialog on its Messages tab: the confirmations went (the SMS delivered, by the fake's report), the
 * salon's `reminders` wait on each channel. The dialog stays open.
 */
async function clientMessagesTab(p: Page, t: Messages, reminders: number) {
  const clients = new ClientsPage(p, t);
  await clients.openFromMenu();
  const dialog = await clients.openClient('Ilze Kalna');
  await dialog.getByRole('tab', { name: t['clientMessages.list.tab'], exact: true }).click();
  const messages = messageList(dialog, t);
  await expect(messages.rows('CONFIRMATION', 'EMAIL')).toContainText(messages.status('SENT'));
  await expect(messages.rows('CONFIRMATION', 'SMS')).toContainText(messages.status('DELIVERED'));
  for (const channel of ['EMAIL', 'SMS'] as const) {
    await expect(messages.rows('REMINDER', channel).filter({ hasText: messages.status('SCHEDULED') })).toHaveCount(reminders);
  }
  return { dialog, messages };
}

/** After the move, live in the open list: the old reminders replaced, the new time sent, new reminders waiting. */
async function seeReplaced(messages: ReturnType<typeof messageList>, reminders: number) {
  for (const channel of ['EMAIL', 'SMS'] as const) {
    await expect(messages.rows('REMINDER', channel).filter({ hasText: messages.status('CANCELLED', 'REPLACED') })).toHaveCount(reminders);
    await expect(messages.rows('REMINDER', channel).filter({ hasText: messages.status('SCHEDULED') })).toHaveCount(reminders);
  }
  await expect(messages.rows('MOVED', 'EMAIL')).toContainText(messages.status('SENT'));
  await expect(messages.rows('MOVED', 'SMS')).toContainText(messages.status('DELIVERED'));
}

/** Quiet hours away from now, so an SMS goes at once at any hour of the run. */
async function quietHoursAwayFromNow(settings: SettingsPage) {
  const quietFrom = (Math.floor(rigaMinute() / 30) * 30 + 180) % 1440;
  await settings.choose('settings.clientMessages.quietFrom', hhmm(quietFrom));
  await settings.choose('settings.clientMessages.quietTo', hhmm((quietFrom + 60) % 1440));
}

test('Client messages: the owner chooses them, a booking is confirmed by e-mail and SMS, a move tells the new time and replaces the reminder, the client unsubscribes', async ({
  page,
  browser,
}) => {
  const owner = await signUpOwner(page, { phone: '+371 2000 1234' });
  const { settings, section, box, reminder, save } = await clientMessages(page, en);
  await expect(section).toContainText(en['settings.clientMessages.note']);
  await expect(box(en['settings.clientMessages.confirmation'])).toBeChecked();
  // The run's server has an SMS provider (the fake): SMS are on by default and say nothing of a missing one.
  await expect(box(en['settings.clientMessages.sms'])).toBeChecked();
  await expect(section).not.toContainText(en['settings.clientMessages.smsNotConfigured']);
  await quietHoursAwayFromNow(settings);
  const text = en['settings.clientMessages.reminder'];
  await expect(reminder(24, text)).toBeChecked();

  // Three reminders are one too many: refused on the field, nothing saved.
  await reminder(2, text).dispatchEvent('click');
  await reminder(48, text).dispatchEvent('click');
  await save.click();
  await expect(section.getByText(en['settings.clientMessages.twoReminders'], { exact: true })).toBeVisible();
  await reminder(48, text).dispatchEvent('click');
  await save.click();
  await expect(section.getByText(en['settings.clientMessages.saved'], { exact: true })).toBeVisible();

  const booking = await bookAndSee(page, 'en');
  // Two reminders chosen above (2 and 24 hours before).
  const { dialog, messages } = await clientMessagesTab(page, en, 2);
  await moveAndSee(page, booking, en);
  await seeReplaced(messages, 2);
  await expectNoSeriousViolations(page);
  const { email } = booking;

  // The client opens the mail's unsubscribe link on their own device: the page asks, the button unsubscribes.
  const link = newestMailLink(email, '/unsubscribe/');
  expect(link).not.toBeNull();
  const device = await browser.newContext();
  try {
    const visitor = await device.newPage();
    await visitor.goto(link!);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(en['unsubscribe.title'].replace('{salon}', owner.salonName));
    await visitor.getByRole('button', { name: en['unsubscribe.button'], exact: true }).click();
    await expect(visitor.getByRole('status')).toHaveText(en['unsubscribe.done'].replace('{salon}', owner.salonName));
  } finally {
    await device.close();
  }
  // The salon's client dialog shows it, live: the reminders cancelled, the consent off.
  for (const channel of ['EMAIL', 'SMS'] as const) {
    await expect(messages.rows('REMINDER', channel).filter({ hasText: messages.status('CANCELLED', 'NO_CONSENT') })).toHaveCount(2);
  }
  await dialog.getByRole('tab', { name: en['client.tab.personalInformation'], exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: en['client.messageConsent'], exact: true })).not.toBeChecked();
  await page.keyboard.press('Escape');

  // The appointment's dialog lists what was sent about it (the master gets the day's hours, so the day shows it).
  const day = dayAfter(4, '12:30').slice(0, 10);
  const input = { id: newId(), salon: booking.salonId, master: booking.input.master, startAt: `${day} 08:00`, endAt: `${day} 20:00` };
  await graphql(page.request, 'mutation W($i: AddWorkingTimeInput!) { addWorkingTime(input: $i) { workingTime { id } } }', booking.token, {
    i: input,
  });
  await page.goto(`/salon/appointments?date=${day}`);
  await page.getByTestId('tt-card').click();
  const appointment = page.getByRole('dialog');
  await appointment.getByRole('tab', { name: en['clientMessages.list.tab'], exact: true }).click();
  const about = messageList(appointment, en);
  await expect(about.rows('MOVED', 'SMS')).toContainText(about.status('DELIVERED'));
  await expect(about.rows('CONFIRMATION', 'EMAIL')).toContainText(about.status('SENT'));
  await expect(about.list.getByRole('columnheader', { name: en['clientMessages.list.visit'] })).toHaveCount(0);
});

for (const [language, t] of [
  ['lv', lv],
  ['ru', ru],
] as const) {
  test(
    `Client messages in ${language}: the section's words, a choice saved offline reaches the server, the client is told in ${language}, the list shows the reminder replaced`,
    { tag: SERVICE_WORKER },
    async ({ page, context }) => {
      await page.addInitScript((l) => localStorage.setItem('language', l), language);
      await signUpOwner(page, { phone: '+371 2000 1234' });
      const { settings, section, box, save } = await clientMessages(page, t);
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(t['settings.clientMessages.title']);
      await expect(box(t['settings.clientMessages.sms'])).toBeChecked();
      const shell = new SalonShell(page, t);
      await context.setOffline(true);
      try {
        await expect(shell.status).toHaveText(t['status.offline']);
        await box(t['settings.clientMessages.noShow']).dispatchEvent('click');
        await quietHoursAwayFromNow(settings);
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
      const booking = await bookAndSee(page, language);
      // The salon's default: one reminder, 24 hours before.
      const { dialog, messages } = await clientMessagesTab(page, t, 1);
      await moveAndSee(page, booking, t);
      await seeReplaced(messages, 1);
      // Offline the list stays, saying when it was read.
      await context.setOffline(true);
      try {
        await expect(dialog.getByText(t['offline.asOf'].split('{time}')[0]!.trim())).toBeVisible();
        await expect(messages.rows('MOVED', 'EMAIL')).toContainText(messages.status('SENT'));
      } finally {
        await context.setOffline(false);
      }
    },
  );
}
