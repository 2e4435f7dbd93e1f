import { expect, test, type Page } from '@playwright/test';
import { SalonShell } from './pages/salon-shell';
import { holdPulls } from './support/browser';
import { logIn } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en, ru } = catalogs;
type Box = { x: number; y: number; width: number; height: number };

test.use({ viewport: { width: 1024, height: 768 } });

/**
 * The rows of the top bar, by the vertical band its first nav link and its user menu sit in. On a start of the app
 * the user menu's button is replaced once its menu's code has loaded after the first paint (decision 048), and a box
 * read in between is none: the boxes are read again until both are there, then compared once.
 */
const sameRow = async (page: Page, t: typeof en) => {
  const shell = new SalonShell(page, t);
  const link = page.getByRole('navigation', { name: t['menu.main'] }).getByRole('link').first();
  let boxes: [Box | null, Box | null] = [null, null];
  await expect
    .poll(async () => {
      boxes = [await link.boundingBox(), await shell.userMenuButton.boundingBox()];
      return boxes.every(Boolean);
    })
    .toBe(true);
  const [a, b] = boxes as [Box, Box];
  return Math.abs(a.y + a.height / 2 - (b.y + b.height / 2)) < 12;
};

test('a reception tablet (1024 x 768) keeps the top bar on one row in en and ru; the avatar names the user', async ({ page }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const shell = new SalonShell(page);
  await expect(shell.userMenuButton.locator('[title]')).toHaveAttribute('title', DEMO.owner.name);
  expect(await sameRow(page, en)).toBe(true);
  await shell.chooseLanguage(en['lang.ru']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ru['screen.appointments']);
  expect(await sameRow(page, ru)).toBe(true);
});

test('the first sync keeps the bar on one row: its progress shows as ⇣ and a percent, its words as the tooltip', async ({ page }) => {
  // The first pull is held until the test lets it go.
  const release = await holdPulls(page);
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const pill = page.getByTestId('sync-status').locator('.status-info');
  await expect(pill).toHaveAttribute('title', en['status.firstSync'].replace('{percent}', '0'));
  await expect(pill.locator('.pill-short')).toHaveText('⇣ 0%');
  expect(await sameRow(page, en)).toBe(true);
  await new SalonShell(page).chooseLanguage(en['lang.ru']);
  await expect(pill).toHaveAttribute('title', ru['status.firstSync'].replace('{percent}', '0'));
  expect(await sameRow(page, ru)).toBe(true);
  release();
  await expect(pill).toHaveCount(0);
});
