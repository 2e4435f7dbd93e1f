import { expect, test } from '@playwright/test';
import { SalonShell } from './pages/salon-shell';
import { holdPulls } from './support/browser';
import { logIn } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en } = catalogs;

/** One tab per browser profile leads the sync (Web Locks); the others wait to take over (DESIGN.md §5.8). */
test('two tabs of one profile: exactly one holds the sync lock, the other takes over when it closes', async ({ page, context }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const second = await context.newPage();
  await second.goto('/salon/appointments');
  const locks = (p: typeof page) =>
    p.evaluate(async () => {
      const state = await navigator.locks.query();
      const mine = (list: LockInfo[] | undefined) => (list ?? []).filter((l) => l.name?.startsWith('salon-panel-sync:')).length;
      return { held: mine(state.held), pending: mine(state.pending) };
    });
  await expect.poll(() => locks(second)).toEqual({ held: 1, pending: 1 });
  await page.close();
  await expect.poll(() => locks(second)).toEqual({ held: 1, pending: 0 });
});

test('the first sync fills the mirror: the demo salon is readable from IndexedDB', async ({ page }) => {
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const count = () =>
    page.evaluate(async () => {
      const names = (await indexedDB.databases()).map((d) => d.name ?? '');
      const name = names.find((n) => n.startsWith('salon-panel-') && n !== 'salon-panel-session');
      if (!name) return 0;
      return new Promise<number>((resolve) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => {
          const r = req.result.transaction('clients').objectStore('clients').count();
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => resolve(0);
        };
        req.onerror = () => resolve(0);
      });
    });
  await expect.poll(count).toBe(20);
});

test('while the first sync runs, an empty day or list says the data is still downloading, not that the salon has none', async ({
  page,
}) => {
  // The first pull is held until the test lets it go.
  const release = await holdPulls(page);
  await logIn(page, DEMO.owner.email, DEMO_PASSWORD);
  const downloading = page.getByTestId('first-sync-empty');
  await expect(downloading).toHaveText(en['status.firstSyncEmpty']);
  await expect(page.getByText(en['timetable.noMasters'])).toHaveCount(0);
  // The top bar's progress is there from the start, at 0% until the first page has landed.
  await expect(page.getByTestId('sync-status')).toContainText(en['status.firstSync'].replace('{percent}', '0'));
  await new SalonShell(page).nav.getByRole('link', { name: en['menu.clients'] }).click();
  await expect(downloading).toHaveText(en['status.firstSyncEmpty']);
  await expect(page.getByText(en['clients.empty'])).toHaveCount(0);

  release();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expect(downloading).toHaveCount(0);
  await new SalonShell(page).nav.getByRole('link', { name: en['menu.appointments'] }).click();
  await expect(page.getByTestId('tt-col-head')).toHaveCount(3);
  await expect(downloading).toHaveCount(0);
});
