import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SalonDb } from '../salon-db';
import { clientRow, createClient, deleteClient, ownerContext, SALON, snapshot, testDb, updateClient } from '../testing/fixtures';
import { CommandRefusal } from '../../domain/command-refusal';
import type { ClientRow } from '../../domain/entities';
import { rebase } from './run';

/** runCommand and rebase on the mirror (README "Local writes: commands"); no server involved. */
let db: SalonDb;
afterEach(async () => {
  await db.delete();
});

/** A mirror holding `rows` as confirmed by the server (no base, no outbox). */
async function confirmed(...rows: ClientRow[]) {
  db = testDb();
  await db.mirror('clients').bulkPut(rows);
}

const rebaseNow = () =>
  db.transaction('rw', db.tables, async () => {
    await rebase(db);
  });
/** What the server confirms later, as a pull stores it under a pending command. */
const serverSends = (row: ClientRow) => db.base.update(`clients:${row.id}`, { row });

describe('runCommand', () => {
  it('writes the effect, the confirmed copy in base and the outbox entry with the next seq', async () => {
    const anna = clientRow({ firstName: 'Anna' });
    await confirmed(anna);
    const bruno = clientRow({ firstName: 'Bruno' });
    const form = { kind: 'client.new' as const, values: { firstName: 'Bruno' } };

    expect(await createClient(db, bruno.id, { firstName: 'Bruno' }, form)).toEqual({ seq: 1 });
    expect(await updateClient(db, anna.id, { firstName: 'Anete' })).toEqual({ seq: 2 });
    expect(await updateClient(db, anna.id, { firstName: 'Annija' })).toEqual({ seq: 3 });

    expect(await db.mirror('clients').get(bruno.id)).toEqual(bruno);
    expect(await db.mirror('clients').get(anna.id)).toEqual({ ...anna, firstName: 'Annija' });
    expect(await db.outbox.toArray()).toMatchObject([
      {
        seq: 1,
        name: 'client.create',
        touched: [`clients:${bruno.id}`],
        form,
        salonId: SALON,
        ackedAt: null,
        args: { ctx: ownerContext(), input: { id: bruno.id } },
      },
      { seq: 2, name: 'client.update', touched: [`clients:${anna.id}`], form: null },
      { seq: 3, name: 'client.update', touched: [`clients:${anna.id}`], form: null },
    ]);
    // The confirmed copy is the one before the first pending change: none for a new row, Anna as the server has her.
    expect(await db.base.get(`clients:${bruno.id}`)).toEqual({ key: `clients:${bruno.id}`, entity: 'clients', id: bruno.id, row: null });
    expect((await db.base.get(`clients:${anna.id}`))?.row).toEqual(anna);
    expect(await db.getMeta('seq')).toBe(3);
  });

  it("a local refusal throws the spec's error and writes nothing", async () => {
    const anna = clientRow({ firstName: 'Anna', phone: '+37126000001' });
    await confirmed(anna);
    const before = await snapshot(db);

    const refused = await createClient(db, clientRow().id, { phone: '+37126000001' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CommandRefusal);
    expect((refused as CommandRefusal).error).toMatchObject({ code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS', field: 'phone' });
    await expect(updateClient(db, clientRow().id, {})).rejects.toMatchObject({ error: { reason: 'ID_DOES_NOT_EXISTS' } });
    expect(await snapshot(db)).toEqual(before);
  });

  it('is one transaction: an outbox entry that cannot be written takes the effect and its base with it', async () => {
    const anna = clientRow({ firstName: 'Anna' });
    await confirmed(anna);
    // An entry already holds seq 1 (meta seq says 0): the command's outbox add fails.
    await db.outbox.add({ seq: 1, name: 'client.delete', args: {}, touched: [], form: null, salonId: SALON, createdAt: '', ackedAt: null });
    const before = await snapshot(db);

    await expect(updateClient(db, anna.id, { firstName: 'Anete' })).rejects.toThrow();
    expect(await snapshot(db)).toEqual(before);
  });
});

describe('rebase', () => {
  it('resets every touched row to its confirmed copy and replays the pending commands in seq order', async () => {
    const anna = clientRow({ firstName: 'Anna' });
    await confirmed(anna);
    await updateClient(db, anna.id, { firstName: 'Anete', notes: 'First' });
    await updateClient(db, anna.id, { firstName: 'Annija' });
    const fromServer = { ...anna, defaultMasterIds: ['c'.repeat(24)], notes: 'Server' };
    await serverSends(fromServer);

    await rebaseNow();
    // Both edits again, the later one last, over the server's row (its default masters kept).
    expect(await db.mirror('clients').get(anna.id)).toEqual({ ...fromServer, firstName: 'Annija', notes: '' });
    expect(await db.base.toArray()).toMatchObject([{ key: `clients:${anna.id}`, row: fromServer }]);
  });

  it('leaves a row no pending command touches any more exactly as the server sent it', async () => {
    const [anna, bruno] = [clientRow({ firstName: 'Anna' }), clientRow({ firstName: 'Bruno' })];
    await confirmed(anna, bruno);
    await updateClient(db, anna.id, { firstName: 'Anete' });
    await deleteClient(db, bruno.id);
    const carla = clientRow({ firstName: 'Carla' });
    await createClient(db, carla.id, { firstName: 'Carla' });
    // The server refused all but the delete: those leave the outbox, as pushAll does before its re-base.
    await db.outbox.bulkDelete([1, 3]);

    await rebaseNow();
    expect(await db.mirror('clients').get(anna.id)).toEqual(anna);
    expect(await db.mirror('clients').get(bruno.id)).toBeUndefined();
    expect(await db.mirror('clients').get(carla.id)).toBeUndefined();
    expect((await db.base.toArray()).map((b) => b.key)).toEqual([`clients:${bruno.id}`]);
  });

  it('skips a replay that no longer applies and records that it touches nothing now', async () => {
    const anna = clientRow({ firstName: 'Anna' });
    await confirmed(anna);
    await updateClient(db, anna.id, { firstName: 'Anete' });
    // The server deleted Anna meanwhile.
    await db.base.update(`clients:${anna.id}`, { row: null });

    await rebaseNow();
    expect(await db.mirror('clients').get(anna.id)).toBeUndefined();
    expect(await db.outbox.toArray()).toMatchObject([{ seq: 1, touched: [] }]);
    expect(await db.base.count()).toBe(0);
  });
});
