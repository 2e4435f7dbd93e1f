import type { Page } from '@playwright/test';

/** The public landing page with its login and sign-up dialogs. */
export class LandingPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/');
  }

  loginDialog() {
    return this.page.getByRole('dialog');
  }

  async login(username: string, password: string) {
    await this.page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    const dialog = this.loginDialog();
    await dialog.getByLabel('E-mail').fill(username);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Login' }).click();
  }
}
