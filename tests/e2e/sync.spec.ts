import { expect, test } from '@playwright/test';
import { logIn } from './support/flows';
import { DEMO, DEMO_PASSWORD } from './support/users';

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
