import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Conflict, OutboxEntry, SalonDb } from '../salon-db';
import { SALON, testDb } from '../testing/fixtures';
import { conflictsNewestFirst, unconfirmedCommands, unconfirmedCount } from './sync';

let db: SalonDb;
beforeEach(() => {
  db = testDb();
});
afterEach(async () => {
  await db.delete();
});

const entry = (seq: number, ackedAt: number | null): OutboxEntry => ({
  seq,
  name: 'client.create',
  args: {},
  touched: [`clients:${seq}`],
  form: null,
  salonId: SALON,
  createdAt: '2026-11-22T08:00:00.000Z',
  ackedAt,
});

describe('sync bookkeeping reads', () => {
  it('unconfirmed commands leave out the acknowledged ones', async () => {
    await db.outbox.bulkPut([entry(1, 1), entry(2, null), entry(3, null)]);
    expect((await unconfirmedCommands(db)).map((e) => e.seq)).toEqual([2, 3]);
    expect(await unconfirmedCount(db)).toBe(2);
  });

  it('conflicts newest first', async () => {
    const conflict = (createdAt: string): Conflict => ({
      seq: 1,
      name: 'client.create',
      args: {},
      form: null,
      error: { reason: 'X' },
      salonId: SALON,
      createdAt,
    });
    await db.conflicts.bulkAdd([
      conflict('2026-11-22T08:00:00.000Z'),
      conflict('2026-11-22T10:00:00.000Z'),
      conflict('2026-11-22T09:00:00.000Z'),
    ]);
    expect((await conflictsNewestFirst(db)).map((c) => c.createdAt)).toEqual([
      '2026-11-22T10:00:00.000Z',
      '2026-11-22T09:00:00.000Z',
      '2026-11-22T08:00:00.000Z',
    ]);
  });
});
