import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { SalonShell } from './pages/salon-shell';
import { logIn } from './support/flows';
import { catalogs, type Messages } from './support/i18n';
import { rowsOf } from './support/money-flow';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en, lv, ru } = catalogs;

/** Presses a file's Download and returns the file the browser saved, by its name and path. */
async function downloadOf(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  return { name: file.suggestedFilename(), path: await file.path() };
}

/** The CSV's lines as cells, read as an importing program reads them (papaparse). */
const csvLines = (path: string) => Papa.parse<string[]>(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

/**
 * Export data (issue 58 item 4): the owner downloads the salon's files from the mirror, online and offline, in CSV and
 * XLSX, and reads them back. The demo salon's seeded data is only read.
 */
test(
  'the owner exports clients as CSV, appointments offline as XLSX, and the whole salon as a ZIP',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
    // The export is made from the mirror: it is compared with the server once the first sync has finished.
    await expect(page.getByTestId('connection-status')).toHaveAttribute('title', /.+/);
    const shell = new SalonShell(page);
    const menu = await shell.openMenu(shell.navButton('menu.settings'));
    await menu.getByRole('menuitem', { name: en['menu.settings.export'], exact: true }).click();
    await expect(page).toHaveURL(/\/salon\/settings\/export$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['screen.export']);

    const clients = await downloadOf(page, en['export.downloadFile'].replace('{file}', en['export.file.clients']));
    expect(clients.name).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csvLines(clients.path);
    expect(lines[0]).toEqual(['First name', 'Last name', 'Phone', 'E-mail', 'Birthday', 'Gender', 'Notes', 'Blocked']);
    const serverClients = await rowsOf(page, 'clients');
    expect(lines).toHaveLength(serverClients.length + 1);
    // A phone starts with "+": written so that a spreadsheet keeps it as text. Birthdays in the salon's DD.MM.YYYY.
    const anna = lines.find((l) => l[0] === 'Anna' && l[1] === 'Bērziņa');
    expect(anna?.[2]).toBe("'+37126000000");
    expect(anna?.[4]).toBe('01.01.1970');
    await expect(
      page.getByText(
        en['export.done'].replace('{file}', en['export.file.clients']).replace(/\{count.*\}\}/, `${serverClients.length} rows`),
      ),
    ).toBeVisible();

    // Offline, as XLSX: the appointments of this month so far, as many as the server has.
    await page.getByRole('button', { name: en['export.format.xlsx'] }).click();
    await context.setOffline(true);
    const appointments = await downloadOf(page, en['export.downloadFile'].replace('{file}', en['export.file.appointments']));
    expect(appointments.name).toMatch(/^appointments-(\d{4}-\d{2})-01-\1-\d{2}\.xlsx$/);
    const [, month, to] = /^appointments-(\d{4}-\d{2})-01-(\d{4}-\d{2}-\d{2})\.xlsx$/.exec(appointments.name) as RegExpExecArray;
    const sheet = await readSheet(readFileSync(appointments.path));
    expect(sheet[0]?.slice(0, 6)).toEqual(['Date', 'Start', 'End', 'Duration, min', 'Master', 'Service']);
    const inRange = (await context.setOffline(false), await rowsOf(page, 'appointments')).filter((a) => {
      const day = String(a.startAt).slice(0, 10);
      return day >= `${month}-01` && day <= (to as string);
    });
    expect(sheet).toHaveLength(inRange.length + 1);
    expect(sheet[1]?.[0]).toBeInstanceOf(Date);

    const zip = await downloadOf(page, en['export.downloadAll']);
    expect(zip.name).toMatch(/^salon-export-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(readFileSync(zip.path).subarray(0, 2).toString()).toBe('PK');
    await expect(page.getByText(/^The ZIP is ready: \d+ rows in all\.$/)).toBeVisible();
  },
);

test('the export in Latvian and Russian: headers and words of the language; masters do not have it', async ({ page }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  await page.goto('/salon/settings/export');
  for (const [t, code, from] of [
    [lv, 'lv', en],
    [ru, 'ru', lv],
  ] as [Messages, 'lv' | 'ru', Messages][]) {
    await new SalonShell(page, from).chooseLanguage(t[`lang.${code}`]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['screen.export']);
    const services = await downloadOf(page, t['export.downloadFile'].replace('{file}', t['export.file.services']));
    expect(csvLines(services.path)[0]).toEqual([
      t['export.col.group'],
      t['export.col.service'],
      t['export.col.duration'],
      t['export.col.price'],
    ]);
  }
  await new SalonShell(page, ru).signOut();
  await logIn(page, DEMO.master.email, DEMO_PASSWORD);
  await page.goto('/salon/settings/export');
  await expect(page).toHaveURL(/\/salon\/appointments$/);
});
