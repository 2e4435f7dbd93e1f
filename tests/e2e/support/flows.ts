import { expect, type Browser, type Page } from '@playwright/test';
import { LandingPage } from '../pages/landing-page';
import { logInThroughApi, signUpThroughApi, storeSession } from './session-api';
import { newOwner, type NewOwner } from './users';

/**
 * A new administrator with a new salon, signed in on `page` at the appointments screen. The sign-up goes through the
 * API, as the Register dialog sends it (signup.spec covers the dialog): 1.2 to 1.8 s against 2.2 to 2.6 s through
 * the dialog, the app's first load included (2026-11-27).
 */
export async function signUpOwner(page: Page, overrides: Partial<NewOwner> = {}): Promise<NewOwner> {
  const owner = newOwner(overrides);
  await storeSession(page, await signUpThroughApi(page.request, owner));
  await page.goto('/salon/appointments');
  await landed(page);
  return owner;
}

/** Signs a new administrator up through the Register dialog and waits for the appointments screen. */
export async function signUpOwnerThroughDialog(page: Page, overrides: Partial<NewOwner> = {}): Promise<NewOwner> {
  const owner = newOwner(overrides);
  const landing = new LandingPage(page);
  await landing.open();
  const dialog = await landing.openSignup();
  await dialog.register(owner);
  await landed(page);
  return owner;
}

async function landed(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/salon\/appointments$/);
  // A new salon is in its trial: once its banner is up the screen has stopped moving (later starts paint with it).
  await expect(page.getByTestId('subscription-banner')).toBeVisible();
}

/** Signs a new administrator up (through the API) on a browser context of its own, which is closed afterwards. */
export async function signUpOwnerElsewhere(browser: Browser, overrides: Partial<NewOwner> = {}): Promise<NewOwner> {
  const owner = newOwner(overrides);
  const context = await browser.newContext();
  try {
    await signUpThroughApi(context.request, owner);
    return owner;
  } finally {
    await context.close();
  }
}

/**
 * Signs `email` in on `page` through the API, as the Login dialog does (smoke, access, i18n and a11y specs cover the
 * dialog), opens the app and waits for the landing screen of the role. The page is new or signed out.
 */
export async function logIn(page: Page, email: string, password: string, landing: RegExp = /\/salon\/appointments$/) {
  await storeSession(page, await logInThroughApi(page.request, email, password));
  await page.goto('/');
  await expect(page).toHaveURL(landing);
}
