import { expect, type Page } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { ReportsPage } from './pages/reports-page';
import { SalonShell } from './pages/salon-shell';
import { waitForServiceWorkerControl } from './support/browser';
import { salonDay } from './support/drag';
import { catalogs } from './support/i18n';
import { say } from './support/money-flow';
import { salonWithSale, serverRows } from './support/sales';

const { en, lv, ru } = catalogs;

/** The Report's cash-up of one day (issue 59 item 3). */
const panel = (page: Page) => page.getByTestId('cash-up');

test(
  'closing the till: offline with the expected cash and the difference, synced, later edits to review, printed, in en, lv and ru',
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await salonWithSale(page);
    const report = new ReportsPage(page, en);
    await report.open(`?kind=all&from=${salonDay(0)}&to=${salonDay(0)}`);
    await waitForServiceWorkerControl(page);
    await expect(panel(page)).toContainText(en['cashUp.open']);
    // Another day's range of several days has no cash-up; a day not begun has none either.
    await report.open(`?kind=all&from=${salonDay(-1)}&to=${salonDay(0)}`);
    await expect(report.tileValue('report.tile.total')).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
    await report.open(`?kind=all&from=${salonDay(1)}&to=${salonDay(1)}`);
    await expect(report.tileValue('report.tile.total')).toHaveText('€0.00');
    await expect(panel(page)).toHaveCount(0);

    // Offline: the day's cash is the cash sale, €25.00; €24.50 counted is €0.50 short, said as it is typed.
    await report.open(`?kind=all&from=${salonDay(0)}&to=${salonDay(0)}`);
    await context.setOffline(true);
    try {
      await expect(new SalonShell(page, en).status).toHaveText(en['status.offline']);
      await panel(page).getByRole('button', { name: en['cashUp.close'] }).click();
      const dialog = page.getByRole('dialog', {
        name: say('en', 'cashUp.dialogTitle', { day: salonDay(0).split('-').reverse().join('.') }),
      });
      await expect(dialog.getByTestId('cash-up-expected')).toHaveText('€25.00');
      await dialog.getByRole('button', { name: en['cashUp.close'] }).click();
      await expect(dialog.getByRole('textbox', { name: en['cashUp.counted'] })).toHaveAccessibleDescription(en['cashUp.enterCounted']);
      await dialog.getByRole('textbox', { name: en['cashUp.counted'] }).fill('24.50');
      await expect(dialog.getByTestId('cash-up-difference')).toHaveText('−€0.50');
      await dialog.getByRole('textbox', { name: en['cashUp.note'] }).fill('Fifty cents short');
      await dialog.getByRole('button', { name: en['cashUp.close'] }).click();
      await expect(dialog).toBeHidden();
      await expect(panel(page)).toContainText('€24.50');
      await expect(panel(page).getByTestId('cash-up-difference')).toHaveText('−€0.50');
      await expect(panel(page)).toContainText('Fifty cents short');
      await expect(panel(page)).toContainText(en['cashUp.pending']);
    } finally {
      await context.setOffline(false);
    }
    // Back online it reaches the server, which counted the same €25.00.
    await expect(panel(page)).not.toContainText(en['cashUp.pending'], { timeout: 20_000 });
    await expect
      .poll(async () => (await serverRows(page, 'cashUps'))[0])
      .toMatchObject({ date: salonDay(0), expectedCash: '25.00', countedCash: '24.50', note: 'Fifty cents short' });
    await expect(panel(page).getByRole('button', { name: en['cashUp.close'] })).toHaveCount(0);

    // A later edit of the day's cash sale (2 × €13.00) shows as a difference to review; the cash-up stays as closed.
    const group = report.groupToggle(report.groups.first());
    await group.click();
    await report.groups
      .first()
      .getByRole('button', { name: en['report.edit.row'].replace('{entity}', 'Shampoo') })
      .click();
    const edit = page.getByRole('dialog', { name: en['report.edit.title'] });
    await edit.getByLabel(en['invoice.price']).fill('13');
    await edit.getByRole('button', { name: en['common.save'] }).click();
    await expect(edit).toHaveCount(0);
    await expect(panel(page).getByTestId('cash-up-changed')).toHaveText(
      say('en', 'cashUp.changed', { amount: '€26.00', change: '+€1.00' }),
    );
    await expect(panel(page).getByTestId('cash-up-difference')).toHaveText('−€0.50');

    // Printed with the Report.
    await page.emulateMedia({ media: 'print' });
    await expect(panel(page)).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // Latvian and Russian from the catalogs.
    for (const [from, to, t] of [
      ['en', 'lv', lv],
      ['lv', 'ru', ru],
    ] as const) {
      await new SalonShell(page, catalogs[from]).chooseLanguage(catalogs[from][`lang.${to}`]);
      await expect(panel(page).getByRole('heading', { name: t['cashUp.title'] })).toBeVisible();
      await expect(panel(page)).toContainText(t['cashUp.counted']);
      const euro = (n: number) => new Intl.NumberFormat(to, { style: 'currency', currency: 'EUR' }).format(n);
      await expect(panel(page)).toContainText(euro(24.5));
      await expect(panel(page).getByTestId('cash-up-changed')).toHaveText(
        say(to, 'cashUp.changed', { amount: euro(26), change: `+${euro(1)}` }),
      );
    }
  },
);
