import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SalonDb } from '../db/salon-db';
import type { Session } from '../db/session';
import { clientRow, createClient, rowsOf, SALON, testDb } from '../db/testing/fixtures';
import { askFirstPage, takeFirstPage } from './early-first-page';
import { cursorKey, pullAll } from './pull';
import { pushAll } from './push';
import type { requestPullPage } from './pull-request';
import { clientCommands } from './testing/client-model';
import { FakeServer } from './testing/fake-transport';

/** A first page asked for at sign-in (decision 063): which pulls take it, and which ask the server again. */
let db: SalonDb;
let server: FakeServer;
beforeEach(() => {
  db = testDb();
  server = new FakeServer(clientCommands);
});
afterEach(async () => {
  await db.delete();
});

/** The salon's first page as the server answered it now, as the sign-in asks for it. */
const askedNow = () => server.pull(SALON, 0, 5000);

describe('the first pull with a page asked for at sign-in', () => {
  it('takes it instead of asking the server for the first page again', async () => {
    server.put('clients', clientRow({ firstName: 'Anna' }));
    server.put('clients', clientRow({ firstName: 'Bruno' }));
    server.pageSize = 1;
    const early = askedNow();
    await pullAll(db, server, SALON, undefined, early);
    // The sign-in's request, then the pages after its cursor only.
    expect(server.pulls.map((p) => p.cursor)).toEqual([0, 1]);
    expect(await rowsOf(db, 'clients')).toEqual(server.rowsOf('clients'));
  });

  it('leaves it on a mirror that already has the salon (signed in again after a 401)', async () => {
    server.put('clients', clientRow({ firstName: 'Anna' }));
    await pullAll(db, server, SALON);
    const bruno = clientRow({ firstName: 'Bruno' });
    server.put('clients', bruno);
    // A page made up to tell it apart: taking it would put a row the server does not have.
    const stale = Promise.resolve({
      changes: [{ entity: 'clients' as const, id: 'x'.repeat(24), data: clientRow() }],
      cursor: 1,
      hasMore: false,
      salonRev: 1,
    });
    await pullAll(db, server, SALON, undefined, stale);
    expect(server.pulls.map((p) => p.cursor)).toEqual([0, 1]);
    expect(await rowsOf(db, 'clients')).toEqual(server.rowsOf('clients'));
  });

  it('leaves it when a command was confirmed before the pull: the page may be older than the command', async () => {
    server.put('clients', clientRow({ firstName: 'Anna' }));
    const early = askedNow();
    const id = 'b'.repeat(24);
    await createClient(db, id, { firstName: 'Bruno' });
    await pushAll(db, server, await db.clientId());
    await pullAll(db, server, SALON, undefined, early);
    expect(server.pulls.map((p) => p.cursor)).toEqual([0, 0]);
    // Bruno is in the mirror as the server has him, and his command left the outbox.
    expect(await rowsOf(db, 'clients')).toEqual(server.rowsOf('clients'));
    expect(server.rowsOf('clients').map((c) => c.firstName)).toContain('Bruno');
    expect(await db.outbox.count()).toBe(0);
  });

  it('a failed one fails that pull; the next asks the server from nothing', async () => {
    server.put('clients', clientRow({ firstName: 'Anna' }));
    const failed = Promise.reject(new Error('lost'));
    failed.catch(() => undefined);
    await expect(pullAll(db, server, SALON, undefined, failed)).rejects.toThrow('lost');
    expect(await db.getMeta(cursorKey(SALON))).toBeUndefined();
    await pullAll(db, server, SALON);
    expect(server.pulls.map((p) => p.cursor)).toEqual([0]);
    expect(await rowsOf(db, 'clients')).toEqual(server.rowsOf('clients'));
  });
});

describe('askFirstPage and takeFirstPage', () => {
  const session = (id: string, salon: string | null) => ({ id, salon }) as Session;
  const request = vi.fn<typeof requestPullPage>();
  beforeEach(() => {
    request.mockReset();
    request.mockResolvedValue({ changes: [], cursor: 0, hasMore: false, salonRev: 0 });
  });

  it("asks for the salon's first page once; only the same user and salon take it, once", async () => {
    askFirstPage(session('u1', SALON), request);
    expect(request).toHaveBeenCalledWith(SALON, 0, 5000);
    expect(takeFirstPage(session('u1', 'c'.repeat(24)))).toBeNull();
    askFirstPage(session('u1', SALON), request);
    const page = takeFirstPage(session('u1', SALON));
    expect(page).not.toBeNull();
    expect(await page).toEqual({ changes: [], cursor: 0, hasMore: false, salonRev: 0 });
    expect(takeFirstPage(session('u1', SALON))).toBeNull();
  });

  it('asks nothing for a user without a salon', () => {
    askFirstPage(session('u2', null), request);
    expect(request).not.toHaveBeenCalled();
    expect(takeFirstPage(session('u2', null))).toBeNull();
  });
});
