import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { configureApi } from '../../src/api/config';
import { appointment, runCommand, type CommandContext } from '../../src/db/commands';
import { SalonDb } from '../../src/db/salon-db';
import { newId } from '../../src/domain/ids';
import { DEFAULT_SALON_SETTINGS } from '../../src/domain/rules/salon-defaults';
import { ENTITY_NAMES } from '../../src/domain/sync/entities';
import { SyncEngine } from '../../src/sync/engine';
import { createGraphqlTransport } from '../../src/sync/graphql-transport';
import type { Transport } from '../../src/sync/transport';
import { appointments } from '../../server/db/schema';
import { at, day, salonWithOwner, type SalonFixture } from '../factories/salon';
import { backends, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

/** The real engine on fake-indexeddb against the real in-process server (DESIGN.md §9 "sync"). */
describe.each(backends(import.meta.url))('sync engine against the server on %s', (backend) => {
  const t = useTestServer(backend, { rateLimits: { loginFailures: 10, perAddress: 1000, windowSeconds: 60 } });
  let f: SalonFixture;
  const open: Array<{ db: SalonDb; engine: SyncEngine; close(): void }> = [];

  beforeAll(async () => {
    f = await salonWithOwner(t);
    configureApi({ baseUrl: t.url, getToken: () => f.owner.token, getRole: () => 'ADMIN', onUnauthenticated: () => {} });
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
  });

  /** One browser profile: its own database and engine; `wrap` injects faults into the transport. */
  function client(wrap: (transport: Transport) => Transport = (x) => x) {
    const db = new SalonDb(`engine-${newId()}`);
    const real = createGraphqlTransport({ webSocketUrl: `${t.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket });
    const engine = new SyncEngine({ db, transport: wrap(real), salonId: f.salonId, intervalMs: 60_000, backoff: { baseMs: 60_000, maxMs: 60_000 } });
    const handle = {
      db,
      engine,
      close() {
        engine.stop();
        real.close();
        db.close();
      },
      async sync() {
        engine.kick();
        await engine.idle();
      },
    };
    open.push(handle);
    return handle;
  }

  const ctx = (): CommandContext => ({
    salonId: f.salonId,
    userId: f.owner.userId,
    userName: { firstName: 'Ilze', lastName: 'Tester' },
    role: 'ADMIN',
    isOwner: true,
    now: new Date().toISOString(),
    today: day(0),
    settings: DEFAULT_SALON_SETTINGS,
  });
  const book = (db: SalonDb, startAt: string, id = newId(), form: unknown = null) =>
    runCommand(
      db,
      appointment.createAppointments,
      { ctx: ctx(), input: { salon: f.salonId, appointments: [{ id, master: f.masterIds[0] as string, cabinet: null, client: null, service: f.serviceIds[1] as string, duration: 60, startAt, notes: '' }] } },
      { salonId: f.salonId, form: form ? { kind: 'appointment', values: form } : null },
    ).then(() => id);

  /** Every mirror table equals what a fresh pull of the server gives. */
  async function expectEqualToServer(db: SalonDb) {
    const server = await pullAll(t, f.owner.token, f.salonId);
    for (const entity of ENTITY_NAMES) {
      const local = (await db.mirror(entity).toArray()).sort((a, b) => a.id.localeCompare(b.id));
      const remote = [...server.mirror.entries()].filter(([k]) => k.startsWith(`${entity}:`)).map(([, v]) => v).sort((a, b) => a.id.localeCompare(b.id));
      expect(local, entity).toEqual(remote);
    }
  }

  it('first sync mirrors the salon exactly', async () => {
    const c = client();
    await c.sync();
    expect(await c.db.mirror('masters').count()).toBe(f.masterIds.length);
    await expectEqualToServer(c.db);
  });

  it('a booking made offline stays pending, then reaches the server once online', async () => {
    let offline = false;
    const c = client((real) => ({ ...real, send: (id, e) => (offline ? Promise.resolve({ kind: 'transient', error: new Error('offline') }) : real.send(id, e)), pull: (...a) => (offline ? Promise.reject(new Error('offline')) : real.pull(...a)) }));
    await c.sync();
    offline = true;
    const id = await book(c.db, at(2, '10:00'));
    await c.sync();
    expect(await c.db.outbox.count()).toBe(1);
    expect(await c.db.mirror('appointments').get(id)).toBeDefined();
    expect(c.engine.state.online).toBe(false);
    offline = false;
    await c.sync();
    expect(await c.db.outbox.count()).toBe(0);
    expect((await t.db.select().from(appointments).where(eq(appointments.id, id))).length).toBe(1);
    await expectEqualToServer(c.db);
  });

  it('a response lost after the commit is retried and applied once', async () => {
    let loseNext = false;
    const c = client((real) => ({
      ...real,
      async send(clientId, entry) {
        const result = await real.send(clientId, entry);
        if (!loseNext) return result;
        loseNext = false;
        return { kind: 'transient', error: new Error('connection reset') };
      },
    }));
    await c.sync();
    loseNext = true;
    const id = await book(c.db, at(2, '12:00'));
    await c.sync();
    expect(await c.db.outbox.count()).toBe(1);
    await c.sync();
    expect(await c.db.outbox.count()).toBe(0);
    expect((await t.db.select().from(appointments).where(eq(appointments.id, id))).length).toBe(1);
    await expectEqualToServer(c.db);
  });

  it('two devices book the same master slot offline: one wins, the other gets the overlap on its form', async () => {
    const a = client();
    const b = client();
    await a.sync();
    await b.sync();
    const idA = await book(a.db, at(3, '14:00'));
    const idB = await book(b.db, at(3, '14:30'), newId(), { startTime: '14:30' });
    await a.sync();
    await b.sync();
    expect(await b.db.mirror('appointments').get(idB)).toBeUndefined();
    expect(await b.db.mirror('appointments').get(idA)).toBeDefined();
    const conflicts = await b.db.conflicts.toArray();
    expect(conflicts).toMatchObject([{ name: 'appointment.create', form: { kind: 'appointment', values: { startTime: '14:30' } }, error: { code: 'AlreadyExists', reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD', field: 'startTime' } }]);
    await expectEqualToServer(a.db);
    await expectEqualToServer(b.db);
  });
});
