import type { Locator, Page } from '@playwright/test';
import { catalogs, type Messages } from '../support/i18n';

/** The login dialog and the password-reset form inside it (part 1 §2). */
export class LoginDialog {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.root = page.getByRole('dialog');
  }

  title() {
    return this.root.getByRole('heading');
  }

  email() {
    return this.root.getByLabel(this.t['login.username'], { exact: true });
  }

  password() {
    return this.root.getByLabel(this.t['login.password'], { exact: true });
  }

  submitButton() {
    return this.root.getByRole('button', { name: this.t['login.submit'], exact: true });
  }

  async login(username: string, password: string) {
    await this.email().fill(username);
    await this.password().fill(password);
    await this.submitButton().click();
  }

  async openReset() {
    await this.root.getByRole('button', { name: this.t['login.forgot'] }).click();
  }

  resetEmail() {
    return this.root.getByLabel(this.t['reset.email'], { exact: true });
  }

  async sendReset(email: string) {
    await this.resetEmail().fill(email);
    await this.root.getByRole('button', { name: this.t['reset.submit'] }).click();
  }

  async backToLogin() {
    await this.root.getByRole('button', { name: this.t['reset.back'] }).click();
  }
}
