import { afterEach, describe, expect, it } from 'vitest';
import { clientRow, testDb } from '../../db/testing/fixtures';
import type { SalonDb } from '../../db/salon-db';
import type { DayData } from './day-data';
import { keepShown, readAhead, readDaysAhead } from './day-read-ahead';

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

  it('a day whose read a write overtook, or that the page stopped wanting, is not kept; three days are kept at most', async () => {
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

    await readDaysAhead(db, ['d1', 'd2', 'd3', 'd4'], async (key) => day(key));
    const labels = (keys: string[]) => keys.map((key) => readAhead(db, key)?.names.get('label'));
    expect(labels(['d1', 'd2', 'd3', 'd4'])).toEqual([undefined, 'd2', 'd3', 'd4']);
  });

  it('the day shown is kept as given, and stays while the days next to the one shown after it are read', async () => {
    db = testDb();
    await db.open();
    const labels = (keys: string[]) => keys.map((key) => readAhead(db, key)?.names.get('label'));
    // Day 2 shown, its neighbours read ahead.
    keepShown(db, 'd2', day('d2 shown'));
    await readDaysAhead(db, ['d3', 'd1'], async (key) => day(key));
    expect(labels(['d1', 'd2', 'd3'])).toEqual(['d1', 'd2 shown', 'd3']);

    // Next day: day 3 shown; its neighbours are day 4 (read) and day 2 (kept, not read again), day 1 goes.
    keepShown(db, 'd3', day('d3 shown'));
    const reads: string[] = [];
    await readDaysAhead(db, ['d4', 'd2'], async (key) => {
      reads.push(key);
      return day(key);
    });
    expect(reads).toEqual(['d4']);
    expect(labels(['d1', 'd2', 'd3', 'd4'])).toEqual([undefined, 'd2 shown', 'd3 shown', 'd4']);

    // A write to a table the day reads makes the day shown stale like the others.
    await db.mirror('clients').put(clientRow());
    expect(labels(['d2', 'd3', 'd4'])).toEqual([undefined, undefined, undefined]);

    // The live reads deliver the day again after the write, unchanged: it is the day as of now again.
    const shown = day('d3 read again');
    keepShown(db, 'd3', shown);
    await db.mirror('clients').put(clientRow());
    keepShown(db, 'd3', shown);
    expect(labels(['d3'])).toEqual(['d3 read again']);
  });
});
