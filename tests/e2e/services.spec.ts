import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { ServicesPage } from './pages/services-page';
import { SalonShell } from './pages/salon-shell';
import { waitForServiceWorkerControl } from './support/browser';
import { signUpOwner } from './support/flows';
import { catalogs } from './support/i18n';

const { en } = catalogs;

async function freshSalonServices(page: Page) {
  const owner = await signUpOwner(page, { phone: '+371 2000 4321' });
  const services = new ServicesPage(page);
  await services.openFromMenu();
  return { owner, services };
}

test('services: groups and services are added, edited, searched and deleted with the spec texts', async ({ page }) => {
  const { services } = await freshSalonServices(page);

  // A group: the Latvian name is required ('Enter group name').
  await services.addGroupButton.click();
  const newGroup = services.dialog('serviceGroup.new.title');
  await services.nameField(newGroup, 'serviceGroup', 'en').fill('Massage');
  await services.button(newGroup, 'common.create').click();
  await expect(services.nameField(newGroup, 'serviceGroup', 'lv')).toHaveAccessibleDescription(en['serviceGroup.enterName']);
  await services.nameField(newGroup, 'serviceGroup', 'lv').fill('Masāža');
  await services.button(newGroup, 'common.create').click();
  await expect(newGroup).toBeHidden();
  await expect(services.groupHeading('Massage')).toBeVisible();
  await expect(services.group('Massage')).toContainText(en['services.groupEmpty']);

  // The same group name again is refused on its field.
  const again = await services.addGroup({ lv: 'masāža' });
  await expect(services.nameField(again, 'serviceGroup', 'lv')).toHaveAccessibleDescription(en['serviceGroup.nameExists']);
  await services.button(again, 'common.cancel').click();

  // A service: empty fields show the spec's texts; then it is created.
  await page.getByRole('button', { name: `${en['services.addService']} Massage`, exact: true }).click();
  const newService = services.dialog('service.new.title');
  await services.nameField(newService, 'service', 'en').fill('Back');
  await services.button(newService, 'common.create').click();
  await expect(services.nameField(newService, 'service', 'lv')).toHaveAccessibleDescription(en['service.enterName']);
  await expect(newService.getByRole('textbox', { name: en['service.durationMinutes'], exact: true })).toHaveAccessibleDescription(
    en['service.enterDuration'],
  );
  await expect(newService.getByRole('textbox', { name: en['service.price'], exact: true })).toHaveAccessibleDescription(
    en['service.enterPrice'],
  );
  await expect(newService.getByText(en['service.selectColor'])).toBeVisible();
  await services.button(newService, 'common.cancel').click();
  const created = await services.addService('Massage', { lv: 'Muguras masāža', en: 'Back massage', duration: '45', price: '25,5' });
  await expect(created).toBeHidden();
  await expect(services.row('Back massage')).toContainText('45');
  await expect(services.row('Back massage')).toContainText('25.50');
  await expect(services.group('Massage')).not.toContainText(en['services.groupEmpty']);

  // Edit the service and the group.
  await page.getByRole('button', { name: `${en['common.edit']} Back massage`, exact: true }).click();
  const editService = services.dialog('service.edit.title');
  await expect(services.button(editService, 'common.save')).toBeDisabled();
  await editService.getByRole('textbox', { name: en['service.price'], exact: true }).fill('30');
  await services.button(editService, 'common.save').click();
  await expect(editService).toBeHidden();
  await expect(services.row('Back massage')).toContainText('30.00');
  await page.getByRole('button', { name: `${en['services.editGroup']} Massage`, exact: true }).click();
  const editGroup = services.dialog('serviceGroup.edit.title');
  await services.nameField(editGroup, 'serviceGroup', 'en').fill('Massages');
  await services.button(editGroup, 'common.save').click();
  await expect(editGroup).toBeHidden();
  await expect(services.groupHeading('Massages')).toBeVisible();

  // Search: by service name shows its group with only that service; nothing matching says so.
  await services.search.fill('back massage');
  await expect(services.groupHeading('Massages')).toBeVisible();
  await expect(services.row('Back massage')).toBeVisible();
  await expect(page.locator('section.service-group')).toHaveCount(1);
  await services.search.fill('zzzzqqqq');
  await expect(page.getByText(en['services.noMatches'], { exact: true })).toBeVisible();
  await services.search.fill('');
  await expect(page.locator('section.service-group')).not.toHaveCount(1);

  // Delete the service, then the group.
  await page.getByRole('button', { name: `${en['common.delete']} Back massage`, exact: true }).click();
  const deleteService = services.dialog('service.delete.title');
  await expect(deleteService).toContainText(en['service.delete.question'].replace('{serviceName}', 'Back massage'));
  await services.button(deleteService, 'common.yes').click();
  await expect(services.row('Back massage')).toHaveCount(0);
  await page.getByRole('button', { name: `${en['services.deleteGroup']} Massages`, exact: true }).click();
  const deleteGroup = services.dialog('serviceGroup.delete.title');
  await services.button(deleteGroup, 'common.yes').click();
  await expect(services.groupHeading('Massages')).toHaveCount(0);
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
});

test(
  'offline: a new group shows as pending and reaches the server when back online',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    const { services } = await freshSalonServices(page);
    await waitForServiceWorkerControl(page);
    const shell = new SalonShell(page);
    await expect(shell.status).toHaveText(en['status.online']);
    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(en['status.offline']);
      const dialog = await services.addGroup({ lv: 'Bezsaistes grupa', en: 'Offline group' });
      await expect(dialog).toBeHidden();
      await expect(services.groupHeading('Offline group')).toBeVisible();
      await expect(services.group('Offline group').getByText(en['status.pendingBadge'], { exact: true })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(shell.status).toHaveText(en['status.online']);
    await expect(services.group('Offline group').getByText(en['status.pendingBadge'], { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);
    // After a reload (a fresh pull from the server) the group is still there.
    await page.reload();
    await expect(services.groupHeading('Offline group')).toBeVisible();
  },
);
