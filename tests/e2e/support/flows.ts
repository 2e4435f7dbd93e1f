import { expect, type Browser, type Page } from '@playwright/test';
import { LandingPage } from '../pages/landing-page';
import { newOwner, type NewOwner } from './users';

/** Signs a new administrator up through the Register dialog and waits for the appointments screen. */
export async function signUpOwner(page: Page, overrides: Partial<NewOwner> = {}): Promise<NewOwner> {
  const owner = newOwner(overrides);
  const landing = new LandingPage(page);
  await landing.open();
  const dialog = await landing.openSignup();
  await dialog.register(owner);
  await expect(page).toHaveURL(/\/salon\/appointments$/);
  // A new salon is in its trial: once its banner is up the screen has stopped moving (later starts paint with it).
  await expect(page.getByTestId('subscription-banner')).toBeVisible();
  return owner;
}

/** Signs a new administrator up in a browser context of its own, which is closed afterwards. */
export async function signUpOwnerElsewhere(browser: Browser, overrides: Partial<NewOwner> = {}): Promise<NewOwner> {
  const context = await browser.newContext();
  try {
    return await signUpOwner(await context.newPage(), overrides);
  } finally {
    await context.close();
  }
}

/** Logs in through the landing page's Login dialog and waits for the landing screen of the role. */
export async function logIn(page: Page, email: string, password: string, landing: RegExp = /\/salon\/appointments$/) {
  const landingPage = new LandingPage(page);
  await landingPage.open();
  await landingPage.login(email, password);
  await expect(page).toHaveURL(landing);
}
