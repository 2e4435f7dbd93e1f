import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { graphql, salonRows } from './support/api';
import { signUpOwner } from './support/flows';
import { catalogs, type Messages } from './support/i18n';
import { waitForMailWith } from './support/mailbox';
import { waitForServiceWorkerControl } from './support/browser';
import { bookablePage, bookThroughApi, tomorrow } from './support/online-booking';
import { unique } from './support/users';
import { uniquePhone } from './support/clients';

/**
 * Online booking (issue 61): Salon settings → Online booking in en, lv and ru, saved online and offline, a taken
 * address refused on its field; a booking a client makes on the salon's page appears on the open timetable, marked.
 */
const { en } = catalogs;
const newId = () => randomBytes(12).toString('hex');

async function openSettings(page: Page, t: Messages) {
  await page.getByRole('navigation', { name: t['menu.main'] }).getByRole('button', { name: t['menu.settings'], exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: t['menu.settings.onlineBooking'], exact: true }).click();
  await expect(page).toHaveURL(/\/salon\/settings\/online-booking$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['screen.onlineBooking']);
}

for (const lang of ['en', 'lv', 'ru'] as const) {
  test(`the owner turns online booking on in ${lang}; a taken address is refused on its field`, async ({ page }) => {
    const t = catalogs[lang];
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await signUpOwner(page, { phone: uniquePhone() });
    await openSettings(page, t);
    await expect(page.getByText(t['onlineBooking.pageOff'])).toBeVisible();
    // Every service and active master is offered at first.
    const services = page.getByRole('group', { name: t['onlineBooking.services'] });
    await expect(services.getByRole('checkbox').first()).toBeChecked();
    const enabled = page.getByRole('checkbox', { name: t['onlineBooking.enabled'], exact: true });
    // React Aria's input is visually hidden under its label: clicked as the other specs click it.
    await enabled.click({ force: true });
    await expect(enabled).toBeChecked();

    const address = page.getByLabel(t['onlineBooking.slug'], { exact: true });
    await address.fill('demo');
    await page.getByRole('button', { name: t['common.save'], exact: true }).click();
    await expect(page.getByText(t['onlineBooking.slugTaken'])).toBeVisible();

    const slug = `salon-${unique()}`.toLowerCase().slice(0, 40);
    await address.fill(slug);
    await services.getByRole('button', { name: t['onlineBooking.selectNone'] }).click();
    await expect(services.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await page.getByRole('button', { name: t['common.save'], exact: true }).click();
    await expect(page.getByText(t['onlineBooking.chooseServices'])).toBeVisible();
    await services.getByRole('button', { name: t['onlineBooking.selectAll'] }).click();
    await page.getByRole('button', { name: t['common.save'], exact: true }).click();
    await expect(page.getByText(t['settings.saved'])).toBeVisible();
    await expect(page.getByTestId('booking-page-url')).toHaveText(new RegExp(`/book/${slug}$`));
  });
}

test('saved offline, the settings go out when the line is back', { tag: SERVICE_WORKER }, async ({ page, context }) => {
  await signUpOwner(page, { phone: uniquePhone() });
  await waitForServiceWorkerControl(page);
  await openSettings(page, en);
  await page.getByRole('checkbox', { name: en['onlineBooking.enabled'], exact: true }).click({ force: true });
  const slug = `offline-${unique()}`.toLowerCase().slice(0, 40);
  await page.getByLabel(en['onlineBooking.slug'], { exact: true }).fill(slug);
  await context.setOffline(true);
  await page.getByRole('button', { name: en['common.save'], exact: true }).click();
  await expect(page.getByText(en['settings.savedOffline'])).toBeVisible();
  await context.setOffline(false);
  const { token } = await salonRows(page);
  await expect
    .poll(async () => {
      const body = await graphql<{ data: { viewer: { salon: { settings: { onlineBooking: { slug: string } | null } } } } }>(
        page.request,
        '{ viewer { salon { settings { onlineBooking { slug } } } } }',
        token,
      );
      return body.data.viewer.salon.settings.onlineBooking?.slug ?? null;
    })
    .toBe(slug);
});

test('a client’s booking from the page appears on the open timetable within a second, marked as online', async ({ page }) => {
  await signUpOwner(page, { phone: uniquePhone() });
  const booking = await bookablePage(page);
  await page.goto(`/salon/appointments?date=${booking.date}`);
  await expect(page.getByTestId('tt-col-head')).toHaveCount(1);
  await expect(page.getByTestId('tt-card')).toHaveCount(0);

  // The client, on the page: a code by e-mail, then the booking.
  const email = await bookThroughApi(page, booking, `${booking.date} 10:00`);

  const card = page.getByTestId('tt-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('img', { name: en['timetable.byClient'] })).toBeVisible();
  await card.click();
  await expect(page.getByRole('dialog', { name: en['appointment.edit'] }).getByTestId('created-by')).toHaveText(
    en['appointment.bookedOnline'],
  );
  await waitForMailWith(email, '/book/manage/');
});

test(
  'New Appointment finds the master’s next free time from the mirror, offline too',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await signUpOwner(page, { phone: uniquePhone() });
    const { salonId, token, rows } = await salonRows(page);
    const service = rows.find((r) => r.entity === 'services' && r.data.duration === 60)!;
    const master = rows.find(
      (r) => r.entity === 'masters' && (r.data.serviceGroupIds as string[]).includes(service.data.groupId as string),
    )!;
    const date = tomorrow();
    const call = async (query: string, variables: Record<string, unknown>) => {
      const body = await graphql<{ errors?: unknown }>(page.request, query, token, variables);
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    };
    // The master works 10:00-13:00 tomorrow and is busy 10:00-11:00.
    await call('mutation W($i: AddWorkingTimeInput!) { addWorkingTime(input: $i) { workingTime { id } } }', {
      i: { id: newId(), salon: salonId, master: master.id, startAt: `${date} 10:00`, endAt: `${date} 13:00` },
    });
    const busy = {
      id: newId(),
      master: master.id,
      cabinet: null,
      client: null,
      service: service.id,
      duration: 60,
      startAt: `${date} 10:00`,
      notes: '',
    };
    await call('mutation A($i: CreateAppointmentsInput!) { createAppointments(input: $i) { id } }', {
      i: { salon: salonId, appointments: [busy] },
    });
    await page.goto(`/salon/appointments?date=${date}`);
    await expect(page.getByTestId('tt-card')).toHaveCount(1);
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);

    await page.getByRole('button', { name: new RegExp(`^${en['timetable.slot'].split(':')[0]}: .*, 12:00$`) }).click();
    const form = page.getByRole('dialog', { name: en['appointment.new'] });
    await form.getByRole('combobox', { name: en['appointment.service'] }).click();
    await page.getByRole('option').filter({ hasText: '60' }).first().click();
    await form.getByRole('button', { name: en['appointment.findNextFree'] }).click();
    const found = form.getByTestId('next-free-times');
    await expect(found).toContainText(en['appointment.nextFree'].replace('{master}', master.data.firstName as string));
    const [y, m, d] = date.split('-');
    const first = found.getByRole('button').first();
    await expect(first).toHaveText(`${d}.${m}.${y} 11:00`);
    await first.click();
    await expect(form.getByRole('button', { name: new RegExp(en['appointment.startTime']) })).toContainText('11:00');
    await form.getByRole('button', { name: en['appointment.create'] }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByTestId('tt-card')).toHaveCount(2);
    await context.setOffline(false);
  },
);
