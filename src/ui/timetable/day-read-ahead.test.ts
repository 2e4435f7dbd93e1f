import { afterEach, describe, expect, it } from 'vitest';
import { clientRow, testDb } from '../../db/testing/fixtures';
import type { SalonDb } from '../../db/salon-db';
import type { DayData } from './day-data';
import { readAhead, readDaysAhead } from './day-read-ahead';

/** The days read ahead (decision 049): kept until a table a day reads is written, whoever writes it. */
let db: SalonDb;
afterEach(async () => {
  await db.delete();
});

const day = (label: string): DayData => ({
  providers: [],
  appointments: [],
  services: new Map(),
  groups: new Map(),
  clients: new Map(),
  invoices: new Map(),
  names: new Map([['label', label]]),
});

describe('days read ahead', () => {
  it('are given out until a table a day reads changes, and not after', async () => {
    db = testDb();
    await db.open();
    await readDaysAhead(db, ['d1', 'd2'], async (key) => day(key));
    expect(readAhead(db, 'd1')?.names.get('label')).toBe('d1');
    expect(readAhead(db, 'd2')?.names.get('label')).toBe('d2');
    expect(readAhead(db, 'd3')).toBeUndefined();

    // The outbox and meta alone (an acknowledgement) leave them as they are.
    await db.meta.put({ key: 'ackCounter', value: 1 });
    expect(readAhead(db, 'd1')).toBeDefined();

    await db.mirror('clients').put(clientRow());
    expect(readAhead(db, 'd1')).toBeUndefined();
    expect(readAhead(db, 'd2')).toBeUndefined();

    // Read again, they are given out again.
    await readDaysAhead(db, ['d1'], async (key) => day(`${key} again`));
    expect(readAhead(db, 'd1')?.names.get('label')).toBe('d1 again');
  });

  it('a day whose read a write overtook, or that the page stopped wanting, is not kept; two days are kept at most', async () => {
    db = testDb();
    await db.open();
    await readDaysAhead(db, ['d1'], async (key) => {
      await db.mirror('clients').put(clientRow());
      return day(key);
    });
    expect(readAhead(db, 'd1')).toBeUndefined();

    // A page that stopped wanting them (another day shown, the page left) keeps nothing more.
    let live = true;
    await readDaysAhead(
      db,
      ['d1'],
      async (key) => {
        live = false;
        return day(key);
      },
      () => live,
    );
    expect(readAhead(db, 'd1')).toBeUndefined();

    await readDaysAhead(db, ['d1', 'd2', 'd3'], async (key) => day(key));
    expect([readAhead(db, 'd1'), readAhead(db, 'd2'), readAhead(db, 'd3')].map((d) => d?.names.get('label'))).toEqual([
      undefined,
      'd2',
      'd3',
    ]);
  });
});
