import { afterEach, describe, expect, it } from 'vitest';
import { importRows, type ImportRow, type ImportSettings } from '../../src/sync/import-batches';
import type { SalonDb } from '../../src/db/salon-db';
import type { ClientFieldKey } from '../../src/domain/rules/import-merge';
import type { ClientImportValue } from '../../src/domain/rules/import-rows';
import { makeClient, makeContext, makeDb } from '../factories/mirror';

/**
 * An import's rows as the forms' commands against the mirror (issue 58 item 2): new clients queued as client.create,
 * known ones merged by the owner's choice as client.update, a refused row counted and the rest imported, the same
 * rows twice changing nothing, services and products with their groups and manufacturers, Cancel between batches.
 */
const ctx = makeContext();
let db: SalonDb;
afterEach(async () => {
  await db?.delete();
});

const ALL: ReadonlySet<ClientFieldKey> = new Set(['firstName', 'lastName', 'gender', 'phone', 'email', 'notes', 'birthday']);
const settings = (o: Partial<ImportSettings> = {}): ImportSettings => ({ mode: 'fill', given: ALL, language: 'en', ...o });
const client = (line: number, o: Partial<ClientImportValue> = {}): ImportRow<'clients'> => ({
  line,
  value: { firstName: 'Ilze', lastName: 'Kalna', gender: 'FEMALE', phone: null, email: null, notes: '', birthday: null, ...o },
});
const outbox = () => db.outbox.orderBy('seq').toArray();

