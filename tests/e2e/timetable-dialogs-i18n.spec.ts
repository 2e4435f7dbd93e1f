import { expect, test, type Locator, type Page } from '@playwright/test';
import { ClientForm } from './pages/clients-page';
import { SalonShell } from './pages/salon-shell';
import { graphql } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { book, card, salonDay, salonWithTwoMasters } from './support/drag';
import { catalogs, type MessageId } from './support/i18n';
import { unique } from './support/users';

const { en } = catalogs;
const hex24 = () => Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
type Lang = keyof typeof catalogs;

/**
 * Every dialog and popup of the Appointments page (part 1 §2, §5, §8) opened by clicking, in English, Latvian
 * and Russian. The expected texts come from the catalogs; in lv and ru each one must exist and differ from the
 * English (an untranslated key fails here), and the English must not show where the language's text should.
 */
function catalog(lang: Lang) {
  const t = catalogs[lang];
  const say = (id: MessageId, values: Record<string, string> = {}): string => {
    const text = t[id];
    expect(text, `${lang}: ${id} is missing`).toBeTruthy();
    if (lang !== 'en') expect(text, `${lang}: ${id} is still English`).not.toBe(en[id]);
    return Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), text);
  };
  /** The text is shown in `root`, and (lv, ru) its English is not. */
  const shows = async (root: Locator, id: MessageId, values: Record<string, string> = {}) => {
    await expect(root.getByText(say(id, values), { exact: true })).toBeVisible();
    if (lang !== 'en') await expect(root.getByText(en[id], { exact: true })).toHaveCount(0);
  };
  const button = (root: Locator | Page, id: MessageId) => root.getByRole('button', { name: say(id), exact: true });
  const dialog = (page: Page, id: MessageId) => page.getByRole('dialog', { name: say(id), exact: true });
  return { t, say, shows, button, dialog };
}

