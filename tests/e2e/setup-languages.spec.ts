import { expect, test } from '@playwright/test';
import { SalonShell } from './pages/salon-shell';
import { ServicesPage } from './pages/services-page';
import { StaffPage } from './pages/staff-page';
import { signUpOwner } from './support/flows';
import { catalogs } from './support/i18n';

const { en, lv, ru } = catalogs;

/**
 * Services, Manufacturers and Staff in Latvian and Russian (issue 4 §8): headings, empty texts, the dialogs'
 * required-field messages and a created row, each in the screen's language.
 */
for (const [language, t] of [
  ['lv', lv],
  ['ru', ru],
] as const) {
  test(`services, manufacturers and staff in ${language}`, async ({ page }) => {
    await signUpOwner(page, { phone: language === 'lv' ? '+371 2000 7001' : '+371 2000 7002' });
    await new SalonShell(page, en).chooseLanguage(en[`lang.${language}`]);

    // Services: a group needs its Latvian name; the service dialog names its empty fields.
    const services = new ServicesPage(page, t);
    await services.openFromMenu();
    const group = await services.addGroup({ ru: 'Массаж' });
    await expect(services.nameField(group, 'serviceGroup', 'lv')).toHaveAccessibleDescription(t['serviceGroup.enterName']);
    await services.nameField(group, 'serviceGroup', 'lv').fill('Masāža');
    await services.button(group, 'common.create').click();
    await expect(group).toBeHidden();
    const groupName = language === 'ru' ? 'Массаж' : 'Masāža';
    await expect(services.groupHeading(groupName)).toBeVisible();
    await expect(services.group(groupName)).toContainText(t['services.groupEmpty']);
    await page.getByRole('button', { name: `${t['services.addService']} ${groupName}`, exact: true }).click();
    const service = services.dialog('service.new.title');
    await services.nameField(service, 'service', 'ru').fill('Спина');
    await services.button(service, 'common.create').click();
    await expect(services.nameField(service, 'service', 'lv')).toHaveAccessibleDescription(t['service.enterName']);
    await expect(service.getByRole('textbox', { name: t['service.price'], exact: true })).toHaveAccessibleDescription(
      t['service.enterPrice'],
    );
    await services.button(service, 'common.cancel').click();

    // Manufacturers: the empty text, the required name, then a row.
    await page.getByRole('navigation', { name: t['menu.main'] }).getByRole('button', { name: t['menu.settings'], exact: true }).click();
    await page.getByRole('menuitem', { name: t['menu.settings.manufacturers'], exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['manufacturers.title']);
    await expect(page.getByText(t['manufacturers.empty'], { exact: true })).toBeVisible();
    await page.getByRole('button', { name: t['manufacturers.add'], exact: true }).click();
    const manufacturer = page.getByRole('dialog', { name: t['manufacturer.new.title'] });
    const name = manufacturer.getByRole('textbox', { name: t['manufacturer.name'], exact: true });
    await name.fill('x');
    await name.fill('');
    await name.blur();
    await expect(name).toHaveAccessibleDescription(t['manufacturer.enterName']);
    await name.fill('Wella');
    await manufacturer.getByRole('button', { name: t['common.create'], exact: true }).click();
    await expect(manufacturer).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: 'Wella' })).toBeVisible();

    // Staff: the required first name in the screen's language, then the new master's empty appointments tab.
    const staff = new StaffPage(page, t);
    await staff.openFromMenu();
    await staff.createButton.click();
    const dialog = staff.dialog('master.new.title');
    await staff.field(dialog, 'master.lastName').fill('Kalniņa');
    await staff.button(dialog, 'common.create').click();
    await expect(staff.field(dialog, 'master.firstName')).toHaveAccessibleDescription(t['master.enterFirstName']);
    await staff.button(dialog, 'common.cancel').click();
    const created = await staff.create('Inga', 'Kalniņa', language === 'lv' ? '+371 2955 7001' : '+371 2955 7002');
    await expect(created).toBeHidden();
    await page.getByRole('button', { name: `${t['common.edit']} Inga Kalniņa`, exact: true }).click();
    const edit = staff.dialog('master.edit.title');
    await edit.getByRole('tab', { name: t['master.tab.appointments'], exact: true }).click();
    await expect(edit.getByText(t['master.appointments.empty'], { exact: true })).toBeVisible();
  });
}
