import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SalonDb } from '../salon-db';
import { SALON, testDb } from '../testing/fixtures';
import { appointmentCountOfGroup, appointmentsOfClient, appointmentsOfDays, appointmentsOfMaster } from './appointments';
import { appointmentRow } from '../testing/rows';

let db: SalonDb;
beforeEach(() => {
  db = testDb();
});
afterEach(async () => {
  await db.delete();
});

const starts = (rows: { startAt: string }[]) => rows.map((r) => r.startAt);

describe('appointmentsOfDays', () => {
  it('reads the salon rows from the first day 00:00 through the last day 23:59, both included, by start', async () => {
    await db
      .mirror('appointments')
      .bulkPut([
        appointmentRow('2026-11-22 23:59'),
        appointmentRow('2026-11-23 12:00'),
        appointmentRow('2026-11-23 00:00', { archived: true }),
        appointmentRow('2026-11-23 23:59'),
        appointmentRow('2026-11-24 00:00'),
        appointmentRow('2026-11-23 10:00', { salonId: 'o'.repeat(24) }),
      ]);
    expect(starts(await appointmentsOfDays(db, SALON, '2026-11-23', '2026-11-23'))).toEqual([
      '2026-11-23 00:00',
      '2026-11-23 12:00',
      '2026-11-23 23:59',
    ]);
    expect(starts(await appointmentsOfDays(db, SALON, '2026-11-22', '2026-11-24'))).toEqual([
      '2026-11-22 23:59',
      '2026-11-23 00:00',
      '2026-11-23 12:00',
      '2026-11-23 23:59',
      '2026-11-24 00:00',
    ]);
    expect(await appointmentsOfDays(db, SALON, '2026-11-25', '2026-11-25')).toEqual([]);
  });
});

describe('appointments of a client and of a group', () => {
  it('finds them by their index, archived included', async () => {
    const clientId = 'c'.repeat(24);
    const groupId = 'g'.repeat(24);
    const mine = [
      appointmentRow('2026-11-23 10:00', { clientId, groupId }),
      appointmentRow('2026-11-20 10:00', { clientId, archived: true }),
    ];
    await db.mirror('appointments').bulkPut([...mine, appointmentRow('2026-11-23 11:00', { groupId }), appointmentRow('2026-11-23 12:00')]);
    expect((await appointmentsOfClient(db, clientId)).map((a) => a.id).sort()).toEqual(mine.map((a) => a.id).sort());
    expect(await appointmentCountOfGroup(db, groupId)).toBe(2);
    expect(await appointmentCountOfGroup(db, 'x'.repeat(24))).toBe(0);
  });
});

describe('appointmentsOfMaster', () => {
  it("reads the master's appointments by start through [masterId+startAt], archived included, no other master's", async () => {
    const masterId = 'm'.repeat(24);
    await db
      .mirror('appointments')
      .bulkPut([
        appointmentRow('2026-11-23 12:00', { masterId }),
        appointmentRow('2026-11-20 09:00', { masterId, archived: true }),
        appointmentRow('2026-11-23 10:00', { masterId: 'n'.repeat(24) }),
        appointmentRow('2026-12-01 08:00', { masterId }),
      ]);
    expect(starts(await appointmentsOfMaster(db, masterId))).toEqual(['2026-11-20 09:00', '2026-11-23 12:00', '2026-12-01 08:00']);
    expect(await appointmentsOfMaster(db, 'x'.repeat(24))).toEqual([]);
  });
});
