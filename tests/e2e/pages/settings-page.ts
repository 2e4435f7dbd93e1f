import { expect, type Locator, type Page } from '@playwright/test';
import { todayCell } from '../support/calendar';
import { catalogs, type Messages } from '../support/i18n';

type SettingsSelect =
  | 'settings.startAt'
  | 'settings.endAt'
  | 'settings.step'
  | 'settings.clientMessages.quietFrom'
  | 'settings.clientMessages.quietTo'
  | 'settings.clientMessages.lateCancel';

/** General Settings (part 2 §2): the salon form, the switches and Delete appointments; and Admin settings. */
export class SettingsPage {
  readonly heading: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
  }

  async openFromMenu() {
    await this.page
      .getByRole('navigation', { name: this.t['menu.main'] })
      .getByRole('button', { name: this.t['menu.settings'], exact: true })
      .click();
    await this.page.getByRole('menu').getByRole('menuitem', { name: this.t['menu.settings.settings'], exact: true }).click();
    await expect(this.page).toHaveURL(/\/salon\/settings\/?$/);
    await expect(this.heading).toHaveText(this.t['screen.settings']);
  }

  /** Settings › Admin settings (issue 60 item 6): client messages, their texts, billing. */
  async openAdminFromMenu() {
    await this.page
      .getByRole('navigation', { name: this.t['menu.main'] })
      .getByRole('button', { name: this.t['menu.settings'], exact: true })
      .click();
    await this.page.getByRole('menu').getByRole('menuitem', { name: this.t['menu.settings.adminSettings'], exact: true }).click();
    await expect(this.page).toHaveURL(/\/salon\/admin-settings$/);
    await expect(this.heading).toHaveText(this.t['screen.adminSettings']);
  }

  field(id: 'settings.salonName' | 'settings.address' | 'settings.deleteHistory.word') {
    return this.page.getByLabel(this.t[id], { exact: true });
  }

  /** A select of the schedule or of SMS quiet hours: its button (named by its label and value). */
  select(id: SettingsSelect) {
    return this.page.getByRole('button', { name: new RegExp(`${this.t[id]}`) });
  }

  async choose(id: SettingsSelect, option: string) {
    await this.select(id).click();
    await this.page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await expect(this.page.getByRole('listbox')).toHaveCount(0);
  }

  /** The salon form's Save (Client messages has its own). */
  get save() {
    return this.section('settings.general').getByRole('button', { name: this.t['common.save'], exact: true });
  }

  /** A section of the page, named by its heading. */
  section(id: 'settings.general' | 'settings.clientMessages.title') {
    return this.page.getByRole('region', { name: this.t[id], exact: true });
  }

  switch(
    id:
      | 'settings.enableArchive'
      | 'settings.hideClientPhone'
      | 'settings.masterPanelLogin'
      | 'settings.reportByType'
      | 'settings.mastersEditOthers',
  ) {
    return this.page.getByRole('switch', { name: this.t[id], exact: true });
  }

  get deleteButton() {
    return this.page.getByRole('button', { name: this.t['settings.deleteHistory.button'], exact: true });
  }

  /** Picks a range in the two-month calendar: today as both first and last day. */
  async pickTodayAsRange() {
    await this.page.getByRole('button', { name: new RegExp(`^${this.t['settings.deleteHistory.pickRange']}`) }).click();
    const today = todayCell(this.page);
    await today.click();
    await today.click();
    await expect(this.page.locator('.calendar-months')).toHaveCount(0);
  }

  message(id: keyof Messages) {
    return this.page.getByText(this.t[id], { exact: true });
  }
}
