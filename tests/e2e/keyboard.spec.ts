import { expect, test, type Locator, type Page } from '@playwright/test';
import { card, column, pickUp, salonDay, salonWithTwoMasters } from './support/drag';
import { catalogs } from './support/i18n';

const { en } = catalogs;

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user walks to it; returns how many presses
 * it took, and fails past `max`.
 */
async function tabTo(page: Page, target: Locator, max = 40, key = 'Tab'): Promise<number> {
  // Found once, before the walk: a list popup opened on the way hides the rest of the dialog from the roles.
  const element = await target.elementHandle();
  if (!element) throw new Error('nothing to reach');
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    if (await element.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`not reached by ${max} presses of ${key}: ${await element.evaluate((el) => el.outerHTML.slice(0, 120))}`);
}

/** What has the focus, short: never the page's body while a dialog is open. */
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? null);

test('the front desk by keyboard alone: book from a free slot, open the card, invoice, pay, move (issue 63)', async ({ page }) => {
  const day = salonDay(1);
  const salon = await salonWithTwoMasters(page, [day]);
  const [a, b] = salon.masters as [{ id: string; name: string }, { id: string; name: string }];
  await page.goto(`/salon/appointments?date=${day}`);
  await expect(column(page, a.name)).toBeVisible();
  await page.locator('body').focus();

  // The skip link is the first stop and leads past the top bar.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: en['app.skipToContent'] });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // One Tab stop per column's free time: the first column's is its first open slot (08:00), a few presses away.
  const slotName = (name: string, time: string) => `${en['timetable.slot'].split(':')[0]}: ${name}, ${time}`;
  const first = column(page, a.name).getByRole('button', { name: slotName(a.name, '08:00'), exact: true });
  expect(await tabTo(page, first, 20)).toBeLessThanOrEqual(15);
  for (const time of ['08:30', '09:00', '09:30', '10:00']) {
    await page.keyboard.press('ArrowDown');
    await expect(column(page, a.name).getByRole('button', { name: slotName(a.name, time), exact: true })).toBeFocused();
  }
  await page.keyboard.press('ArrowRight');
  await expect(column(page, b.name).getByRole('button', { name: slotName(b.name, '10:00'), exact: true })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  const tenOClock = column(page, a.name).getByRole('button', { name: slotName(a.name, '10:00'), exact: true });
  await expect(tenOClock).toBeFocused();

  // Book: the slot's master and time come filled; the service is typed and chosen from the list.
  await page.keyboard.press('Enter');
  const booking = page.getByRole('dialog', { name: en['appointment.new'] });
  await expect(booking).toBeVisible();
  const service = booking.getByRole('combobox', { name: en['appointment.service'] });
  await tabTo(page, service);
  await page.keyboard.type(salon.service.name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(service).toHaveValue(salon.service.name);
  // Picking a service clears the start (the cascade): the time list opens on Enter and takes the typed time.
  const start = booking.getByRole('button', { name: new RegExp(en['appointment.startTime']) });
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: '08:00', exact: true })).toBeVisible();
  await page.keyboard.type('10:00');
  await page.keyboard.press('Enter');
  await expect(start).toContainText('10:00');
  await tabTo(page, booking.getByRole('button', { name: en['appointment.create'] }));
  await page.keyboard.press('Enter');
  await expect(booking).toHaveCount(0);
  const booked = column(page, a.name).getByTestId('tt-card');
  await expect(booked).toHaveAttribute('aria-label', /, 10:00–11:00$/);
  const id = (await booked.getAttribute('data-appointment-id')) as string;

  // Open the card: Tab reaches it from the slots of its column.
  await tabTo(page, card(page, id), 10);
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: en['appointment.edit'] });
  await expect(edit).toBeVisible();

  // Invoice, then pay: the keyboard stays in the dialog each time (no focus on the body), so Escape still works.
  const invoiceTab = edit.getByRole('tab', { name: en['invoice.tab'], exact: true });
  // The tabs are one stop (the chosen one); the arrows choose.
  await tabTo(page, edit.getByRole('tab', { name: en['appointment.edit'], exact: true }));
  await page.keyboard.press('ArrowRight');
  await expect(invoiceTab).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, edit.getByRole('button', { name: en['invoice.create'], exact: true }));
  await page.keyboard.press('Enter');
  const heading = edit.getByRole('heading', { name: en['invoice.items'] });
  await expect(heading).toBeFocused();
  await tabTo(page, edit.getByRole('button', { name: en['invoice.pay'], exact: true }));
  await page.keyboard.press('Enter');
  await expect(edit.getByText(en['invoice.paid'], { exact: true })).toBeVisible();
  await expect(heading).toBeFocused();
  expect(await focusedTag(page)).not.toBe('BODY');
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
  await expect(card(page, id).getByRole('img', { name: /Cash|Credit card/ })).toBeVisible();

  // Move a second booking by keyboard to the other master, half an hour later; the move is said once sent.
  const other = column(page, a.name).getByRole('button', { name: slotName(a.name, '12:00'), exact: true });
  await other.focus();
  await page.keyboard.press('Enter');
  await expect(booking).toBeVisible();
  await tabTo(page, service);
  await page.keyboard.type(salon.service.name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  await page.keyboard.type('12:00');
  await page.keyboard.press('Enter');
  await tabTo(page, booking.getByRole('button', { name: en['appointment.create'] }));
  await page.keyboard.press('Enter');
  await expect(booking).toHaveCount(0);
  const second = column(page, a.name)
    .getByTestId('tt-card')
    .filter({ hasNot: page.getByRole('img', { name: /Cash|Credit card/ }) });
  await expect(second).toHaveAttribute('aria-label', /, 12:00–13:00$/);
  const secondId = (await second.getAttribute('data-appointment-id')) as string;
  await expect(card(page, secondId)).toHaveAttribute('aria-roledescription', en['timetable.drag.role']);
  await card(page, secondId).focus();
  await pickUp(page);
  const region = page.locator('[id^="DndLiveRegion"]');
  await expect(region).toHaveText(`${a.name}, 12:00.`);
  await page.keyboard.press('ArrowRight');
  await expect(region).toHaveText(`${b.name}, 12:00.`);
  await page.keyboard.press('ArrowDown');
  await expect(region).toHaveText(`${b.name}, 12:30.`);
  await page.keyboard.press('Space');
  await expect(column(page, b.name).locator(`[data-appointment-id="${secondId}"]`)).toHaveAttribute('aria-label', /, 12:30–13:30$/);
  await expect(page.getByTestId('drop-outcome')).toContainText(`${b.name}, 12:30`);
  await expect(card(page, secondId)).toBeFocused();
});
