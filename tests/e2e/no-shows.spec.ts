import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { ClientsPage } from './pages/clients-page';
import { ReportsPage } from './pages/reports-page';
import { SalonShell } from './pages/salon-shell';
import { SettingsPage } from './pages/settings-page';
import { graphql, salonRows } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { salonDay } from './support/drag';
import { signUpOwner } from './support/flows';
import { catalogs, type Messages } from './support/i18n';

/**
 * No-shows and late cancellations (issue 57 item 5, decision 079): the desk marks a visit that has begun as a no-show,
 * deletes a visit within the salon's window as a late cancellation, and sees both in the client's history and the
 * Report's no-show rate; offline, the mark waits in the outbox and reaches the server. A card's menu (a right click,
 * the context-menu key) offers what the dialog does.
 */
const { en, lv, ru } = catalogs;
const newId = () => randomBytes(12).toString('hex');

interface Visits {
  salonId: string;
  token: string;
  yesterday: string;
  tomorrow: string;
}

/**
 * A client "Ilze Kalna" (the API, as another device would) with a visit yesterday at 12:00 and one tomorrow at 12:00;
 * the master works both days, so the timetable shows them.
 */
async function twoVisits(page: Page): Promise<Visits> {
  const { salonId, token, rows } = await salonRows(page);
  const master = rows.find((r) => r.entity === 'masters')?.id;
  const service = rows.find((r) => r.entity === 'services')?.id;
  const client = await graphql<{ data: { createClient: { id: string } } }>(
    page.request,
    'mutation C($input: CreateClientInput!) { createClient(input: $input) { id } }',
    token,
    {
      input: { id: newId(), salon: salonId, firstName: 'Ilze', lastName: 'Kalna', gender: 'FEMALE', phone: null, email: null, notes: '' },
    },
  );
  const ids = { yesterday: newId(), tomorrow: newId() };
  for (const [key, n] of [
    ['yesterday', -1],
    ['tomorrow', 1],
  ] as const) {
    const day = salonDay(n);
    await graphql(page.request, 'mutation W($i: AddWorkingTimeInput!) { addWorkingTime(input: $i) { workingTime { id } } }', token, {
      i: { id: newId(), salon: salonId, master, startAt: `${day} 08:00`, endAt: `${day} 20:00` },
    });
    const line = {
      id: ids[key],
      master,
      cabinet: null,
      client: client.data.createClient.id,
      service,
      duration: 60,
      startAt: `${day} 12:00`,
      notes: '',
    };
    const booked = await graphql<{ data: { createAppointments: unknown[] } }>(
      page.request,
      'mutation B($input: CreateAppointmentsInput!) { createAppointments(input: $input) { id } }',
      token,
      { input: { salon: salonId, appointments: [line] } },
    );
    expect(booked.data.createAppointments).toHaveLength(1);
  }
  return { salonId, token, ...ids };
}

/** The appointment's outcome as the server has it. */
async function serverOutcome(page: Page, id: string): Promise<unknown> {
  const { rows } = await salonRows(page);
  return rows.find((r) => r.entity === 'appointments' && r.id === id)?.data.outcome;
}

