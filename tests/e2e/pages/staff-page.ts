import { expect, type Locator, type Page } from '@playwright/test';
import { catalogs, type Messages } from '../support/i18n';

/** The Staff page (part 2 §2) and its master dialogs. */
export class StaffPage {
  readonly heading: Locator;
  readonly createButton: Locator;
  readonly search: Locator;
  readonly table: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.createButton = page.getByRole('button', { name: t['staff.create'], exact: true });
    this.search = page.getByRole('searchbox', { name: t['staff.search'] });
    this.table = page.getByRole('table', { name: t['screen.staff'] });
  }

  async openFromMenu() {
    await this.page
      .getByRole('navigation', { name: this.t['menu.main'] })
      .getByRole('link', { name: this.t['menu.staff'], exact: true })
      .click();
    await expect(this.page).toHaveURL(/\/salon\/staff$/);
    await expect(this.heading).toHaveText(this.t['screen.staff']);
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: false }) });
  }

  pendingBadge(name: string): Locator {
    return this.row(name).getByText(this.t['status.pendingBadge'], { exact: true });
  }

  dialog(titleId: 'master.new.title' | 'master.edit.title' | 'master.delete.title'): Locator {
    return this.page.getByRole('dialog', { name: this.t[titleId] });
  }

  field(
    dialog: Locator,
    id: 'master.firstName' | 'master.lastName' | 'master.phone' | 'master.email' | 'master.serviceCommission' | 'master.productCommission',
  ): Locator {
    return dialog.getByRole('textbox', { name: this.t[id], exact: true });
  }

  groups(dialog: Locator): Locator {
    return dialog.getByRole('group', { name: this.t['master.serviceGroups'] });
  }

  async choose(dialog: Locator, id: 'master.gender' | 'master.status', option: string) {
    await dialog.getByRole('button', { name: new RegExp(this.t[id]) }).click();
    await this.page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await expect(this.page.getByRole('listbox')).toHaveCount(0);
  }

  button(scope: Locator, id: 'common.create' | 'common.save' | 'common.cancel' | 'common.yes' | 'common.no' | 'master.clear'): Locator {
    return scope.getByRole('button', { name: this.t[id], exact: true });
  }

  async create(first: string, last: string, phone = '') {
    await this.createButton.click();
    const dialog = this.dialog('master.new.title');
    await expect(dialog).toBeVisible();
    await this.field(dialog, 'master.firstName').fill(first);
    await this.field(dialog, 'master.lastName').fill(last);
    if (phone) await this.field(dialog, 'master.phone').fill(phone);
    await this.choose(dialog, 'master.gender', this.t['master.gender.FEMALE']);
    await this.groups(dialog).getByRole('checkbox').first().click({ force: true });
    await this.button(dialog, 'common.create').click();
    return dialog;
  }
}
