import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SalonDb } from '../db/salon-db';
import { clientRow, createClient, rowsOf, SALON, testDb, updateClient } from '../db/testing/fixtures';
import type { SyncEngine } from './engine';
import { cursorKey, pullAll } from './pull';
import { pushAll } from './push';
import { softReset } from './reset';
import { clientCommands } from './testing/client-model';
import { FakeServer } from './testing/fake-transport';
import { quietEngine, stopEngine } from './testing/quiet-engine';

/** Soft reset (README "Recovery") against the in-memory server: the outbox survives, the rows come again. */
let db: SalonDb;
let server: FakeServer;
let engine: SyncEngine | null = null;
afterEach(async () => {
  await stopEngine(engine);
  engine = null;
  await db.delete();
});

/** The server's Anna, pulled; one command confirmed and retired, one confirmed and not yet retired, two pending. */
async function setup() {
  db = testDb();
  server = new FakeServer(clientCommands);
  const anna = clientRow({ firstName: 'Anna' });
  server.put('clients', anna);
  await pullAll(db, server, SALON);
  const clientId = await db.clientId();
  await updateClient(db, anna.id, { firstName: 'Anete' });
  await pushAll(db, server, clientId);
  await pullAll(db, server, SALON);
  const bruno = clientRow({ firstName: 'Bruno' });
  await createClient(db, bruno.id, { firstName: 'Bruno' });
  await pushAll(db, server, clientId);
  await updateClient(db, anna.id, { firstName: 'Annija' });
  await updateClient(db, anna.id, { firstName: 'Annija', notes: 'Mornings' });
  return { anna, bruno, clientId };
}

const outbox = async () => (await db.outbox.orderBy('seq').toArray()).map((e) => ({ seq: e.seq, name: e.name, ackedAt: e.ackedAt }));
const startEngine = () => {
  engine = quietEngine(db, server);
  engine.kick();
  return engine.idle();
};

describe('softReset', () => {
  it('as a new client: pending commands renumbered from 1 in order, confirmed ones dropped, the pending replayed on the pulled rows', async () => {
    const { anna, bruno, clientId } = await setup();

    await softReset(db, server, SALON, { newClient: true });
    expect(await db.clientId()).not.toBe(clientId);
    expect(await outbox()).toEqual([
      { seq: 1, name: 'client.update', ackedAt: null },
      { seq: 2, name: 'client.update', ackedAt: null },
    ]);
    expect(await db.getMeta('seq')).toBe(2);
    expect(await rowsOf(db, 'clients')).toEqual(
      [{ ...anna, firstName: 'Annija', notes: 'Mornings' }, { ...bruno }].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await db.base.toArray()).toMatchObject([{ key: `clients:${anna.id}`, row: { ...anna, firstName: 'Anete' } }]);
  });

  it('keeping the client: every row downloaded again from cursor 0 and the whole outbox replayed on top', async () => {
    const { anna, clientId } = await setup();
    await db.mirror('clients').clear();

    await softReset(db, server, SALON, { newClient: false });
    expect(await db.clientId()).toBe(clientId);
    expect(server.pulls.at(-1)).toMatchObject({ cursor: 0 });
    expect(await outbox()).toEqual([
      { seq: 3, name: 'client.update', ackedAt: null },
      { seq: 4, name: 'client.update', ackedAt: null },
    ]);
    expect(await db.mirror('clients').get(anna.id)).toEqual({ ...anna, firstName: 'Annija', notes: 'Mornings' });
    expect(await db.getMeta(cursorKey(SALON))).toBe(server.rev);
  });
});

describe('the engine', () => {
  it('answers a gap with a reset as a new client and sends the pending commands again from seq 1', async () => {
    const { anna, clientId } = await setup();
    server.forget(clientId);

    await startEngine();
    const newClientId = await db.clientId();
    expect(server.sends.filter((s) => s.clientId === clientId).at(-1)).toMatchObject({ seq: 3, answer: 'gap' });
    expect(server.sends.filter((s) => s.clientId === newClientId).map((s) => [s.seq, s.answer])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
    ]);
    expect(engine?.state).toMatchObject({ needsReset: false, lastError: null, online: true });
    expect(server.row('clients', anna.id)).toMatchObject({ firstName: 'Annija', notes: 'Mornings' });
    expect(await rowsOf(db, 'clients')).toEqual(server.rowsOf('clients'));
    expect(await db.outbox.count()).toBe(0);
  });

  it('answers CURSOR_UNKNOWN with a reset keeping the client, then sends the pending commands', async () => {
    const { anna, clientId } = await setup();
    await db.meta.put({ key: cursorKey(SALON), value: server.rev + 10 });
    server.failNext(1);

    await startEngine();
    expect(await db.clientId()).toBe(clientId);
    expect(server.pulls.some((p) => p.cursor === 0)).toBe(true);
    expect(server.lastSeq(clientId)).toBe(4);
    expect(server.row('clients', anna.id)).toMatchObject({ firstName: 'Annija', notes: 'Mornings' });
    expect(await rowsOf(db, 'clients')).toEqual(server.rowsOf('clients'));
    expect(await db.outbox.count()).toBe(0);
  });
});