/** Opens the day's timetable and its one card's Edit Appointment dialog. */
async function openVisit(page: Page, t: Messages, day: string) {
  await page.goto(`/salon/appointments?date=${day}`);
  await page.getByTestId('tt-card').click();
  const dialog = page.getByRole('dialog', { name: t['appointment.edit'] });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Marks the open appointment as a no-show through its confirmation. */
async function markNoShow(page: Page, t: Messages, dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByRole('button', { name: t['appointment.noShow.mark'], exact: true }).click();
  const confirm = page.getByRole('dialog', { name: t['appointment.noShow.title'] });
  await expect(confirm).toContainText(t['appointment.noShow.question']);
  await confirm.getByRole('button', { name: t['common.yes'], exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
}

test('No-shows and late cancellations: marked from the dialog, kept in the history, counted with the rate in the Report', async ({
  page,
}) => {
  await signUpOwner(page, { phone: '+371 2000 1234' });
  // The salon's window: two days, so tomorrow's visit is inside it at any hour of the run.
  const settings = new SettingsPage(page, en);
  await settings.openAdminFromMenu();
  const section = settings.section('settings.clientMessages.title');
  await settings.choose('settings.clientMessages.lateCancel', 'Less than 48 hours before the visit');
  await section.getByRole('button', { name: en['common.save'], exact: true }).click();
  await expect(section.getByText(en['settings.clientMessages.saved'], { exact: true })).toBeVisible();
  const visits = await twoVisits(page);

  // Yesterday's visit: the client did not come.
  const missed = await openVisit(page, en, salonDay(-1));
  await markNoShow(page, en, missed);
  await expect(page.getByTestId('tt-card')).toContainText(en['timetable.outcome.NO_SHOW']);
  await expect(page.getByTestId('tt-card')).toHaveAttribute('aria-label', new RegExp(`, ${en['timetable.outcome.NO_SHOW']}$`));
  await expect.poll(() => serverOutcome(page, visits.yesterday)).toBe('NO_SHOW');
  // Tomorrow's visit is cancelled within the window: the delete asks, ticked.
  const cancelled = await openVisit(page, en, salonDay(1));
  await cancelled.getByRole('button', { name: en['common.delete'], exact: true }).click();
  const confirm = page.getByRole('dialog', { name: en['appointment.deleteTitle'] });
  const late = confirm.getByRole('checkbox', { name: en['appointment.lateCancel'], exact: true });
  await expect(late).toBeChecked();
  await expect(confirm).toContainText(en['appointment.lateCancelNote']);
  await confirm.getByRole('button', { name: en['common.yes'], exact: true }).click();
  await expect(page.getByTestId('tt-card')).toHaveCount(0);
  await expect.poll(() => serverOutcome(page, visits.tomorrow)).toBe('LATE_CANCEL');

  // The card's popup tells the client's missed visits.
  await page.goto(`/salon/appointments?date=${salonDay(-1)}`);
  await page.getByTestId('tt-card').hover();
  await expect(page.getByTestId('hover-card-missed')).toHaveText('1 no-show, 1 late cancellation');
  // The card's menu from the keyboard: the context-menu key opens it with the focus on its first item, and it
  // offers what the dialog does; Escape gives the card its focus back.
  const card = page.getByTestId('tt-card');
  await page.mouse.move(0, 0);
  await card.focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('group', { name: en['hoverCard.actions'] });
  await expect(menu.getByRole('button', { name: en['common.edit'], exact: true })).toBeFocused();
  await expect(menu.getByRole('button')).toHaveText([
    en['common.edit'],
    en['appointment.noShow.unmark'],
    en['appointment.archive'],
    en['common.delete'],
  ]);
  await expectNoSeriousViolations(page, 'the card menu');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(card).toBeFocused();

  // The client's history counts both and names them.
  const clients = new ClientsPage(page, en);
  await clients.openFromMenu();
  const dialog = await clients.openClient('Ilze Kalna');
  await clients.tab(dialog, 'client.tab.appointments').click();
  await expect(dialog.getByTestId('stats-no-shows')).toHaveText('1');
  await expect(dialog.getByTestId('stats-late-cancels')).toHaveText('1');
  await expect(dialog.getByTestId('stats-total')).toHaveText('1');
  const history = dialog.getByRole('table', { name: en['client.tab.appointments'] });
  await expect(history.getByRole('row').filter({ hasText: en['timetable.outcome.NO_SHOW'] })).toHaveCount(1);
  await expect(history.getByRole('row').filter({ hasText: en['timetable.outcome.LATE_CANCEL'] })).toHaveCount(1);
  await page.keyboard.press('Escape');

  // The Report: one visit booked in the range, missed: a rate of 100 %; the list filtered by outcome.
  const report = new ReportsPage(page, en);
  await report.open(`?kind=missed_visits&from=${salonDay(-1)}&to=${salonDay(1)}`);
  await expect(report.kind).toContainText(en['report.kind.missed_visits']);
  const tile = (id: 'report.missed.visits' | 'report.missed.noShows' | 'report.missed.rate' | 'report.missed.lateCancels') =>
    page.getByRole('region', { name: en[id], exact: true }).getByTestId('tile-value');
  await expect(tile('report.missed.visits')).toHaveText('1');
  await expect(tile('report.missed.noShows')).toHaveText('1');
  await expect(tile('report.missed.rate')).toHaveText('100%');
  await expect(tile('report.missed.lateCancels')).toHaveText('1');
  await expect(page.getByTestId('missed-row')).toHaveCount(2);
  await page.getByRole('radio', { name: en['report.missed.shown.LATE_CANCEL'], exact: true }).click({ force: true });
  await expect(page.getByTestId('missed-row')).toHaveCount(1);
  await expect(page.getByTestId('missed-row')).toContainText(en['timetable.outcome.LATE_CANCEL']);
  await expectNoSeriousViolations(page);
});

for (const [language, t] of [
  ['lv', lv],
  ['ru', ru],
] as const) {
  test(
    `No-shows in ${language}: marked offline, the mark reaches the server, the words are ${language}`,
    { tag: SERVICE_WORKER },
    async ({ page, context }) => {
      await page.addInitScript((l) => localStorage.setItem('language', l), language);
      await signUpOwner(page, { phone: '+371 2000 1234' });
      const visits = await twoVisits(page);
      const dialog = await openVisit(page, t, salonDay(-1));
      const shell = new SalonShell(page, t);
      await context.setOffline(true);
      try {
        await expect(shell.status).toHaveText(t['status.offline']);
        await markNoShow(page, t, dialog);
        await expect(page.getByTestId('tt-card')).toContainText(t['timetable.outcome.NO_SHOW']);
        expect(await serverOutcome(page, visits.yesterday)).toBeNull();
      } finally {
        await context.setOffline(false);
      }
      await expect.poll(() => serverOutcome(page, visits.yesterday), { timeout: 20_000 }).toBe('NO_SHOW');
      // Taken back online from the card's menu (a right click): the mark goes on every device.
      await page.goto(`/salon/appointments?date=${salonDay(-1)}`);
      await page.getByTestId('tt-card').click({ button: 'right' });
      const menu = page.getByRole('group', { name: t['hoverCard.actions'] });
      await menu.getByRole('button', { name: t['appointment.noShow.unmark'], exact: true }).click();
      await expect(menu).toHaveCount(0);
      const confirm = page.getByRole('dialog', { name: t['appointment.noShow.unmarkTitle'] });
      await confirm.getByRole('button', { name: t['common.yes'], exact: true }).click();
      await expect(page.getByTestId('tt-card')).not.toContainText(t['timetable.outcome.NO_SHOW']);
      await expect.poll(() => serverOutcome(page, visits.yesterday)).toBeNull();
    },
  );
}
