import { expect } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { SalonShell } from './pages/salon-shell';
import { waitForServiceWorkerControl } from './support/browser';
import { signUpOwner } from './support/flows';
import { catalogs } from './support/i18n';

const { en } = catalogs;

test(
  'manufacturers: empty text, add with the required name, search, edit, delete; offline add syncs',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await signUpOwner(page, { phone: '+371 2000 5678' });
    await page.getByRole('navigation', { name: en['menu.main'] }).getByRole('button', { name: en['menu.settings'], exact: true }).click();
    await page.getByRole('menuitem', { name: en['menu.settings.manufacturers'], exact: true }).click();
    await expect(page).toHaveURL(/\/salon\/settings\/manufacturers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['manufacturers.title']);
    await expect(page.getByText(en['manufacturers.empty'], { exact: true })).toBeVisible();

    const addButton = page.getByRole('button', { name: en['manufacturers.add'], exact: true });
    const nameField = (d: ReturnType<typeof page.getByRole>) => d.getByRole('textbox', { name: en['manufacturer.name'], exact: true });
    const add = async (name: string) => {
      await addButton.click();
      const dialog = page.getByRole('dialog', { name: en['manufacturer.new.title'] });
      await nameField(dialog).fill(name);
      await dialog.getByRole('button', { name: en['common.create'], exact: true }).click();
      return dialog;
    };
    const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: false }) });

    await expect(await add('Wella')).toBeHidden();
    await expect(await add('Schwarzkopf')).toBeHidden();
    const again = await add('wella');
    await expect(nameField(again)).toHaveAccessibleDescription(en['manufacturer.nameExists']);
    await again.getByRole('button', { name: en['common.cancel'], exact: true }).click();

    const search = page.getByRole('searchbox', { name: en['manufacturers.search'] });
    await search.fill('schwarz');
    await expect(row('Schwarzkopf')).toBeVisible();
    await expect(row('Wella')).toHaveCount(0);
    await search.fill('');

    await page.getByRole('button', { name: `${en['common.edit']} Wella`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: en['manufacturer.edit.title'] });
    await nameField(edit).fill('Wella Professionals');
    await edit.getByRole('button', { name: en['common.save'], exact: true }).click();
    await expect(row('Wella Professionals')).toBeVisible();

    await page.getByRole('button', { name: `${en['common.delete']} Schwarzkopf`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: en['manufacturer.delete.title'] });
    await confirm.getByRole('button', { name: en['common.yes'], exact: true }).click();
    await expect(row('Schwarzkopf')).toHaveCount(0);

    await waitForServiceWorkerControl(page);
    const shell = new SalonShell(page);
    await context.setOffline(true);
    try {
      await expect(shell.status).toHaveText(en['status.offline']);
      await expect(await add('Offline brand')).toBeHidden();
      await expect(row('Offline brand').getByText(en['status.pendingBadge'], { exact: true })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(shell.status).toHaveText(en['status.online']);
    await expect(row('Offline brand').getByText(en['status.pendingBadge'], { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);
  },
);
