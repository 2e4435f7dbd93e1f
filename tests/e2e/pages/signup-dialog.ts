import { expect, type Locator, type Page } from '@playwright/test';
import { catalogs, type Messages } from '../support/i18n';
import type { NewOwner } from '../support/users';

type FieldId =
  | 'signup.salonName'
  | 'signup.salonAddress'
  | 'signup.firstName'
  | 'signup.lastName'
  | 'signup.email'
  | 'signup.phone'
  | 'signup.password'
  | 'signup.promoCode';

/** The sign-up dialog (part 1 §2, §5) with its ALTCHA captcha. */
export class SignupDialog {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    readonly t: Messages = catalogs.en,
  ) {
    this.root = page.getByRole('dialog');
  }

  field(id: FieldId) {
    return this.root.getByLabel(this.t[id], { exact: true });
  }

  /** The altcha-widget custom element sits inside data-testid=captcha (third-party markup). */
  captcha() {
    return this.root.getByTestId('captcha');
  }

  /** The widget solves its proof of work on load; its checkbox turns checked once verified. */
  async waitForCaptcha() {
    await expect(this.captcha().getByRole('checkbox')).toBeChecked();
  }

  submitButton() {
    return this.root.getByRole('button', { name: this.t['signup.submit'], exact: true });
  }

  async fill(owner: NewOwner) {
    await this.field('signup.salonName').fill(owner.salonName);
    await this.field('signup.salonAddress').fill(owner.salonAddress);
    await this.field('signup.firstName').fill(owner.firstName);
    await this.field('signup.lastName').fill(owner.lastName);
    await this.field('signup.email').fill(owner.email);
    if (owner.phone) await this.field('signup.phone').fill(owner.phone);
    await this.field('signup.password').fill(owner.password);
    if (owner.promoCode) await this.field('signup.promoCode').fill(owner.promoCode);
  }

  /** Fills, waits for the captcha and submits. */
  async register(owner: NewOwner) {
    await this.fill(owner);
    await this.waitForCaptcha();
    await this.submitButton().click();
  }
}
