import type { Locator, Page } from '@playwright/test';
import { catalogs, type Messages } from '../support/i18n';

/** /change-password/{token} (part 2 §2): new password twice; `?welcome=1`, a master's first password (issue 63). */
export class ChangePasswordPage {
  readonly password: Locator;
  readonly repeat: Locator;
  readonly submit: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
    submitId: 'changePassword.submit' | 'changePassword.welcome.submit' = 'changePassword.submit',
  ) {
    this.password = page.getByLabel(t['changePassword.password'], { exact: true });
    this.repeat = page.getByLabel(t['changePassword.passwordRepeat'], { exact: true });
    this.submit = page.getByRole('button', { name: t[submitId], exact: true });
  }

  async open(path: string) {
    await this.page.goto(path);
  }

  async change(password: string, repeat = password) {
    await this.password.fill(password);
    await this.repeat.fill(repeat);
    await this.submit.click();
  }
}
