import type { Locator, Page } from '@playwright/test';
import { catalogs, type Messages } from '../support/i18n';
import { LoginDialog } from './login-dialog';
import { SignupDialog } from './signup-dialog';

/** The public landing page (part 1 §1) with its login and sign-up dialogs, in any UI language. */
export class LandingPage {
  readonly main: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.main = page.getByRole('main');
  }

  async open() {
    await this.page.goto('/');
  }

  hero() {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** Register, Login and Demo of the hero. */
  button(id: 'landing.register' | 'landing.login' | 'landing.demo') {
    return this.main.getByRole('button', { name: this.t[id], exact: true });
  }

  async openLogin(): Promise<LoginDialog> {
    await this.button('landing.login').click();
    const dialog = new LoginDialog(this.page, this.t);
    await dialog.root.waitFor();
    return dialog;
  }

  async openSignup(): Promise<SignupDialog> {
    await this.button('landing.register').click();
    const dialog = new SignupDialog(this.page, this.t);
    await dialog.root.waitFor();
    return dialog;
  }

  loginDialog() {
    return this.page.getByRole('dialog');
  }

  async login(username: string, password: string) {
    const dialog = await this.openLogin();
    await dialog.login(username, password);
  }
}
