import type { Browser, Page } from 'playwright-core';
import { signedInApp } from './app-page';
import { measureClientsPage } from './clients-page';

/**
 * First sync of a large salon in Chromium (DESIGN.md §10): the real app signs in and its engine pulls
 * every row into IndexedDB; then, in the same browser, Dexie's bulkPut writes the same rows into a fresh
 * database. Both are timed in the page (performance.now), polled every 50 ms for the sync.
 */
export async function measureFirstSync(
  browser: Browser,
  url: string,
  login: { email: string; password: string },
  expected: { clients: number; appointments: number },
  /** More figures measured in the same page, with its synced mirror, before it closes. */
  then: (page: Page) => Promise<Record<string, unknown>> = async () => ({}),
) {
  const page = await signedInApp(browser, url, login);
  const started = await page.evaluate(() => performance.now());
  const counts = () =>
    page.evaluate(async () => {
      const name = (await indexedDB.databases())
        .map((d) => d.name ?? '')
        .find((n) => n.startsWith('salon-panel-') && n !== 'salon-panel-session');
      if (!name) return { clients: 0, appointments: 0, at: performance.now() };
      return new Promise<{ clients: number; appointments: number; at: number }>((resolve) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('clients')) return resolve({ clients: 0, appointments: 0, at: performance.now() });
          const tx = db.transaction(['clients', 'appointments']);
          const c = tx.objectStore('clients').count();
          const a = tx.objectStore('appointments').count();
          tx.oncomplete = () => {
            db.close();
            resolve({ clients: c.result, appointments: a.result, at: performance.now() });
          };
        };
      });
    });
  let last = await counts();
  const deadline = Date.now() + 300_000;
  while ((last.clients < expected.clients || last.appointments < expected.appointments) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    last = await counts();
  }
  const syncMs = last.at - started;
  const rows = last.clients + last.appointments;

  // The same rows, written by Dexie's bulkPut into a fresh database of the same indexes.
  await page.addScriptTag({ path: 'node_modules/dexie/dist/dexie.min.js' });
  const bulkPutMs = await page.evaluate(async () => {
    const name = (await indexedDB.databases())
      .map((d) => d.name ?? '')
      .find((n) => n.startsWith('salon-panel-') && n !== 'salon-panel-session') as string;
    const source = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((resolve) => {
        const r = source.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => resolve(r.result);
      });
    const [clients, appointments] = [await all('clients'), await all('appointments')];
    source.close();
    const DexieCtor = (
      window as unknown as {
        Dexie: new (name: string) => {
          version(n: number): { stores(s: Record<string, string>): void };
          table(n: string): { bulkPut(rows: unknown[]): Promise<unknown> };
          delete(): Promise<void>;
        };
      }
    ).Dexie;
    const raw = new DexieCtor('bench-raw');
    raw.version(1).stores({
      clients: 'id, salonId, lastName, phone',
      appointments: 'id, salonId, [salonId+startAt], masterId, cabinetId, clientId, groupId',
    });
    const t0 = performance.now();
    for (let i = 0; i < clients.length; i += 2000) await raw.table('clients').bulkPut(clients.slice(i, i + 2000));
    for (let i = 0; i < appointments.length; i += 2000) await raw.table('appointments').bulkPut(appointments.slice(i, i + 2000));
    const ms = performance.now() - t0;
    await raw.delete();
    return ms;
  });
  const clientsPage = await measureClientsPage(page, url);
  const more = await then(page);
  await page.context().close();
  return {
    clientsPage,
    ...more,
    rows,
    seconds: +(syncMs / 1000).toFixed(2),
    rowsPerSecond: Math.round(rows / (syncMs / 1000)),
    rawBulkPutRowsPerSecond: Math.round(rows / (bulkPutMs / 1000)),
    ratioToRawBulkPut: +(bulkPutMs / syncMs).toFixed(3),
    targets: { seconds: 15, ratioToRawBulkPut: 0.7 },
  };
}
