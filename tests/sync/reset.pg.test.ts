import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { configureApi } from '../../src/api/config';
import { appointment, runCommand } from '../../src/db/commands';
import { SalonDb } from '../../src/db/salon-db';
import { newId } from '../../src/domain/ids';
import { DEFAULT_SALON_SETTINGS } from '../../src/domain/rules/salon-defaults';
import { SyncEngine } from '../../src/sync/engine';
import { createGraphqlTransport } from '../../src/sync/graphql-transport';
import { cursorKey } from '../../src/sync/pull';
import { appointments, syncClients, syncResults } from '../../server/db/schema';
import { at, day, salonWithOwner, type SalonFixture } from '../factories/salon';
import { backends, useTestServer } from '../helpers/server';

/** Soft reset (DESIGN.md §5.9): the server forgot our commands or our cursor; nothing pending is lost. */
describe.each(backends(import.meta.url))('soft reset on %s', (backend) => {
  const t = useTestServer(backend, { rateLimits: { loginFailures: 10, perAddress: 1000, windowSeconds: 60 } });
  let f: SalonFixture;
  const cleanups: Array<() => void> = [];
  beforeAll(async () => {
    f = await salonWithOwner(t);
    configureApi({ baseUrl: t.url, getToken: () => f.owner.token, getRole: () => 'ADMIN', onUnauthenticated: () => {} });
  });
  afterEach(() => cleanups.splice(0).forEach((c) => c()));

  function client(options: { pushFails?: () => boolean } = {}) {
    const db = new SalonDb(`reset-${newId()}`);
    const transport = createGraphqlTransport({ webSocketUrl: `${t.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket });
    const wrapped = {
      ...transport,
      send: (id: string, e: Parameters<typeof transport.send>[1]) =>
        options.pushFails?.() ? Promise.resolve({ kind: 'transient' as const, error: null }) : transport.send(id, e),
      sendBatch: (id: string, entries: Parameters<typeof transport.sendBatch>[1]) =>
        options.pushFails?.() ? Promise.resolve([{ kind: 'transient' as const, error: null }]) : transport.sendBatch(id, entries),
    };
    const engine = new SyncEngine({
      db,
      transport: wrapped,
      salonId: f.salonId,
      intervalMs: 60_000,
      backoff: { baseMs: 60_000, maxMs: 60_000 },
    });
    cleanups.push(() => {
      engine.stop();
      transport.close();
      db.close();
    });
    const sync = async () => {
      engine.kick();
      await engine.idle();
    };
    return { db, engine, sync };
  }
  const book = (db: SalonDb, startAt: string) => {
    const id = newId();
    const ctx = {
      salonId: f.salonId,
      userId: f.owner.userId,
      userName: { firstName: 'I', lastName: 'T' },
      role: 'ADMIN' as const,
      isOwner: true,
      now: new Date().toISOString(),
      today: day(0),
      settings: DEFAULT_SALON_SETTINGS,
    };
    const line = {
      id,
      master: f.masterIds[1] as string,
      cabinet: null,
      client: null,
      service: f.serviceIds[0] as string,
      duration: 30,
      startAt,
      notes: '',
    };
    return runCommand(
      db,
      appointment.createAppointments,
      { ctx, input: { salon: f.salonId, appointments: [line] } },
      { salonId: f.salonId },
    ).then(() => id);
  };
  const onServer = async (id: string) => (await t.db.select().from(appointments).where(eq(appointments.id, id))).length;

  it('a server that forgot our seq (SEQ_GAP): a new client id, the pending command applied once', async () => {
    const c = client();
    await c.sync();
    const first = await book(c.db, at(4, '09:00'));
    await c.sync();
    const oldClientId = await c.db.clientId();
    // The server is restored from a backup taken before our first command.
    await t.db.delete(syncResults).where(eq(syncResults.clientId, oldClientId));
    await t.db.delete(syncClients).where(eq(syncClients.clientId, oldClientId));
    const second = await book(c.db, at(4, '10:00'));
    await c.sync();
    await c.engine.idle();
    expect(await c.db.clientId()).not.toBe(oldClientId);
    expect(await c.db.outbox.count()).toBe(0);
    expect(await onServer(first)).toBe(1);
    expect(await onServer(second)).toBe(1);
    expect(await c.db.mirror('appointments').get(second)).toBeDefined();
  });

  it('a cursor ahead of the salon (CURSOR_UNKNOWN): everything downloaded again, the pending command kept on top', async () => {
    let pushFails = false;
    const c = client({ pushFails: () => pushFails });
    await c.sync();
    pushFails = true;
    const id = await book(c.db, at(4, '12:00'));
    // The server was restored to an older state than our cursor; a lost row shows the mirror is rebuilt.
    await c.db.meta.put({ key: cursorKey(f.salonId), value: 1e9 });
    await c.db.mirror('services').clear();
    await c.sync();
    await c.engine.idle();
    expect(await c.db.mirror('services').count()).toBe(f.serviceIds.length);
    expect(await c.db.getMeta<number>(cursorKey(f.salonId))).toBeLessThan(1e9);
    expect(await c.db.outbox.count()).toBe(1);
    expect(await c.db.mirror('appointments').get(id)).toBeDefined();
    pushFails = false;
    await c.sync();
    expect(await c.db.outbox.count()).toBe(0);
    expect(await onServer(id)).toBe(1);
  });
});
