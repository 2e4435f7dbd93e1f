import { expect, type Locator, type Page } from '@playwright/test';
import { catalogs, type MessageId, type Messages } from '../support/i18n';

type Field =
  | 'administrator.firstName'
  | 'administrator.lastName'
  | 'administrator.email'
  | 'administrator.phone'
  | 'administrator.password'
  | 'administrator.passwordRepeat';

/** The Administrators page (part 2 §2) and its dialogs, in any UI language. */
export class AdministratorsPage {
  readonly heading: Locator;
  readonly createButton: Locator;
  readonly search: Locator;
  readonly table: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.createButton = page.getByRole('button', { name: t['administrators.add'], exact: true });
    this.search = page.getByRole('searchbox', { name: t['administrators.search'] });
    this.table = page.getByRole('table', { name: t['administrators.title'] });
  }

  /** Settings menu → Administrators. */
  async openFromMenu() {
    await this.page
      .getByRole('navigation', { name: this.t['menu.main'] })
      .getByRole('button', { name: this.t['menu.settings'], exact: true })
      .click();
    await this.page.getByRole('menuitem', { name: this.t['menu.settings.administrators'], exact: true }).click();
    await expect(this.page).toHaveURL(/\/salon\/settings\/administrators$/);
    await expect(this.heading).toHaveText(this.t['administrators.title']);
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: false }) });
  }

  dialog(titleId: 'administrator.new.title' | 'administrator.edit.title' | 'administrator.delete.title'): Locator {
    return this.page.getByRole('dialog', { name: this.t[titleId] });
  }

  /** Password inputs have no textbox role, so fields are found by their label. */
  field(dialog: Locator, id: Field): Locator {
    return dialog.getByLabel(this.t[id], { exact: true });
  }

  button(scope: Locator, id: MessageId): Locator {
    return scope.getByRole('button', { name: this.t[id], exact: true });
  }

  async rowAction(action: 'common.edit' | 'common.delete', name: string) {
    await this.page.getByRole('button', { name: `${this.t[action]} ${name}`, exact: true }).click();
  }

  /** Fills the New administrator dialog and presses Create; returns the dialog. */
  async create(values: { firstName: string; lastName?: string; email: string; phone?: string; password: string }) {
    await this.createButton.click();
    const dialog = this.dialog('administrator.new.title');
    await expect(dialog).toBeVisible();
    await this.field(dialog, 'administrator.email').fill(values.email);
    await this.field(dialog, 'administrator.firstName').fill(values.firstName);
    if (values.lastName) await this.field(dialog, 'administrator.lastName').fill(values.lastName);
    if (values.phone) await this.field(dialog, 'administrator.phone').fill(values.phone);
    await this.field(dialog, 'administrator.password').fill(values.password);
    await this.field(dialog, 'administrator.passwordRepeat').fill(values.password);
    await this.button(dialog, 'common.create').click();
    return dialog;
  }
}