describe('import as commands', () => {
  it('creates new clients, merges a known phone by the chosen mode, and the same rows again change nothing', async () => {
    db = makeDb();
    const known = makeClient({ salonId: ctx.salonId, firstName: 'Anna', lastName: 'Ozola', phone: '+37120000001', email: null, notes: '' });
    await db.mirror('clients').put(known);
    const rows = [
      client(2, { firstName: 'Anna', lastName: 'Ozola', phone: '+37120000001', email: 'anna@example.test', notes: 'From Fresha' }),
      client(3, { phone: '+37120000002' }),
      client(4, { firstName: 'Pēteris', gender: 'MALE' }),
    ];
    const first = await importRows(db, ctx, 'clients', rows, settings());
    expect(first).toEqual({ imported: 2, merged: 1, skipped: 0, failed: [], cancelled: false });
    expect(await db.mirror('clients').get(known.id)).toMatchObject({
      email: 'anna@example.test',
      notes: 'From Fresha',
      phone: '+37120000001',
    });
    expect((await outbox()).map((e) => e.name)).toEqual(['client.update', 'client.create', 'client.create']);
    expect((await outbox()).map((e) => e.seq)).toEqual([1, 2, 3]);

    const again = await importRows(db, ctx, 'clients', rows, settings({ mode: 'overwrite' }));
    expect(again).toEqual({ imported: 0, merged: 0, skipped: 3, failed: [], cancelled: false });
    expect(await outbox()).toHaveLength(3);
    expect(await db.mirror('clients').where('salonId').equals(ctx.salonId).count()).toBe(3);
  });

  it('fill keeps what the client has, overwrite replaces it, skip leaves it; a blank cell never erases', async () => {
    db = makeDb();
    const known = makeClient({ salonId: ctx.salonId, firstName: 'Anna', lastName: 'Ozola', phone: '+37120000001', notes: 'Old note' });
    await db.mirror('clients').put(known);
    const row = client(2, { firstName: 'Anna', lastName: 'Ozola', phone: '+37120000001', notes: 'New note', email: null });
    expect((await importRows(db, ctx, 'clients', [row], settings({ mode: 'skip' }))).skipped).toBe(1);
    expect((await importRows(db, ctx, 'clients', [row], settings({ mode: 'fill' }))).skipped).toBe(1);
    expect((await db.mirror('clients').get(known.id))?.notes).toBe('Old note');
    expect((await importRows(db, ctx, 'clients', [row], settings({ mode: 'overwrite' }))).merged).toBe(1);
    expect(await db.mirror('clients').get(known.id)).toMatchObject({ notes: 'New note', email: known.email });
  });

  it('a refused row is counted with its message and the others are imported', async () => {
    db = makeDb();
    await db.mirror('clients').put(makeClient({ salonId: ctx.salonId, email: 'taken@example.test', phone: '+37120000009' }));
    const rows = [client(2, { phone: '+37120000003' }), client(3, { phone: '+37120000004', email: 'taken@example.test' }), client(4)];
    const outcome = await importRows(db, ctx, 'clients', rows, settings());
    expect(outcome.imported).toBe(2);
    expect(outcome.failed).toEqual([{ line: 3, message: expect.stringMatching(/email/i) as unknown as string }]);
    expect(await outbox()).toHaveLength(2);
  });

  it('a row repeating an earlier one of the file (same phone) goes into it: one client, one command', async () => {
    db = makeDb();
    const rows = [client(2, { phone: '+37120000005' }), client(3, { phone: '+37120000005', email: 'ilze@example.test', notes: 'VIP' })];
    expect(await importRows(db, ctx, 'clients', rows, settings())).toMatchObject({ imported: 1, merged: 1, failed: [] });
    const [made] = await db.mirror('clients').toArray();
    expect(made).toMatchObject({ phone: '+37120000005', email: 'ilze@example.test', notes: 'VIP' });
    expect((await outbox()).map((e) => [e.name, e.touched])).toEqual([['client.create', [`clients:${made?.id}`]]]);
    expect(await db.base.get(`clients:${made?.id}`)).toMatchObject({ row: null });
  });

  it('Cancel stops between batches; what was imported stays', async () => {
    db = makeDb();
    const rows = Array.from({ length: 600 }, (_, i) => client(i + 2, { phone: `+3712${String(1000000 + i)}` }));
    const stop = new AbortController();
    const seen: number[] = [];
    const outcome = await importRows(db, ctx, 'clients', rows, settings(), {
      signal: stop.signal,
      onProgress: (done) => {
        seen.push(done);
        stop.abort();
      },
    });
    expect(outcome).toMatchObject({ imported: 250, cancelled: true });
    expect(seen).toEqual([250]);
    expect(await db.mirror('clients').count()).toBe(250);
  });

  it('services go into their groups, made when new; products with their manufacturers; known ones are skipped', async () => {
    db = makeDb();
    const services = [
      { line: 2, value: { group: 'Hair', name: 'Cut', duration: 30, price: '20.00' } },
      { line: 3, value: { group: 'Hair', name: 'Colour', duration: 90, price: '55.50' } },
      { line: 4, value: { group: 'hair', name: 'cut', duration: 45, price: '25.00' } },
    ];
    expect(await importRows(db, ctx, 'services', services, settings())).toMatchObject({ imported: 2, skipped: 1, failed: [] });
    expect(await db.mirror('serviceGroups').count()).toBe(1);
    expect((await db.mirror('services').toArray()).map((s) => [s.nameVariants, s.duration, s.price])).toEqual(
      expect.arrayContaining([
        [{ lv: 'Cut', en: 'Cut' }, 30, '20.00'],
        [{ lv: 'Colour', en: 'Colour' }, 90, '55.50'],
      ]),
    );
    const products = [
      { line: 2, value: { name: 'Serum', code: 'S-1', manufacturer: 'Davines', price: '12.00', stock: 4 } },
      { line: 3, value: { name: 'Mask', code: '', manufacturer: 'davines', price: '9.90', stock: 0 } },
      { line: 4, value: { name: 'Serum again', code: 's-1', manufacturer: 'Other', price: '1.00', stock: 1 } },
    ];
    expect(await importRows(db, ctx, 'products', products, settings())).toMatchObject({ imported: 2, skipped: 1, failed: [] });
    expect(await db.mirror('manufacturers').count()).toBe(1);
    expect((await outbox()).map((e) => e.name)).toEqual([
      'serviceGroup.create',
      'service.create',
      'service.create',
      'manufacturer.add',
      'product.add',
      'product.add',
    ]);
  });
});
