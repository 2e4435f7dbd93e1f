import { expect } from '@playwright/test';
import { SERVICE_WORKER, test } from './support/test';
import { waitForServiceWorkerControl } from './support/browser';
import { logIn } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en } = catalogs;

test(
  "the sysadmin's salon list keeps its last answer offline, across a reload, saying when it was read",
  { tag: SERVICE_WORKER },
  async ({ page, context }) => {
    await logIn(page, DEMO.sysadmin.email, DEMO_PASSWORD, /\/salon\/salon-list$/);
    const demo = page.getByRole('button', { name: `${en['salonList.login']}: Demo salon` });
    await expect(demo).toBeVisible();
    await expect(page.getByText(/^Offline: showing what was read on/)).toHaveCount(0);
    await waitForServiceWorkerControl(page);
    // The persister writes the cache to IndexedDB shortly after the answer (throttled).
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('panel-query-cache');
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('kv')) return resolve(false);
                const all = db.transaction('kv').objectStore('kv').getAll();
                all.onsuccess = () => resolve(JSON.stringify(all.result).includes('Demo salon'));
              };
              open.onerror = () => resolve(false);
            }),
        ),
      )
      .toBe(true);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['screen.salonList']);
      await expect(demo).toBeVisible();
      const [before] = en['offline.asOf'].split('{time}') as [string];
      await expect(page.getByText(new RegExp(`^${before}\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d`))).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByText(new RegExp(`^${en['offline.asOf'].split('{time}')[0]}`))).toHaveCount(0);
  },
);