/** A catalog text with placeholders as a pattern ('{name} was blocked on {date} by {by}…' → /^.+ was blocked on .+ by .+…$/). */
const template = (text: string) => new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`);

/**
 * 'MMM D, dddd' (part 1 §2) of a salon date in the language: the short month and the day in the language's own
 * order ('Nov 25', '25. nov.', '25 нояб.'), then the weekday as the runtime names it in a date (Latvian capitalises
 * a weekday standing alone, not inside a date). The exact texts are held by src/ui/appointments/day-label.test.ts.
 */
function dayLabel(date: string, lang: Lang): string {
  const at = new Date(`${date}T12:00:00Z`);
  const monthDay = new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(at);
  const parts = new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', weekday: 'long', timeZone: 'UTC' }).formatToParts(at);
  return `${monthDay}, ${parts.find((p) => p.type === 'weekday')?.value}`;
}

for (const lang of ['en', 'lv', 'ru'] as const) {
  test(`every timetable dialog speaks ${lang}`, async ({ page }) => {
    test.setTimeout(90_000);
    const { say, shows, button, dialog } = catalog(lang);
    const [today, tomorrow] = [salonDay(0), salonDay(1)];
    // One fresh salon: two masters working tomorrow, three walk-ins of the first, a blocked client.
    const salon = await salonWithTwoMasters(page, [tomorrow]);
    const [master] = salon.masters as [{ id: string; name: string }];
    const [walkIn, toPay, toDelete] = [
      await book(page, salon, master.id, `${tomorrow} 10:00`),
      await book(page, salon, master.id, `${tomorrow} 12:00`),
      await book(page, salon, master.id, `${tomorrow} 14:00`),
    ];
    const blockedName = `Bloķētā ${unique().slice(-5)}`;
    const blocked = await graphql<{ errors?: unknown }>(
      page.request,
      `mutation { createClient(input: { id: "${hex24()}", salon: "${salon.salonId}", firstName: "${blockedName}", gender: "FEMALE", blocked: true }) { id } }`,
      salon.token,
    );
    expect(blocked.errors).toBeUndefined();
    if (lang !== 'en') await new SalonShell(page, en).chooseLanguage(en[`lang.${lang}`]);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const shell = new SalonShell(page, catalogs[lang]);

    await test.step('today: the day picker and both empty states', async () => {
      await expect(page.getByTestId('day-label')).toHaveText(dayLabel(today, lang));
      if (lang !== 'en') await expect(page.getByTestId('day-label')).not.toHaveText(dayLabel(today, 'en'));
      const empty = page.getByTestId('timetable-empty');
      await shows(empty, 'timetable.noMasters');
      await shows(empty, 'timetable.noMastersHint');
      await button(page, 'timetable.byCabinets').click();
      await shows(empty, 'timetable.noCabinets');
      await shows(empty, 'timetable.noCabinetsHint');
      await button(page, 'timetable.byMasters').click();
      await button(page, 'timetable.nextDay').click();
      await expect(page.getByTestId('day-label')).toHaveText(dayLabel(tomorrow, lang));
      await expect(page.getByTestId('tt-card')).toHaveCount(3);
    });

    await test.step('New Appointment: fields, buttons, the validation messages and the blocked-client question', async () => {
      await button(page, 'timetable.newAppointment').click();
      const form = dialog(page, 'appointment.new');
      await expect(form).toBeVisible();
      const client = form.getByRole('combobox', { name: say('appointment.client') });
      await expect(client).toHaveAttribute('placeholder', say('clientSelector.walkIn'));
      await shows(form, 'clientSelector.walkInHint');
      await expect(button(form, 'appointment.create')).toBeDisabled();
      await expect(button(form, 'appointment.addLine')).toBeVisible();
      await form.getByRole('textbox', { name: say('appointment.notes') }).fill('x');
      await button(form, 'appointment.create').click();
      for (const id of [
        'appointment.selectMaster',
        'appointment.selectService',
        'appointment.selectDuration',
        'appointment.selectTime',
      ] as const)
        await shows(form, id);
      await expect(form.getByRole('combobox', { name: say('appointment.service') })).toHaveAccessibleDescription(
        say('appointment.selectService'),
      );

      await client.fill(blockedName);
      await page.getByRole('option', { name: new RegExp(blockedName) }).click();
      const question = dialog(page, 'clientSelector.blockedTitle');
      await expect(question.getByText(template(say('clientSelector.blockedQuestion')))).toContainText(blockedName);
      await expect(button(question, 'common.yes')).toBeVisible();
      await button(question, 'common.no').click();
      await expect(question).toHaveCount(0);
      await expect(client).toHaveValue('');
      await button(form, 'common.cancel').click();
      await expect(form).toHaveCount(0);
    });

    const firstName = `Edīte${unique().slice(-4)}`;
    const edit = dialog(page, 'appointment.edit');
    await test.step("Edit Appointment: tabs, 'Created by', the invoice hint, Save needs a client, New Client and client info", async () => {
      await card(page, walkIn).click();
      await expect(edit).toBeVisible();
      await expect(edit.getByRole('tab', { name: say('appointment.edit'), exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(edit.getByTestId('created-by')).toHaveText(say('appointment.createdBy', { role: say('appointment.author.ADMIN') }));
      for (const id of ['common.delete', 'appointment.archive', 'common.cancel', 'invoice.create', 'common.save'] as const)
        await expect(button(edit, id)).toBeVisible();
      const invoiceTab = edit.getByRole('tab', { name: say('invoice.tab'), exact: true });
      await invoiceTab.click();
      await shows(edit, 'invoice.none');
      await edit.getByRole('tab', { name: say('appointment.edit'), exact: true }).click();

      // An unsaved change: the hint, the Invoice tab and Create Invoice disabled.
      await edit.getByRole('textbox', { name: say('appointment.notes') }).fill('Ar matu masku');
      await shows(edit, 'invoice.applyChangesFirst');
      await expect(invoiceTab).toHaveAttribute('aria-disabled', 'true');
      await expect(button(edit, 'invoice.create')).toBeDisabled();
      await edit.screenshot({ path: test.info().outputPath(`edit-appointment-${lang}.png`) });
      await button(edit, 'common.save').click();
      await shows(edit, 'appointment.selectClient');

      await edit.getByRole('button', { name: say('clientSelector.add'), exact: true }).click();
      const newClient = dialog(page, 'client.new');
      const clientForm = new ClientForm(newClient, catalogs[lang]);
      for (const id of ['common.clear', 'common.cancel'] as const) await expect(clientForm.button(id)).toBeVisible();
      await clientForm.notes.fill('x');
      await clientForm.button('common.add').click();
      await expect(clientForm.firstName).toHaveAccessibleDescription(say('client.enterFirstName'));
      await expect(clientForm.genderGroup).toHaveAccessibleDescription(say('client.selectGender'));
      await clientForm.fill({ firstName, lastName: 'Ozola', gender: 'FEMALE' });
      await clientForm.button('common.add').click();
      await expect(newClient).toHaveCount(0);
      await expect(edit.getByRole('combobox', { name: say('appointment.client') })).toHaveValue(`${firstName} Ozola`);

      await edit.getByRole('button', { name: say('clientSelector.info'), exact: true }).click();
      const info = page.getByRole('dialog', { name: new RegExp(firstName) });
      await expect(info.getByRole('tab')).toHaveText([
        say('client.tab.personalInformation'),
        say('client.tab.appointments'),
        say('client.tab.masters'),
        say('clientMessages.list.tab'),
      ]);
      await expect(info.getByRole('tab', { name: say('client.tab.personalInformation') })).toHaveAttribute('aria-selected', 'true');
      await info.getByRole('tab', { name: say('client.tab.appointments') }).click();
      await shows(info, 'client.appointments.empty');
      // A new salon sends nothing until it chooses (issue 57): the list of messages says so, from the server.
      await info.getByRole('tab', { name: say('clientMessages.list.tab') }).click();
      await shows(info, 'clientMessages.list.emptyClient');
      await info.getByRole('button', { name: say('common.close'), exact: true }).click();
      await expect(info).toHaveCount(0);

      await button(edit, 'common.save').click();
      await expect(edit).toHaveCount(0);
      await expect(card(page, walkIn)).toContainText(firstName);
    });

    await test.step("the hover popup: its labels, and 'All appointments' opens the client's appointments", async () => {
      await card(page, walkIn).hover();
      const popup = page.getByRole('dialog', { name: say('hoverCard.title') });
      await expect(popup).toBeVisible();
      for (const id of [
        'hoverCard.createdBy',
        'hoverCard.provider',
        'hoverCard.lastAppointment',
        'hoverCard.lastService',
        'hoverCard.lastPrice',
        'hoverCard.notes',
        'hoverCard.products',
      ] as const)
        await shows(popup, id);
      await shows(popup, 'appointment.author.ADMIN');
      await popup.hover();
      await button(popup, 'hoverCard.allAppointments').click();
      const client = page.getByRole('dialog', { name: new RegExp(firstName) });
      await expect(client.getByRole('tab', { name: say('client.tab.appointments') })).toHaveAttribute('aria-selected', 'true');
      const table = client.getByRole('table', { name: say('client.tab.appointments') });
      for (const id of [
        'client.appointments.date',
        'client.appointments.master',
        'client.appointments.service',
        'client.appointments.price',
      ] as const)
        await expect(table.getByRole('columnheader', { name: say(id), exact: true })).toBeVisible();
      await client.getByRole('button', { name: say('common.close'), exact: true }).click();
      await expect(client).toHaveCount(0);
    });

    await test.step('Archive, Show Archive and Unarchive, each with its confirmation', async () => {
      await card(page, walkIn).click();
      await button(edit, 'appointment.archive').click();
      const archive = dialog(page, 'appointment.archiveTitle');
      await shows(archive, 'appointment.archiveQuestion');
      await expect(button(archive, 'common.no')).toBeVisible();
      await button(archive, 'common.yes').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(card(page, walkIn)).toHaveCount(0);

      const settings = await shell.openMenu(shell.navButton('menu.settings'));
      await settings.getByRole('menuitem', { name: say('menu.settings.showArchive'), exact: true }).click();
      // An archived card shown is told apart without losing its text's contrast.
      if (lang === 'en') {
        await expect(card(page, walkIn)).toBeVisible();
        await expectNoSeriousViolations(page, 'an archived card');
      }
      await card(page, walkIn).click();
      await button(edit, 'appointment.unarchive').click();
      const unarchive = dialog(page, 'appointment.unarchiveTitle');
      await shows(unarchive, 'appointment.unarchiveQuestion');
      await button(unarchive, 'common.yes').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const hide = await shell.openMenu(shell.navButton('menu.settings'));
      await hide.getByRole('menuitem', { name: say('menu.settings.hideArchive'), exact: true }).click();
      await expect(card(page, walkIn)).toBeVisible();
    });

    await test.step('Delete with its confirmation: No keeps the appointment, Yes removes it', async () => {
      await card(page, toDelete).click();
      await button(edit, 'common.delete').click();
      const confirm = dialog(page, 'appointment.deleteTitle');
      await shows(confirm, 'appointment.deleteQuestion');
      await button(confirm, 'common.no').click();
      await expect(confirm).toHaveCount(0);
      await expect(edit).toBeVisible();
      await button(edit, 'common.delete').click();
      await button(confirm, 'common.yes').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(card(page, toDelete)).toHaveCount(0);
    });

    await test.step('a paid appointment: the lock message, no Save or Delete', async () => {
      await card(page, toPay).click();
      await button(edit, 'invoice.create').click();
      await expect(edit.getByRole('tab', { name: say('invoice.tab'), exact: true })).toHaveAttribute('aria-selected', 'true');
      await shows(edit, 'invoice.items');
      await button(edit, 'invoice.pay').click();
      await shows(edit, 'invoice.paid');
      await shows(edit, 'appointment.paidLocked');
      await edit.getByRole('tab', { name: say('appointment.edit'), exact: true }).click();
      await expect(button(edit, 'common.save')).toHaveCount(0);
      await expect(button(edit, 'common.delete')).toHaveCount(0);
      await expect(button(edit, 'appointment.archive')).toBeVisible();
      await button(edit, 'common.cancel').click();
      await expect(edit).toHaveCount(0);
    });

    await test.step('Sale: title, buttons and its messages', async () => {
      await button(page, 'sale.button').click();
      const sale = dialog(page, 'sale.title');
      await expect(sale).toBeVisible();
      for (const id of ['sale.addItem', 'sale.pay'] as const) await expect(button(sale, id)).toBeVisible();
      await button(sale, 'sale.pay').click();
      for (const id of ['sale.selectProduct', 'sale.selectQuantity', 'sale.priceInvalid', 'sale.selectPaymentType'] as const)
        await shows(sale, id);
      await sale
        .getByRole('button', { name: say('common.close'), exact: true })
        .filter({ hasText: say('common.close') })
        .click();
      await expect(sale).toHaveCount(0);
    });
  });
}
