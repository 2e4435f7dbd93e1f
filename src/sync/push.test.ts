import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SalonDb } from '../db/salon-db';
import { clientRow, createClient, rowsOf, SALON, testDb, updateClient } from '../db/testing/fixtures';
import { pullAll } from './pull';
import { PUSH_BATCH_SIZE, pushAll } from './push';
import { clientCommands } from './testing/client-model';
import { FakeServer } from './testing/fake-transport';

/** pushAll against the in-memory server (README "Push: exactly once"); the real server's are in tests/sync. */
let db: SalonDb;
let server: FakeServer;
afterEach(async () => {
  await db.delete();
});

/** A mirror holding the server's client `anna`, pulled. */
async function setup() {
  db = testDb();
  server = new FakeServer(clientCommands);
  const anna = clientRow({ firstName: 'Anna' });
  server.put('clients', anna);
  await pullAll(db, server, SALON);
  return { anna, clientId: await db.clientId() };
}

const pending = async () => (await db.outbox.orderBy('seq').toArray()).map((e) => ({ seq: e.seq, name: e.name, ackedAt: e.ackedAt }));

describe('pushAll', () => {
  it('sends the outbox in seq order and marks each confirmed command acknowledged, its effect kept', async () => {
    const { anna, clientId } = await setup();
    const bruno = clientRow({ firstName: 'Bruno' });
    await createClient(db, bruno.id, { firstName: 'Bruno' });
    await updateClient(db, anna.id, { firstName: 'Anete' });
    await updateClient(db, bruno.id, { firstName: 'Bruno', notes: 'VIP' });
    const shown = await rowsOf(db, 'clients');

    expect(await pushAll(db, server, clientId)).toBe('done');
    expect(server.sends).toEqual([
      { clientId, seq: 1, name: 'client.create', answer: 'ok' },
      { clientId, seq: 2, name: 'client.update', answer: 'ok' },
      { clientId, seq: 3, name: 'client.update', answer: 'ok' },
    ]);
    expect(server.lastSeq(clientId)).toBe(3);
    expect(await pending()).toEqual([
      { seq: 1, name: 'client.create', ackedAt: 1 },
      { seq: 2, name: 'client.update', ackedAt: 2 },
      { seq: 3, name: 'client.update', ackedAt: 3 },
    ]);
    expect(await rowsOf(db, 'clients')).toEqual(shown);
    // Pushing again sends nothing: every command is confirmed.
    expect(await pushAll(db, server, clientId)).toBe('done');
    expect(server.sends).toHaveLength(3);
  });

  it("a refusal removes the command, keeps a conflict with its form and the server's error, and re-bases its effect away", async () => {
    const { anna, clientId } = await setup();
    const form = { kind: 'client.edit' as const, values: { firstName: 'Anete', phone: '+37126000001' } };
    const error = { code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS', field: 'phone', message: 'Phone is taken' };
    await updateClient(db, anna.id, { firstName: 'Anete' }, form);
    const bruno = clientRow({ firstName: 'Bruno' });
    await createClient(db, bruno.id, { firstName: 'Bruno' });
    server.refuseNext(error);

    expect(await pushAll(db, server, clientId)).toBe('done');
    expect(server.sends.map((s) => s.answer)).toEqual(['refused', 'ok']);
    expect(await db.conflicts.toArray()).toMatchObject([{ seq: 1, name: 'client.update', form, error, salonId: SALON }]);
    expect(await pending()).toEqual([{ seq: 2, name: 'client.create', ackedAt: 1 }]);
    // Anna is the server's again; the queue went on and Bruno stays.
    expect(await db.mirror('clients').get(anna.id)).toEqual(anna);
    expect(await db.mirror('clients').get(bruno.id)).toEqual(bruno);
    expect((await db.base.toArray()).map((b) => b.key)).toEqual([`clients:${bruno.id}`]);
  });

  it('a transient failure stops the push and keeps the command; the next push sends it again', async () => {
    const { anna, clientId } = await setup();
    await updateClient(db, anna.id, { firstName: 'Anete' });
    await updateClient(db, anna.id, { firstName: 'Annija' });
    server.failNext();

    expect(await pushAll(db, server, clientId)).toBe('transient');
    expect(server.sends.map((s) => [s.seq, s.answer])).toEqual([[1, 'transient']]);
    expect(await pending()).toEqual([
      { seq: 1, name: 'client.update', ackedAt: null },
      { seq: 2, name: 'client.update', ackedAt: null },
    ]);
    expect(await db.mirror('clients').get(anna.id)).toMatchObject({ firstName: 'Annija' });

    expect(await pushAll(db, server, clientId)).toBe('done');
    expect(server.sends.map((s) => [s.seq, s.answer])).toEqual([
      [1, 'transient'],
      [1, 'ok'],
      [2, 'ok'],
    ]);
    expect(server.row('clients', anna.id)).toMatchObject({ firstName: 'Annija' });
  });

  it('an answer lost after the server applied the command: sent again, it gets the first answer and is applied once', async () => {
    const { anna, clientId } = await setup();
    await updateClient(db, anna.id, { firstName: 'Anete' });
    server.loseNextAnswer();

    expect(await pushAll(db, server, clientId)).toBe('transient');
    const rev = server.rev;
    expect(server.row('clients', anna.id)).toMatchObject({ firstName: 'Anete' });
    expect(await pending()).toEqual([{ seq: 1, name: 'client.update', ackedAt: null }]);

    expect(await pushAll(db, server, clientId)).toBe('done');
    expect(server.sends.map((s) => [s.seq, s.answer])).toEqual([
      [1, 'transient'],
      [1, 'ok'],
    ]);
    expect(server.rev).toBe(rev);
    expect(await pending()).toEqual([{ seq: 1, name: 'client.update', ackedAt: 1 }]);
  });

  it('a gap stops the push with the outbox untouched (the engine then soft-resets, reset.ts)', async () => {
    const { anna, clientId } = await setup();
    await updateClient(db, anna.id, { firstName: 'Anete' });
    await pushAll(db, server, clientId);
    await pullAll(db, server, SALON);
    await updateClient(db, anna.id, { firstName: 'Annija' });
    await updateClient(db, anna.id, { firstName: 'Annija', notes: 'Mornings' });
    // The server was restored from a backup taken before seq 1: it expects seq 1 again.
    server.forget(clientId);
    const before = await db.outbox.toArray();

    expect(await pushAll(db, server, clientId)).toBe('gap');
    expect(server.sends.slice(1)).toEqual([{ clientId, seq: 2, name: 'client.update', answer: 'gap' }]);
    expect(await db.outbox.toArray()).toEqual(before);
    expect(await db.conflicts.count()).toBe(0);
    expect(server.lastSeq(clientId)).toBe(0);
  });

  it('sends the outbox in batches of PUSH_BATCH_SIZE in seq order; a refusal in a batch answers that command alone', async () => {
    const { clientId } = await setup();
    const made = Array.from({ length: PUSH_BATCH_SIZE * 2 + 5 }, (_, i) => clientRow({ firstName: `Client ${i}` }));
    for (const row of made) await createClient(db, row.id, { firstName: row.firstName });
    server.refuseNext({ code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS', field: 'phone', message: 'Phone is taken' }, 3);
    server.skipNext = 4; // the refusals go to commands 5, 6 and 7, inside the first batch
    expect(await pushAll(db, server, clientId)).toBe('done');
    expect(server.batches.map((b) => [b[0], b.length])).toEqual([
      [1, PUSH_BATCH_SIZE],
      [PUSH_BATCH_SIZE + 1, PUSH_BATCH_SIZE],
      [PUSH_BATCH_SIZE * 2 + 1, 5],
    ]);
    expect(server.lastSeq(clientId)).toBe(made.length);
    expect((await db.conflicts.toArray()).map((c) => c.seq)).toEqual([5, 6, 7]);
    const acked = await pending();
    expect(acked).toHaveLength(made.length - 3);
    // Acknowledged in seq order, one after the other.
    expect(acked.map((e) => e.ackedAt)).toEqual(acked.map((_, i) => i + 1));
    expect(await db.mirror('clients').get(made[5]?.id as string)).toBeUndefined();
    expect(await db.mirror('clients').get(made[8]?.id as string)).toMatchObject({ firstName: 'Client 8' });
  });

  it('a batch cut mid-way (the server applied some, the answer lost): the next push gets their first answers', async () => {
    const { clientId } = await setup();
    for (let i = 0; i < 10; i++) await createClient(db, clientRow().id, { firstName: `Client ${i}` });
    server.skipNext = 6;
    server.loseNextAnswer();
    expect(await pushAll(db, server, clientId)).toBe('transient');
    expect((await pending()).filter((e) => e.ackedAt !== null)).toHaveLength(6);
    expect(server.lastSeq(clientId)).toBe(7);
    expect(await pushAll(db, server, clientId)).toBe('done');
    expect(server.batches).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [7, 8, 9, 10],
    ]);
    expect(server.lastSeq(clientId)).toBe(10);
    expect(server.rowsOf('clients')).toHaveLength(11);
    expect((await pending()).map((e) => e.ackedAt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
