import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SalonDb } from '../db/salon-db';
import { clientRow, deleteClient, rowsOf, SALON, testDb, updateClient } from '../db/testing/fixtures';
import { cursorKey, pullAll } from './pull';
import { pushAll } from './push';
import { clientCommands } from './testing/client-model';
import { FakeServer } from './testing/fake-transport';

/** pullAll against the in-memory server (README "Pull: the truth"); the real server's are in tests/sync. */
let db: SalonDb;
let server: FakeServer;
afterEach(async () => {
  await db.delete();
});

function setup() {
  db = testDb();
  server = new FakeServer(clientCommands);
}

describe('pullAll', () => {
  it("applies the pages in order until hasMore is false and stores each page's cursor", async () => {
    setup();
    const rows = ['Anna', 'Bruno', 'Cilda', 'Dace', 'Edgars'].map((firstName) => clientRow({ firstName }));
    for (const row of rows) server.put('clients', row);
    server.pageSize = 2;
    const progress: number[] = [];
    const cursors: unknown[] = [];
    const seen = (cursor: number) => {
      progress.push(cursor);
      cursors.push(db.getMeta(cursorKey(SALON)));
    };

    await pullAll(db, server, SALON, seen);
    expect(server.pulls.map((p) => p.cursor)).toEqual([0, 2, 4]);
    expect(progress).toEqual([2, 4, 5]);
    expect(await Promise.all(cursors)).toEqual([2, 4, 5]);
    expect(await rowsOf(db, 'clients')).toEqual(server.rowsOf('clients'));

    // The next pull asks from the stored cursor and gets only what changed since.
    const cilda = { ...rows[2]!, notes: 'Allergic' };
    server.put('clients', cilda);
    await pullAll(db, server, SALON);
    expect(server.pulls.slice(3)).toMatchObject([{ cursor: 5 }]);
    expect(await db.mirror('clients').get(cilda.id)).toEqual(cilda);
    expect(await db.getMeta(cursorKey(SALON))).toBe(6);
  });

  it('a failed page stops the pull at the last applied page; the next pull goes on from there', async () => {
    setup();
    for (const firstName of ['Anna', 'Bruno', 'Cilda']) server.put('clients', clientRow({ firstName }));
    server.pageSize = 1;
    const pull = server.pull.bind(server);
    let calls = 0;
    server.pull = (salonId, cursor, limit) => (++calls === 2 ? Promise.reject(new Error('lost')) : pull(salonId, cursor, limit));

    await expect(pullAll(db, server, SALON)).rejects.toThrow('lost');
    expect(await db.getMeta(cursorKey(SALON))).toBe(1);
    expect(await db.mirror('clients').count()).toBe(1);
    await pullAll(db, server, SALON);
    expect(server.pulls.at(-2)).toMatchObject({ cursor: 1 });
    expect(await rowsOf(db, 'clients')).toEqual(server.rowsOf('clients'));
  });

  it('a tombstone removes the row', async () => {
    setup();
    const [anna, bruno] = [clientRow({ firstName: 'Anna' }), clientRow({ firstName: 'Bruno' })];
    server.put('clients', anna, bruno);
    await pullAll(db, server, SALON);
    server.remove('clients', anna.id);

    await pullAll(db, server, SALON);
    expect(await rowsOf(db, 'clients')).toEqual([bruno]);
  });

  it('a pending change is re-based on top of the pulled row, which becomes its base', async () => {
    setup();
    const anna = clientRow({ firstName: 'Anna' });
    server.put('clients', anna);
    await pullAll(db, server, SALON);
    await updateClient(db, anna.id, { firstName: 'Anete', notes: 'Mornings' });
    // Another device gives Anna default masters and blocks her: fields the pending edit does not set or resets.
    const elsewhere = {
      ...anna,
      defaultMasterIds: ['c'.repeat(24)],
      blockedAt: '2026-11-22T09:00:00.000Z',
      blockedBy: { id: 'd'.repeat(24), firstName: 'Ilze', lastName: 'K' },
    };
    server.put('clients', elsewhere);

    await pullAll(db, server, SALON);
    expect(await db.mirror('clients').get(anna.id)).toEqual({
      ...elsewhere,
      firstName: 'Anete',
      notes: 'Mornings',
      blockedAt: null,
      blockedBy: null,
    });
    expect(await db.base.toArray()).toEqual([{ key: `clients:${anna.id}`, entity: 'clients', id: anna.id, row: elsewhere }]);
    expect(await db.outbox.count()).toBe(1);
  });

  it('a pending delete stays deleted over a pulled change of its row', async () => {
    setup();
    const anna = clientRow({ firstName: 'Anna' });
    server.put('clients', anna);
    await pullAll(db, server, SALON);
    await deleteClient(db, anna.id);
    server.put('clients', { ...anna, notes: 'Changed elsewhere' });

    await pullAll(db, server, SALON);
    expect(await db.mirror('clients').get(anna.id)).toBeUndefined();
    expect((await db.base.get(`clients:${anna.id}`))?.row).toMatchObject({ notes: 'Changed elsewhere' });
  });

  it("commands confirmed before the pull leave the outbox at its end, every row then the server's", async () => {
    setup();
    const anna = clientRow({ firstName: 'Anna' });
    server.put('clients', anna);
    await pullAll(db, server, SALON);
    await updateClient(db, anna.id, { firstName: 'Anete' });
    await pushAll(db, server, await db.clientId());
    await updateClient(db, anna.id, { firstName: 'Anete', notes: 'Not sent yet' });

    await pullAll(db, server, SALON);
    expect((await db.outbox.toArray()).map((e) => e.seq)).toEqual([2]);
    expect(await db.base.toArray()).toMatchObject([{ row: { ...anna, firstName: 'Anete' } }]);

    await pushAll(db, server, await db.clientId());
    await pullAll(db, server, SALON);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.base.count()).toBe(0);
    expect(await rowsOf(db, 'clients')).toEqual(server.rowsOf('clients'));
  });

  it('a pull cut before its last page keeps the confirmed commands and their effect; the next pull retires them', async () => {
    setup();
    const anna = clientRow({ firstName: 'Anna' });
    const bruno = clientRow({ firstName: 'Bruno' });
    server.put('clients', anna);
    server.put('clients', bruno);
    await pullAll(db, server, SALON);
    await updateClient(db, anna.id, { firstName: 'Anete' });
    await updateClient(db, bruno.id, { firstName: 'Brunis' });
    await pushAll(db, server, await db.clientId());
    server.pageSize = 1;
    const pull = server.pull.bind(server);
    let calls = 0;
    server.pull = (salonId, cursor, limit) => (++calls === 2 ? Promise.reject(new Error('lost')) : pull(salonId, cursor, limit));

    await expect(pullAll(db, server, SALON)).rejects.toThrow('lost');
    // One row came back from the server, the other not yet: both still show the confirmed change.
    expect(await db.outbox.count()).toBe(2);
    expect((await db.mirror('clients').toArray()).map((c) => c.firstName).sort()).toEqual(['Anete', 'Brunis']);

    await pullAll(db, server, SALON);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.base.count()).toBe(0);
    expect(await rowsOf(db, 'clients')).toEqual(server.rowsOf('clients'));
  });

  it('writes its pages through the relaxed connection, commands keep the strict one (decision 057)', async () => {
    setup();
    const durability = (target: SalonDb, seen: string[]) =>
      target.use({
        stack: 'dbcore',
        name: 'SeenDurability',
        create: (down) => ({
          ...down,
          transaction: (stores, mode, options) => {
            if (mode === 'readwrite') seen.push(String(options?.durability));
            return down.transaction(stores, mode, options);
          },
        }),
      });
    const strict: string[] = [];
    const relaxed: string[] = [];
    durability(db, strict);
    durability(db.forPull(), relaxed);
    const anna = clientRow({ firstName: 'Anna' });
    server.put('clients', anna);
    server.put('clients', clientRow({ firstName: 'Bruno' }));
    server.pageSize = 1;

    await pullAll(db, server, SALON);
    expect(relaxed).toEqual(['relaxed', 'relaxed']);
    await updateClient(db, anna.id, { firstName: 'Anete' });
    expect(strict).not.toHaveLength(0);
    expect(new Set(strict)).toEqual(new Set(['strict']));
    expect(await rowsOf(db, 'clients')).toHaveLength(2);
  });
});
