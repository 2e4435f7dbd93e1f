import { chromium } from '@playwright/test';
const base = 'http://localhost:4300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [lang, size] of [['ru', { width: 1024, height: 768 }], ['lv', { width: 390, height: 844 }]]) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.goto(base + '/');
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
  await page.locator('button').filter({ hasText: /Войти|Pieslēgties|Login|Ienākt|Pieteikties/ }).first().click();
  await page.locator('input[type=email], input[name=username]').first().fill('owner@demo.test');
  await page.locator('input[type=password]').first().fill('demo12345');
  await page.getByRole('dialog').locator('button[type=submit]').click();
  await page.waitForURL(/appointments/);
  await page.waitForTimeout(2500);
  await page.goto(base + '/salon/settings/import');
  await page.getByRole('group').filter({ has: page.getByRole('button') }).first().getByRole('button').nth(1).click();
  await page.locator('input[type=file]').setInputFiles('tests/fixtures/import/services.csv');
  await page.getByTestId('import-counts').waitFor();
  await page.screenshot({ path: `/tmp/shots/import-${lang}.png`, fullPage: true });
  await page.goto(base + '/salon/settings/export');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/export-${lang}.png`, fullPage: true });
  await context.close();
}
await browser.close();
