import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import {
  SalonDb,
  SCHEMA_VERSION,
  STORES_V1,
  STORES_V2,
  STORES_V3,
  STORES_V4,
  STORES_V5,
  STORES_V6,
  STORES_V7,
} from '../../src/db/salon-db';

/**
 * Upgrades of the mirror keep the outbox, conflicts and meta (DESIGN.md §5.9). Every released schema
 * version gets a case here: a database written by that version must open with the current class.
 */
describe('mirror schema upgrades', () => {
  it.each([
    [1, STORES_V1],
    [2, STORES_V2],
    [3, STORES_V3],
    [4, STORES_V4],
    [5, STORES_V5],
    [6, STORES_V6],
    [7, STORES_V7],
  ])('a version %i database opens with the current schema and keeps its unsent commands', async (version, stores) => {
    const name = `upgrade-${newId()}`;
    const old = new Dexie(name);
    old.version(version).stores(stores);
    await old
      .table('outbox')
      .add({ seq: 1, name: 'client.delete', args: {}, touched: [], form: null, salonId: 's', createdAt: 'x', ackedAt: null });
    await old.table('meta').bulkPut([
      { key: 'clientId', value: 'c'.repeat(24) },
      { key: 'seq', value: 1 },
    ]);
    await old.table('clients').put({ id: 'k', salonId: 's', firstName: 'A' });
    old.close();

    const db = new SalonDb(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.clientId()).toBe('c'.repeat(24));
    expect(await db.mirror('clients').get('k')).toMatchObject({ firstName: 'A' });
    await db.delete();
  });

  it('a tab still on the old version keeps reading and writing after another tab upgraded the mirror', async () => {
    const name = `upgrade-${newId()}`;
    const old = new Dexie(name);
    old.version(1).stores(STORES_V1);
    await old.table('clients').put({ id: 'k', salonId: 's', firstName: 'A' });

    const db = new SalonDb(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    // Dexie closed the old connection for the upgrade and opens it again on its next query.
    expect(await old.table('clients').get('k')).toMatchObject({ firstName: 'A' });
    await old.table('clients').put({ id: 'j', salonId: 's', firstName: 'B' });
    expect(await db.mirror('clients').get('j')).toMatchObject({ firstName: 'B' });
    old.close();
    await db.delete();
  });
});
