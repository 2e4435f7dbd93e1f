import { expect, test, type Page } from '@playwright/test';
import { SalonShell } from './pages/salon-shell';
import { holdPulls } from './support/browser';
import { logIn } from './support/flows';
import { catalogs } from './support/i18n';
import { DEMO, DEMO_PASSWORD } from './support/users';

const { en } = catalogs;

/** The clients in the signed-in user's mirror database, read from IndexedDB itself (0 before it exists). */
const mirrorClients = (page: Page) =>
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
  await expect.poll(() => mirrorClients(page)).toBe(20);
});

/** The app's GraphQL requests in the order they were sent, by their first field (`pull` with its cursor). */
function graphqlSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { query?: string; variables?: { input?: { cursor?: number } } } | null;
    const field = /(?:query|mutation)[^{]*\{\s*(\w+)/.exec(body?.query ?? '')?.[1] ?? '';
    sent.push(field === 'pull' ? `pull ${body?.variables?.input?.cursor}` : field);
  });
  return sent;
}

async function logInThroughDialog(page: Page) {
  await page.goto('/?dialog=login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(en['login.username']).fill(DEMO.owner.email);
  await dialog.getByLabel(en['login.password']).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: en['login.submit'] }).click();
  await expect(page).toHaveURL(/\/salon\/appointments$/);
}

test("signing in asks for the salon's first page at once, and the first sync asks the server for it only once", async ({ page }) => {
  const sent = graphqlSent(page);
  await logInThroughDialog(page);
  await expect.poll(() => mirrorClients(page)).toBe(20);
  // Decision 063: the first page is asked for with the session, before the profile's refresh and the sync's start.
  const login = sent.indexOf('login');
  expect(sent.slice(login + 1, login + 2)).toEqual(['pull 0']);
  expect(sent.indexOf('pull 0')).toBeLessThan(sent.indexOf('viewer'));
  expect(sent.filter((f) => f === 'pull 0')).toHaveLength(1);
});

test("the sync's code loads while the Login dialog is open, before Login is pressed", async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto('/?dialog=login');
  await expect(page.getByRole('dialog').getByLabel(en['login.username'])).toBeVisible();
  // Decision 064: loaded after the press, its modules waited behind the server's first page.
  await expect.poll(() => scripts.some((p) => /\/sync-runtime-[\w-]+\.js$/.test(p))).toBe(true);
  expect(await page.evaluate(() => indexedDB.databases())).not.toContainEqual(
    expect.objectContaining({ name: expect.stringMatching(/^salon-panel-(?!session)/) }),
  );
});

test('signing in again after the server forgot the session keeps the mirror and asks for no first page', async ({ page, request }) => {
  const sent = graphqlSent(page);
  await logInThroughDialog(page);
  await expect.poll(() => mirrorClients(page)).toBe(20);
  // The token revoked behind the app's back (signed out elsewhere); its next request is refused: sign in again.
  const token = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const req = indexedDB.open('salon-panel-session');
        req.onsuccess = () => {
          const get = req.result.transaction('session').objectStore('session').get('current');
          get.onsuccess = () => resolve((get.result as { session: { token: string } }).session.token);
        };
      }),
  );
  const revoked = await request.post('/graphql', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: { query: 'mutation { logout(input: {}) { success } }' },
  });
  expect(revoked.ok()).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page).toHaveURL(/dialog=login/);
  const before = sent.length;
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(en['login.username']).fill(DEMO.owner.email);
  await dialog.getByLabel(en['login.password']).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: en['login.submit'] }).click();
  await expect(page).toHaveURL(/\/salon\/appointments$/);
  // The kept mirror's pull goes on from its cursor: nothing asks for the salon from nothing again.
  await expect.poll(() => sent.slice(before).filter((f) => f.startsWith('pull')).length).toBeGreaterThan(0);
  expect(sent.slice(before).filter((f) => f === 'pull 0')).toEqual([]);
  expect(await mirrorClients(page)).toBe(20);
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
