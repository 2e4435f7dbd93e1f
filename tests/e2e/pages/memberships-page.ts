import { expect, type Locator, type Page } from '@playwright/test';
import { catalogs, type Messages } from '../support/i18n';
import { SalonShell } from './salon-shell';

const { en } = catalogs;

/** The Memberships screen (part 1 §2) and its dialogs, in one language. */
export class MembershipsPage {
  constructor(
    readonly page: Page,
    readonly t: Messages = en,
  ) {}

  async openFromMenu() {
    const shell = new SalonShell(this.page, this.t);
    const menu = await shell.openMenu(shell.navButton('menu.settings'));
    await menu.getByRole('menuitem', { name: this.t['menu.settings.memberships'], exact: true }).click();
    await expect(this.page).toHaveURL(/\/salon\/memberships$/);
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(this.t['memberships.title']);
  }

  row(serial: number): Locator {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('button', { name: `${this.t['memberships.show']} ${serial}`, exact: true }) });
  }

  async openNew(): Promise<Locator> {
    await this.page.getByRole('button', { name: this.t['memberships.create'], exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: this.t['membership.new.title'] });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  field(dialog: Locator, id: 'memberships.serialNumber' | 'memberships.uses' | 'membership.price') {
    return dialog.getByRole('textbox', { name: this.t[id], exact: true });
  }

  client(dialog: Locator) {
    return dialog.getByRole('combobox', { name: this.t['memberships.client'] });
  }

  async pickClient(dialog: Locator, name: string) {
    await this.client(dialog).fill(name);
    await this.page.getByRole('option', { name: new RegExp(name) }).click();
    await expect(this.client(dialog)).toHaveValue(name);
  }

  async pickService(dialog: Locator, name: string) {
    await dialog.getByRole('button', { name: new RegExp(`${this.t['membership.service']}$`) }).click();
    await this.page.getByRole('option', { name, exact: true }).click();
  }

  /** Fills and submits the New membership form; the serial number only when given. */
  async create(fields: { client: string; service: string; uses: string; price: string; serial?: string }): Promise<Locator> {
    const dialog = await this.openNew();
    await this.pickClient(dialog, fields.client);
    await this.pickService(dialog, fields.service);
    if (fields.serial) await this.field(dialog, 'memberships.serialNumber').fill(fields.serial);
    await this.field(dialog, 'memberships.uses').fill(fields.uses);
    await this.field(dialog, 'membership.price').fill(fields.price);
    await dialog.getByRole('button', { name: this.t['common.create'], exact: true }).click();
    return dialog;
  }
}
