import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { graphql } from './api';
import { storedSessionToken } from './browser';
import { logIn, signUpOwner } from './flows';

/** Salon date `n` days from today (Europe/Riga), YYYY-MM-DD. */
export function salonDay(n: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + n * 24 * 3600 * 1000),
  );
}
const hex24 = () => Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

export interface DragSalon {
  email: string;
  password: string;
  token: string;
  salonId: string;
  /** Two masters working 08:00-20:00 on every day of `days`: ids and full names. */
  masters: { id: string; name: string }[];
  /** The 60-minute default service. */
  service: { id: string; name: string };
  days: string[];
}

/**
 * A fresh salon (signed up on `page`) whose first two masters work 08:00-20:00 on `days`, set through the
 * API as the schedule screen would; nothing else is booked.
 */
export async function salonWithTwoMasters(page: Page, days: string[]): Promise<DragSalon> {
  const owner = await signUpOwner(page, { phone: '+371 2000 7788' });
  const token = (await storedSessionToken(page)) as string;
  const viewer = await graphql<{ data: { viewer: { salon: { id: string } } } }>(page.request, '{ viewer { salon { id } } }', token);
  const salonId = viewer.data.viewer.salon.id;
  const pulled = await graphql<{ data: { pull: { changes: { entity: string; id: string; data: string }[] } } }>(
    page.request,
    `{ pull(input: { salon: "${salonId}", cursor: 0 }) { changes { entity id data } } }`,
    token,
  );
  type Row = { firstName?: string; lastName?: string; userId?: string | null; duration?: number; nameVariants?: { en?: string } };
  const changes = pulled.data.pull.changes.map((c) => ({ ...c, data: JSON.parse(c.data) as Row }));
  const service = changes.find((c) => c.entity === 'services' && c.data.duration === 60) as (typeof changes)[number];
  // The default masters (not the owner's own master row), in a stable order.
  const masters = changes
    .filter((c) => c.entity === 'masters' && !c.data.userId)
    .map((c) => ({ id: c.id, name: `${c.data.firstName ?? ''} ${c.data.lastName ?? ''}`.trim() }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, 2);
  for (const day of days) {
    for (const m of masters) {
      const added = await graphql<{ errors?: unknown }>(
        page.request,
        `mutation { addWorkingTime(input: { id: "${hex24()}", salon: "${salonId}", master: "${m.id}", startAt: "${day} 08:00", endAt: "${day} 20:00" }) { workingTime { id } } }`,
        token,
      );
      expect(added.errors).toBeUndefined();
    }
  }
  return {
    email: owner.email,
    password: owner.password,
    token,
    salonId,
    masters,
    service: { id: service.id, name: service.data.nameVariants?.en ?? '' },
    days,
  };
}

/** Books a walk-in for `master` at `startAt` ('YYYY-MM-DD HH:mm') through the API; returns its id. */
export async function book(page: Page, salon: DragSalon, master: string, startAt: string): Promise<string> {
  const id = hex24();
  const result = await graphql<{ errors?: unknown }>(
    page.request,
    `mutation { createAppointments(input: { salon: "${salon.salonId}", appointments: [{ id: "${id}", master: "${master}", service: "${salon.service.id}", duration: 60, startAt: "${startAt}" }] }) { id } }`,
    salon.token,
  );
  expect(result.errors).toBeUndefined();
  return id;
}

/** The same owner on a second device, on `path`. */
export async function secondDevice(browser: Browser, salon: DragSalon, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, salon.email, salon.password);
  await page.goto(path);
  return page;
}

/** A column of the grid (a master's or a day's): its cards are inside it. */
export const column = (page: Page, label: string) => page.getByTestId('timetable').getByRole('group', { name: label, exact: true });

/**
 * Picks up the focused card with Space, as a keyboard user does. @dnd-kit's keyboard sensor listens for the arrows
 * only from a timer it sets at the pick-up (setTimeout 0), while the pick-up is announced at once: a timer set
 * after it in the page fires after @dnd-kit's, so the next key is heard.
 */
export async function pickUp(page: Page): Promise<void> {
  await page.keyboard.press('Space');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** The card of appointment `id`. */
export const card = (page: Page, id: string) => page.locator(`[data-testid="tt-card"][data-appointment-id="${id}"]`);

/**
 * Drags `from` with the mouse so that its top-left moves to `to`'s left edge (plus 12 px) and `dy` px lower,
 * in small steps as a hand would.
 */
export async function mouseDrag(page: Page, from: Locator, to: Locator, dy: number): Promise<void> {
  // The drag parts load once the grid has painted (initial JS): wait until the card can be picked up.
  await expect(from).toHaveAttribute('aria-roledescription', /.+/);
  // The mouse reaches only what is on screen. A drop in the lowest fifth of the window would make the drag scroll
  // the page by itself (dnd-kit's auto-scroll): then the card goes mid-screen first, whatever sits above the
  // timetable (the trial banner).
  await from.scrollIntoViewIfNeeded();
  const height = page.viewportSize()?.height ?? 720;
  const first = await from.boundingBox();
  if (first && first.y + 8 + dy > height * 0.75) await from.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('nothing to drag or nowhere to drop');
  const start = { x: a.x + 12, y: a.y + 8 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 4, start.y + 4, { steps: 2 });
  await page.mouse.move(b.x + 24, start.y + dy, { steps: 12 });
  // Released once the target column shows the card over it, as a hand lets go.
  await expect(to.getByTestId('tt-drop-over')).toHaveCount(1);
  await page.mouse.up();
}
