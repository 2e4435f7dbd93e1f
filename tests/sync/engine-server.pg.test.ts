import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../../src/api/config';
import { at, salonWithOwner, type SalonFixture } from '../factories/salon';
import { backends, useTestServer } from '../helpers/server';
import { appointmentsWithId, book, engineClients, expectEqualToServer } from './support/engine-client';

/**
 * The real engine on fake-indexeddb against the real in-process server (DESIGN.md §9 "sync"). The fault
 * scenarios (lost answers, duplicates, gaps, restarts…) are in faults.pg.test.ts, the seeded fuzz in fuzz.pg.test.ts.
 */
describe.each(backends(import.meta.url))('sync engine against the server on %s', (backend) => {
  const t = useTestServer(backend, { rateLimits: { loginFailures: 10, perAddress: 1000, windowSeconds: 60 } });
  let f: SalonFixture;
  const { client, closeAll } = engineClients(
    () => t,
    () => f.salonId,
  );

  beforeAll(async () => {
    f = await salonWithOwner(t);
    configureApi({ baseUrl: t.url, getToken: () => f.owner.token, getRole: () => 'ADMIN', onUnauthenticated: () => {} });
  });
  afterEach(closeAll);

  it('first sync mirrors the salon exactly', async () => {
    const c = client();
    await c.sync();
    expect(await c.db.mirror('masters').count()).toBe(f.masterIds.length);
    await expectEqualToServer(t, f, c.db);
  });

  it('a booking made offline stays pending, then reaches the server once online', async () => {
    let offline = false;
    const c = client((real) => ({
      ...real,
      send: (id, e) => (offline ? Promise.resolve({ kind: 'transient', error: new Error('offline') }) : real.send(id, e)),
      pull: (...a) => (offline ? Promise.reject(new Error('offline')) : real.pull(...a)),
    }));
    await c.sync();
    offline = true;
    const id = await book(c.db, f, at(2, '10:00'));
    await c.sync();
    expect(await c.db.outbox.count()).toBe(1);
    expect(await c.db.mirror('appointments').get(id)).toBeDefined();
    expect(c.engine.state.online).toBe(false);
    offline = false;
    await c.sync();
    expect(await c.db.outbox.count()).toBe(0);
    expect(await appointmentsWithId(t, id)).toHaveLength(1);
    await expectEqualToServer(t, f, c.db);
  });

  it('two devices book the same master slot offline: one wins, the other gets the overlap on its form', async () => {
    const a = client();
    const b = client();
    await a.sync();
    await b.sync();
    const idA = await book(a.db, f, at(3, '14:00'));
    const idB = await book(b.db, f, at(3, '14:30'), { form: { startTime: '14:30' } });
    await a.sync();
    await b.sync();
    expect(await b.db.mirror('appointments').get(idB)).toBeUndefined();
    expect(await b.db.mirror('appointments').get(idA)).toBeDefined();
    const conflicts = await b.db.conflicts.toArray();
    expect(conflicts).toMatchObject([
      {
        name: 'appointment.create',
        form: { kind: 'appointment.new', values: { startTime: '14:30' } },
        error: { code: 'AlreadyExists', reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD', field: 'startTime' },
      },
    ]);
    await expectEqualToServer(t, f, a.db);
    await expectEqualToServer(t, f, b.db);
  });
});
