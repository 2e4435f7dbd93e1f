import { expect, type Locator, type Page } from '@playwright/test';
import { catalogs, type Messages } from '../support/i18n';

/** The Services settings page (part 2 §2) and its dialogs. */
export class ServicesPage {
  readonly heading: Locator;
  readonly empty: Locator;
  readonly addGroupButton: Locator;
  readonly search: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.empty = page.getByText(t['services.empty'], { exact: true });
    this.addGroupButton = page.getByRole('button', { name: t['services.addGroup'], exact: true });
    this.search = page.getByRole('searchbox', { name: t['services.search'] });
  }

  async openFromMenu() {
    await this.page
      .getByRole('navigation', { name: this.t['menu.main'] })
      .getByRole('button', { name: this.t['menu.settings'], exact: true })
      .click();
    await this.page.getByRole('menuitem', { name: this.t['menu.settings.services'], exact: true }).click();
    await expect(this.page).toHaveURL(/\/salon\/settings\/services$/);
    await expect(this.heading).toHaveText(this.t['screen.services']);
  }

  /** A group's section, found by its heading. */
  group(name: string): Locator {
    return this.page.locator('section.service-group').filter({ has: this.page.getByRole('heading', { level: 2, name }) });
  }

  groupHeading(name: string): Locator {
    return this.page.getByRole('heading', { level: 2, name });
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: false }) });
  }

  dialog(titleId: keyof Messages): Locator {
    return this.page.getByRole('dialog', { name: this.t[titleId] });
  }

  nameField(dialog: Locator, prefix: 'serviceGroup' | 'service', language: 'lv' | 'en' | 'ru'): Locator {
    return dialog.getByRole('textbox', { name: this.t[`${prefix}.name.${language}`], exact: true });
  }

  button(scope: Locator, id: 'common.create' | 'common.save' | 'common.cancel' | 'common.yes' | 'common.no'): Locator {
    return scope.getByRole('button', { name: this.t[id], exact: true });
  }

  async addGroup(names: { lv?: string; en?: string; ru?: string }) {
    await this.addGroupButton.click();
    const dialog = this.dialog('serviceGroup.new.title');
    await expect(dialog).toBeVisible();
    for (const [language, value] of Object.entries(names)) await this.nameField(dialog, 'serviceGroup', language as 'lv').fill(value ?? '');
    await this.button(dialog, 'common.create').click();
    return dialog;
  }

  async addService(groupName: string, fields: { lv: string; en?: string; duration: string; price: string; color?: number }) {
    await this.page.getByRole('button', { name: `${this.t['services.addService']} ${groupName}`, exact: true }).click();
    const dialog = this.dialog('service.new.title');
    await expect(dialog).toBeVisible();
    await this.nameField(dialog, 'service', 'lv').fill(fields.lv);
    if (fields.en) await this.nameField(dialog, 'service', 'en').fill(fields.en);
    await dialog.getByRole('textbox', { name: this.t['service.durationMinutes'], exact: true }).fill(fields.duration);
    await dialog.getByRole('textbox', { name: this.t['service.price'], exact: true }).fill(fields.price);
    const colour = this.t['service.colorOption'].replace('{number}', String(fields.color ?? 3));
    await dialog.locator('label.swatch').filter({ hasText: colour }).click();
    await expect(dialog.getByRole('radio', { name: colour, exact: true })).toBeChecked();
    await this.button(dialog, 'common.create').click();
    return dialog;
  }
}
