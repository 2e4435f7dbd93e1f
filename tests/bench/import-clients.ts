import type { Browser } from 'playwright-core';
import { signInThroughDialog, type BenchLogin } from './sign-in';

/** Clients in the file (issue 58 item 3: 20 000 from a file of about 2 MB, target under 30 s). */
const CLIENTS = Number(process.env.BENCH_IMPORT_CLIENTS || 20_000);

/** A clients export as a salon leaving another system brings it: about 100 bytes a row. */
export function clientsFile(count: number): Buffer {
  const lines = ['First Name,Last Name,Mobile Number,Email,Date of Birth,Gender,Note'];
  for (let i = 0; i < count; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    lines.push(
      `Klients${i},Importēts${i},+3712${String(5_000_000 + i)},client${i}@import.example.test,${day}.${month}.${1950 + (i % 50)},${i % 3 ? 'Female' : 'Male'},Imported from the old system`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/**
 * Importing a file of 20 000 clients on Import data (issue 58 item 3), as the demo owner in a browser that has
 * synced the salon: from choosing the file to its rows checked (`checkMs`: read and checked in the worker), from
 * Import to the summary (`importMs`: the rows as commands in the mirror and the outbox), their sum (`seconds`, the
 * target's figure), and then the queued commands sent to the server (`drainSeconds`, after the summary).
 */
export async function measureImport(browser: Browser, url: string, login: BenchLogin) {
  const file = clientsFile(CLIENTS);
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Riga' });
  try {
    const page = await context.newPage();
    await signInThroughDialog(page, url, login);
    await page.waitForSelector('[data-testid="tt-card"]', { timeout: 60_000 });
    await page.goto(`${url}/salon/settings/import`);
    await page.getByLabel('File', { exact: true }).waitFor();

    const t0 = Date.now();
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: file });
    await page.getByTestId('import-counts').waitFor({ timeout: 120_000 });
    const checkMs = Date.now() - t0;
    const counts = await page.getByTestId('import-counts').innerText();
    const t1 = Date.now();
    await page.getByRole('button', { name: /^Import [\d,]+ rows$/ }).click();
    await page.getByTestId('import-summary').waitFor({ timeout: 300_000 });
    const importMs = Date.now() - t1;
    const summary = (await page.getByTestId('import-summary').innerText()).split('\n').filter((line) => /: \d+$/.test(line));
    const t2 = Date.now();
    await page.getByTestId('pending-count').waitFor({ state: 'detached', timeout: 600_000 });
    const drainMs = Date.now() - t2;
    return {
      clients: CLIENTS,
      fileMb: +(file.length / 1024 / 1024).toFixed(2),
      checked: counts,
      summary,
      checkMs,
      importMs,
      seconds: +((checkMs + importMs) / 1000).toFixed(1),
      drainSeconds: +(drainMs / 1000).toFixed(1),
      targetSeconds: 30,
    };
  } finally {
    await context.close();
  }
}
