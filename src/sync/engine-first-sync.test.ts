import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import type { SalonDb } from '../db/salon-db';
import { clientRow, SALON, testDb } from '../db/testing/fixtures';
import { SyncEngine, type SyncStatus } from './engine';
import { clientCommands } from './testing/client-model';
import { FakeServer } from './testing/fake-transport';

/** The engine's `firstSync` (the empty states' "still downloading"): set while a pull runs from nothing only. */
let db: SalonDb;
let engine: SyncEngine | null = null;
afterEach(async () => {
  engine?.stop();
  await engine?.idle();
  await db.delete();
});

it('says first sync while the salon is pulled from nothing, and not on the pulls after it', async () => {
  db = testDb();
  const server = new FakeServer(clientCommands);
  server.put('clients', clientRow({ firstName: 'Anna' }));
  const statuses: SyncStatus[] = [];
  engine = new SyncEngine({
    db,
    transport: server,
    salonId: SALON,
    lock: (_name, fn) => fn(),
    intervalMs: 600_000,
    backoff: { baseMs: 600_000, maxMs: 600_000 },
    onStatus: (status) => statuses.push({ ...status }),
  });
  engine.kick();
  await engine.idle();
  // While it pulled: the flag on, with syncing; when it ended, off.
  expect(statuses.some((s) => s.syncing && s.firstSync)).toBe(true);
  expect(statuses.at(-1)).toMatchObject({ syncing: false, firstSync: false });
  expect(await db.mirror('clients').count()).toBe(1);

  statuses.length = 0;
  server.put('clients', clientRow({ firstName: 'Bruno' }));
  engine.kick();
  await engine.idle();
  expect(statuses.some((s) => s.syncing)).toBe(true);
  expect(statuses.some((s) => s.firstSync)).toBe(false);
  expect(await db.mirror('clients').count()).toBe(2);
});
