import type { Locator, Page, Route } from '@playwright/test';

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

/** Waits until a service worker controls the page: the first takes the open tab when it activates (clientsClaim), or when the tab asks (decision 056). */
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

/**
 * How many pixels of `region` (in CSS pixels of the element's box) of what the screen shows of `target` are not
 * the colour of the region's first pixel: a plain area must count 0. The screenshot is decoded in the page.
 */
export async function unevenPixels(target: Locator, region: { x: number; y: number; width: number; height: number }): Promise<number> {
  const png = (await target.screenshot()).toString('base64');
  return target.page().evaluate(
    async ({ png, region }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      context.drawImage(bitmap, 0, 0);
      const scale = devicePixelRatio;
      const x = Math.round(region.x * scale);
      const y = Math.round(region.y * scale);
      const { data } = context.getImageData(x, y, Math.round(region.width * scale), Math.round(region.height * scale));
      let uneven = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) uneven += 1;
      }
      return uneven;
    },
    { png, region },
  );
}

/** Requests held by `holdRequests`: whether one came, and the release of all of them. */
export interface Held {
  asked(): boolean;
  release(): void;
}

/**
 * Holds the page's requests to `url` that `which` picks until `release` (one that comes later goes at once): a
 * chunk, a catalog part or a sync pull that arrives when the test says.
 */
export async function holdRequests(
  page: Page,
  url: string,
  which: (route: Route) => boolean | Promise<boolean> = () => true,
): Promise<Held> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(url, async (route) => {
    if (!(await which(route))) return route.fallback();
    asked = true;
    await held;
    await route.fallback();
  });
  return { asked: () => asked, release: () => release() };
}

/** Holds the page's sync pulls: a first sync in progress for as long as a test needs it. */
export async function holdPulls(page: Page): Promise<() => void> {
  const held = await holdRequests(page, '**/graphql', (route) => (route.request().postData() ?? '').includes('query Pull'));
  return held.release;
}

/**
 * From each load's first DOM change on, records every moment one of `texts` shows in the page or an element of
 * `zeroCounters` (selectors) reads 0: what a page must never say while its data is still being read. `recorded()`
 * gives what the current load recorded.
 */
export async function recordWhileLoading(page: Page, watch: { texts: string[]; zeroCounters?: string[] }) {
  await page.addInitScript(
    ({ texts, zeroCounters }) => {
      const seen: string[] = [];
      (window as unknown as { recordedWhileLoading: string[] }).recordedWhileLoading = seen;
      new MutationObserver(() => {
        for (const text of texts) if (document.body?.innerText.includes(text)) seen.push(text);
        for (const selector of zeroCounters) if (document.querySelector(selector)?.textContent === '0') seen.push(`0 in ${selector}`);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    },
    { texts: watch.texts, zeroCounters: watch.zeroCounters ?? [] },
  );
  return { recorded: () => page.evaluate(() => (window as unknown as { recordedWhileLoading: string[] }).recordedWhileLoading) };
}
