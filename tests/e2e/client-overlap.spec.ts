import { expect, test, type Locator, type Page } from '@playwright/test';
import { salonDay, salonWithTwoMasters } from './support/drag';
import { pick } from './support/money-flow';
import { api } from './support/sales';
import { catalogs } from './support/i18n';

const { en } = catalogs;
const hex24 = () => Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

const line = (form: Locator, i: number) => form.getByTestId('appointment-line').nth(i);

/** Fills service line `i`: the master, the first service that master offers, and the start time. */
async function fillLine(page: Page, form: Locator, i: number, master: string, time: string) {
  await pick(page, line(form, i), en['appointment.master'], master);
  await line(form, i).getByRole('combobox', { name: en['appointment.service'] }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await pick(page, line(form, i), en['appointment.startTime'], time);
}

test('one client in two chairs at once is warned on the form and booked only once confirmed (issue 24 item 7)', async ({ page }) => {
  const day = salonDay(1);
  const salon = await salonWithTwoMasters(page, [day]);
  const [a, b] = salon.masters as [{ id: string; name: string }, { id: string; name: string }];
  const client = { id: hex24(), firstName: 'Inese', lastName: `Overlap${hex24().slice(0, 4)}` };
  const made = await api(page, 'mutation C($i: CreateClientInput!) { createClient(input: $i) { id } }', {
    i: { id: client.id, salon: salon.salonId, firstName: client.firstName, lastName: client.lastName, gender: 'FEMALE', phone: null },
  });
  expect(made.errors).toBeUndefined();
  const booked = await api(page, 'mutation A($i: CreateAppointmentsInput!) { createAppointments(input: $i) { id } }', {
    i: {
      salon: salon.salonId,
      appointments: [{ id: hex24(), master: a.id, client: client.id, service: salon.service.id, duration: 60, startAt: `${day} 10:00` }],
    },
  });
  expect(booked.errors).toBeUndefined();
  await page.goto(`/salon/appointments?date=${day}`);
  const cards = page.getByTestId('tt-card');
  await expect(cards).toHaveCount(1);

  await page.getByRole('button', { name: en['timetable.newAppointment'], exact: true }).click();
  const form = page.getByRole('dialog', { name: en['appointment.new'] });
  const name = `${client.firstName} ${client.lastName}`;
  await form.getByRole('combobox', { name: en['appointment.client'] }).fill(client.lastName);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await fillLine(page, form, 0, b.name, '10:00');
  const warning = form.getByTestId('client-overlap');
  const create = form.getByRole('button', { name: en['appointment.create'], exact: true });
  // The other master's 10:00 is free, but the client is already with the first master then.
  await expect(warning).toContainText(`${a.name}`);
  await expect(warning).toContainText('10:00');
  await expect(create).toBeDisabled();

  // A time that does not overlap takes the warning away; a second line at the same time brings it back.
  await pick(page, line(form, 0), en['appointment.startTime'], '12:00');
  await expect(warning).toHaveCount(0);
  await expect(create).toBeEnabled();
  await form.getByRole('button', { name: en['appointment.addLine'] }).click();
  await fillLine(page, form, 1, a.name, '12:00');
  await expect(warning).toContainText(
    en['appointment.clientOverlapLine'].replace('{n}', '2').replace('{other}', '1').replace('{time}', '12:00'),
  );
  await expect(create).toBeDisabled();

  // Confirmed: the receptionist books both (a manicure and a pedicure together are real).
  await warning.getByText(en['appointment.clientOverlapConfirm'], { exact: true }).click();
  await expect(warning.getByRole('checkbox', { name: en['appointment.clientOverlapConfirm'] })).toBeChecked();
  await expect(create).toBeEnabled();
  await create.click();
  await expect(form).toHaveCount(0);
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: name })).toHaveCount(3);
});
