import type { Page } from '@playwright/test';

/**
 * The session token the app keeps in IndexedDB (Dexie database 'salon-panel-session', table 'session',
 * key 'current'); read with the plain IndexedDB API so the test does not depend on the app's bundle.
 */
export function storedSessionToken(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        // Opening a missing database would create it: look first.
        void indexedDB.databases().then((all) => {
          if (!all.some((d) => d.name === 'salon-panel-session')) {
            resolve(null);
            return;
          }
          const open = indexedDB.open('salon-panel-session');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('session')) {
              db.close();
              resolve(null);
              return;
            }
            const get = db.transaction('session', 'readonly').objectStore('session').get('current');
            get.onerror = () => reject(get.error);
            get.onsuccess = () => {
              db.close();
              resolve((get.result as { session?: { token?: string } } | undefined)?.session?.token ?? null);
            };
          };
        }, reject);
      }),
  );
}

/** Names of the IndexedDB databases of the page's origin. */
export function indexedDbNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
}

/** Waits until a service worker controls the page: the first one takes the open tab when it activates (clientsClaim). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/**
 * Whether the signed-in user's mirror (the 'salon-panel-<user>' database) holds the row `entity`/`id`: a row
 * made through the API reaches the mirror by the sync, and a test going offline must wait for it first.
 */
export function mirrorHas(page: Page, entity: string, id: string): Promise<boolean> {
  return page.evaluate(
    async ([entity, id]) => {
      const name = (await indexedDB.databases())
        .map((d) => d.name ?? '')
        .find((n) => n.startsWith('salon-panel-') && n !== 'salon-panel-session');
      if (!name) return false;
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(entity)) {
            db.close();
            resolve(false);
            return;
          }
          const get = db.transaction(entity, 'readonly').objectStore(entity).get(id);
          get.onerror = () => {
            db.close();
            resolve(false);
          };
          get.onsuccess = () => {
            db.close();
            resolve(get.result !== undefined);
          };
        };
      });
    },
    [entity, id] as const,
  );
}
