import { expect, type Locator, type Page } from '@playwright/test';
import { catalogs, type Messages } from '../support/i18n';

/** The signed-in shell: the top bar with its menus (part 1 §2, part 2 §2) above the current screen. */
export class SalonShell {
  readonly nav: Locator;
  readonly languageButton: Locator;
  readonly salonButton: Locator;
  readonly userMenuButton: Locator;
  readonly status: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.nav = page.getByRole('navigation', { name: t['menu.main'] });
    this.languageButton = page.getByRole('button', { name: t['menu.language'], exact: true });
    this.salonButton = page.getByRole('button', { name: t['salonSwitcher.label'], exact: true });
    this.userMenuButton = page.getByRole('button', { name: t['menu.user.label'], exact: true });
    this.status = page.getByTestId('connection-status');
  }

  /** The top bar itself (dialogs have a header of their own, so pick the one with the user menu). */
  topBar() {
    return this.page.getByRole('banner').filter({ has: this.userMenuButton });
  }

  navButton(id: 'menu.settings' | 'menu.admin') {
    return this.nav.getByRole('button', { name: this.t[id], exact: true });
  }

  /** Opens a dropdown and returns its menu. */
  async openMenu(button: Locator): Promise<Locator> {
    await button.click();
    const menu = this.page.getByRole('menu');
    await expect(menu).toBeVisible();
    return menu;
  }

  async closeMenu() {
    await this.page.keyboard.press('Escape');
    await expect(this.page.getByRole('menu')).toHaveCount(0);
  }

  async signOut() {
    const menu = await this.openMenu(this.userMenuButton);
    await menu.getByRole('menuitem', { name: this.t['menu.user.signOut'] }).click();
  }

  async chooseLanguage(languageName: string) {
    const menu = await this.openMenu(this.languageButton);
    await menu.getByRole('menuitem', { name: languageName, exact: true }).click();
  }

  async switchSalon(name: string) {
    const menu = await this.openMenu(this.salonButton);
    await menu.getByRole('menuitem', { name }).click();
  }

  async openNewSalonDialog(): Promise<Locator> {
    const menu = await this.openMenu(this.salonButton);
    await menu.getByRole('menuitem', { name: this.t['salonSwitcher.create'] }).click();
    const dialog = this.page.getByRole('dialog', { name: this.t['salon.new.title'] });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  profileDialog() {
    return this.page.getByRole('dialog', { name: this.t['profile.title'] });
  }
}
