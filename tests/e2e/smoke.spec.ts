import { expect, test } from '@playwright/test';
import { LandingPage } from './pages/landing-page';

test('the demo owner logs in from the landing page and lands on appointments', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.open();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans for employees and clients');
  await landing.login('owner@demo.test', 'demo12345');
  await expect(page).toHaveURL(/\/salon\/appointments$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Clients' })).toBeVisible();
});
