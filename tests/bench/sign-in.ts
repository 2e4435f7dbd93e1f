import type { Page } from 'playwright-core';

export interface BenchLogin {
  email: string;
  password: string;
}

/** Signs `login` in through the landing page's Login dialog, as a person does, and waits for the appointments screen. */
export async function signInThroughDialog(page: Page, url: string, login: BenchLogin): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Login' }).first().click();
  await page.getByLabel('E-mail', { exact: true }).fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/salon/appointments');
}
