import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { graphql } from './support/api';
import { cellName } from './support/calendar';
import { book, card, column, mouseDrag, salonDay, salonWithTwoMasters } from './support/drag';
import { logIn } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en } = catalogs;

/** Master Appointments (part 1 §2, part 2 §2): a column per day of the range, cards that drag to another day. */
const dayColumn = (page: Page, date: string) => page.locator(`[data-testid="tt-column"][data-column-id="${date}"]`);
const heads = (page: Page) => page.getByTestId('tt-col-head');

test("a master's header on the timetable opens his calendar; another range; a card dragged to another day", async ({ page }) => {
  const [d1, d2, d3] = [salonDay(1), salonDay(2), salonDay(3)];
  const salon = await salonWithTwoMasters(page, [d1, d2, d3]);
  const [a] = salon.masters as [{ id: string; name: string }];
  const id = await book(page, salon, a.id, `${d1} 10:00`);
  await page.goto(`/salon/appointments?date=${d1}`);
  await page.getByRole('button', { name: en['timetable.openMaster'].replace('{name}', a.name) }).click();

  await expect(page).toHaveURL(new RegExp(`/salon/master-appointments\\?master=${a.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['screen.masterAppointments']);
  await expect(page.getByTestId('master-select')).toContainText(a.name);
  // Today through 7 days ahead.
  await expect(heads(page)).toHaveCount(8);
  await expect(dayColumn(page, d1).locator(`[data-appointment-id="${id}"]`)).toBeVisible();

  await page.getByTestId('range-button').click();
  const calendar = page.getByRole('dialog', { name: en['masterAppointments.range'] });
  await expect(calendar.getByRole('grid')).toHaveCount(2);
  // Once a first day is picked, the days before it cannot be the second (issue 60 item 3): d3 then d1 is no range.
  await calendar.getByRole('button', { name: cellName(d3) }).click();
  await expect(calendar.getByRole('button', { name: cellName(d1) })).toHaveAttribute('aria-disabled', 'true');
  // The picked day (its name now ends "First available date") ends the range too: d3 alone.
  await calendar.locator('.calendar-cell[data-selected]').click();
  await expect(calendar).toBeHidden();
  await expect(heads(page)).toHaveCount(1);
  await page.getByTestId('range-button').click();
  await calendar.getByRole('button', { name: cellName(d1) }).click();
  await calendar.getByRole('button', { name: cellName(d3) }).click();
  await expect(heads(page)).toHaveCount(3);
  await expect(page).toHaveURL(new RegExp(`from=${d1}&to=${d3}`));

  await mouseDrag(page, card(page, id), dayColumn(page, d2), 40);
  await expect(dayColumn(page, d2).locator(`[data-appointment-id="${id}"]`)).toHaveAttribute('aria-label', /, 10:30–11:30$/);
  await expect(dayColumn(page, d1).locator(`[data-appointment-id="${id}"]`)).toHaveCount(0);
  await expect(card(page, id)).not.toContainText(en['status.pendingBadge']);

  // The day's timetable agrees.
  await page.goto(`/salon/appointments?date=${d2}`);
  await expect(column(page, a.name).locator(`[data-appointment-id="${id}"]`)).toHaveAttribute('aria-label', /, 10:30–11:30$/);
});

test('appointments booked together keep their date: a drag to another day is refused with the message', async ({ page }) => {
  const [d1, d2] = [salonDay(5), salonDay(6)];
  const salon = await salonWithTwoMasters(page, [d1, d2]);
  const [a, b] = salon.masters as [{ id: string; name: string }, { id: string; name: string }];
  const ids = ['1', '2'].map((n) => `${n.repeat(8)}${Date.now().toString(16).padStart(16, '0')}`.slice(0, 24));
  const lines = ids.map(
    (id, i) => `{ id: "${id}", master: "${i ? b.id : a.id}", service: "${salon.service.id}", duration: 60, startAt: "${d1} 10:00" }`,
  );
  const created = await graphql<{ errors?: unknown }>(
    page.request,
    `mutation { createAppointments(input: { salon: "${salon.salonId}", appointments: [${lines.join(',')}] }) { id groupId } }`,
    salon.token,
  );
  expect(created.errors).toBeUndefined();
  await page.goto(`/salon/master-appointments?master=${a.id}&from=${d1}&to=${d2}`);
  const id = ids[0] as string;
  await expect(dayColumn(page, d1).locator(`[data-appointment-id="${id}"]`)).toBeVisible();
  await mouseDrag(page, card(page, id), dayColumn(page, d2), 0);
  await expect(page.getByTestId('move-alert')).toContainText(en['appointment.groupDateLocked']);
  await expect(dayColumn(page, d1).locator(`[data-appointment-id="${id}"]`)).toBeVisible();
  // Within its day it moves.
  await mouseDrag(page, card(page, id), dayColumn(page, d1), 80);
  await expect(dayColumn(page, d1).locator(`[data-appointment-id="${id}"]`)).toHaveAttribute('aria-label', /, 11:00–12:00$/);
});

test("the schedule screen's master header opens the same calendar (no serious accessibility violations); the info button opens his details", async ({
  page,
}) => {
  const d1 = salonDay(1);
  const salon = await salonWithTwoMasters(page, [d1]);
  const [, b] = salon.masters as [{ id: string; name: string }, { id: string; name: string }];
  await page.goto(`/salon/settings/schedule?date=${d1}`);
  await page.getByRole('button', { name: en['schedule.openMaster'].replace('{name}', b.name) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['screen.masterAppointments']);
  await expect(page.getByTestId('master-select')).toContainText(b.name);
  await expect(heads(page)).toHaveCount(8);
  // The slots come a frame after the columns (time-grid.tsx); before them the empty scroller has nothing to focus.
  await expect(page.locator('.tt-slot[tabindex="0"]')).toHaveCount(8);
  const results = await new AxeBuilder({ page }).include('.master-appointments').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The info button opens the master's details on the appointments tab.
  await page.getByRole('button', { name: en['masterAppointments.info'] }).click();
  const details = page.getByRole('dialog', { name: en['master.edit.title'] });
  await expect(details.getByRole('tab', { name: en['master.tab.appointments'] })).toHaveAttribute('aria-selected', 'true');
  await expect(details).toContainText(en['master.appointments.empty']);
});

test('masters get no header link and do not open the page (part 1 §2, §6)', async ({ page }) => {
  await logIn(page, DEMO.master.email, DEMO_PASSWORD);
  await expect(heads(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(en['timetable.openMaster'].replace('{name}', '.+')) })).toHaveCount(0);
  await page.goto('/salon/master-appointments');
  await expect(page).toHaveURL(/\/salon\/appointments$/);
});
