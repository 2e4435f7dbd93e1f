import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SalonDb } from '../salon-db';
import { SALON, testDb } from '../testing/fixtures';
import { workingTimeRow } from '../testing/rows';
import { masterWorkingTimesOn, workingTimesOfDays } from './setup';

let db: SalonDb;
beforeEach(() => {
  db = testDb();
});
afterEach(async () => {
  await db.delete();
});

const starts = (rows: { startAt: string }[]) => rows.map((r) => r.startAt);

describe('working time of a day', () => {
  beforeEach(async () => {
    await db
      .mirror('workingTimes')
      .bulkPut([
        workingTimeRow('2026-11-22 23:59'),
        workingTimeRow('2026-11-23 00:00'),
        workingTimeRow('2026-11-23 09:00', { masterId: null, cabinetId: 'k'.repeat(24) }),
        workingTimeRow('2026-11-23 23:59'),
        workingTimeRow('2026-11-24 00:00'),
        workingTimeRow('2026-11-23 10:00', { salonId: 'o'.repeat(24) }),
      ]);
  });

  it('masterWorkingTimesOn: masters only, from the day 00:00 up to (not including) the next day 00:00', async () => {
    expect(starts(await masterWorkingTimesOn(db, SALON, '2026-11-23'))).toEqual(['2026-11-23 00:00', '2026-11-23 23:59']);
  });

  it('workingTimesOfDays: masters and cabinets, through the last day 23:59', async () => {
    expect(starts(await workingTimesOfDays(db, SALON, '2026-11-23', '2026-11-23'))).toEqual([
      '2026-11-23 00:00',
      '2026-11-23 09:00',
      '2026-11-23 23:59',
    ]);
  });
});
