import { expect, type Locator, type Page } from '@playwright/test';
import { catalogs, type Messages } from '../support/i18n';

/** The Cabinets page (part 2 §2) and its dialogs. */
export class CabinetsPage {
  readonly heading: Locator;
  readonly empty: Locator;
  readonly createButton: Locator;
  readonly table: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.empty = page.getByText(t['cabinets.empty'], { exact: true });
    this.createButton = page.getByRole('button', { name: t['cabinets.create'], exact: true });
    this.table = page.getByRole('table', { name: t['screen.cabinets'] });
  }

  async openFromMenu() {
    await this.page
      .getByRole('navigation', { name: this.t['menu.main'] })
      .getByRole('button', { name: this.t['menu.settings'], exact: true })
      .click();
    await this.page.getByRole('menuitem', { name: this.t['menu.settings.cabinets'], exact: true }).click();
    await expect(this.page).toHaveURL(/\/salon\/cabinets$/);
    await expect(this.heading).toHaveText(this.t['screen.cabinets']);
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: false }) });
  }

  pendingBadge(name: string): Locator {
    return this.row(name).getByText(this.t['status.pendingBadge'], { exact: true });
  }

  dialog(titleId: 'cabinet.new.title' | 'cabinet.edit.title' | 'cabinet.delete.title'): Locator {
    return this.page.getByRole('dialog', { name: this.t[titleId] });
  }

  nameField(dialog: Locator, language: 'lv' | 'en' | 'ru'): Locator {
    return dialog.getByRole('textbox', { name: this.t[`cabinet.name.${language}`], exact: true });
  }

  groups(dialog: Locator): Locator {
    return dialog.getByRole('group', { name: this.t['cabinet.serviceGroups'] });
  }

  button(scope: Locator, id: 'common.create' | 'common.save' | 'common.cancel' | 'common.yes' | 'common.no'): Locator {
    return scope.getByRole('button', { name: this.t[id], exact: true });
  }

  async create(names: { lv?: string; en?: string; ru?: string }, groups: string[] = []) {
    await this.createButton.click();
    const dialog = this.dialog('cabinet.new.title');
    await expect(dialog).toBeVisible();
    for (const [language, value] of Object.entries(names)) await this.nameField(dialog, language as 'lv').fill(value ?? '');
    for (const group of groups) await this.groups(dialog).getByRole('checkbox', { name: group, exact: true }).click({ force: true });
    await this.button(dialog, 'common.create').click();
    return dialog;
  }
}
