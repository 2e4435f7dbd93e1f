import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import type { SalonDb } from '../db/salon-db';
import { clientRow, SALON, testDb } from '../db/testing/fixtures';
import type { SyncEngine, SyncStatus } from './engine';
import { cursorKey } from './pull';
import { clientCommands } from './testing/client-model';
import { FakeServer } from './testing/fake-transport';
import { quietEngine, stopEngine } from './testing/quiet-engine';
import type { PullPage } from './transport';

/** The engine's `firstSync` (the empty states' "still downloading"): set while a pull runs from nothing only. */
let db: SalonDb;
let engine: SyncEngine | null = null;
afterEach(async () => {
  await stopEngine(engine);
  engine = null;
  await db.delete();
});

/** An engine on `db` and `server`; each `sync()` runs one cycle and answers the statuses it reported. */
function engineOn(server: FakeServer, earlyFirstPage?: Promise<PullPage>) {
  const statuses: SyncStatus[] = [];
  const started = quietEngine(db, server, (status) => statuses.push({ ...status }), { earlyFirstPage });
  engine = started;
  return {
    async sync() {
      statuses.length = 0;
      started.kick();
      await started.idle();
      return [...statuses];
    },
  };
}

it('says first sync while the salon is pulled from nothing, and not on the pulls after it', async () => {
  db = testDb();
  const server = new FakeServer(clientCommands);
  server.put('clients', clientRow({ firstName: 'Anna' }));
  const device = engineOn(server);
  const statuses = await device.sync();
  // While it pulled: the flag on, with syncing; when it ended, off.
  expect(statuses.some((s) => s.syncing && s.firstSync)).toBe(true);
  expect(statuses.at(-1)).toMatchObject({ syncing: false, firstSync: false });
  expect(await db.mirror('clients').count()).toBe(1);

  server.put('clients', clientRow({ firstName: 'Bruno' }));
  const later = await device.sync();
  expect(later.some((s) => s.syncing)).toBe(true);
  expect(later.some((s) => s.firstSync)).toBe(false);
  expect(await db.mirror('clients').count()).toBe(2);
});

it('says first sync while a cursor the server never issued is answered by downloading everything again', async () => {
  db = testDb();
  const server = new FakeServer(clientCommands);
  server.put('clients', clientRow({ firstName: 'Anna' }));
  await db.meta.put({ key: cursorKey(SALON), value: server.rev + 10 });
  const statuses = await engineOn(server).sync();
  expect(server.pulls.some((p) => p.cursor === 0)).toBe(true);
  expect(statuses.some((s) => s.syncing && s.firstSync && s.progress === null)).toBe(true);
  expect(statuses.at(-1)).toMatchObject({ syncing: false, firstSync: false });
  expect(await db.mirror('clients').count()).toBe(1);
});

it('takes the first page asked for at sign-in in its first pull only (decision 063)', async () => {
  db = testDb();
  const server = new FakeServer(clientCommands);
  server.put('clients', clientRow({ firstName: 'Anna' }));
  const device = engineOn(server, server.pull(SALON, 0, 5000));
  const statuses = await device.sync();
  expect(statuses.some((s) => s.syncing && s.firstSync)).toBe(true);
  expect(server.pulls.map((p) => p.cursor)).toEqual([0]);
  expect(await db.mirror('clients').count()).toBe(1);

  // A later pull from nothing (the mirror's cursor gone) asks the server, not the page of long ago.
  server.put('clients', clientRow({ firstName: 'Bruno' }));
  await db.meta.delete(cursorKey(SALON));
  await device.sync();
  expect(server.pulls.map((p) => p.cursor)).toEqual([0, 0]);
  expect(await db.mirror('clients').count()).toBe(2);
});
