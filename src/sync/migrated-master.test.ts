import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { master, runCommand } from '../db/commands';
import type { SalonDb } from '../db/salon-db';
import type { MasterRow } from '../domain/entities';
import { newId } from '../domain/ids';
import { ownerContext, SALON, testDb } from '../db/testing/fixtures';
import { applyMigratedMaster } from './migrated-master';
import { cursorKey } from './pull';

let db: SalonDb;
afterEach(async () => {
  await db.delete();
});

const row = (overrides: Partial<MasterRow> = {}): MasterRow => ({
  id: newId(),
  salonId: SALON,
  userId: newId(),
  firstName: 'Laura',
  lastName: 'Ozola',
  phone: '+37120000001',
  email: 'laura@example.test',
  gender: 'FEMALE',
  status: 'ACTIVE',
  type: 'GLOBAL',
  serviceGroupIds: [],
  ...overrides,
});
const migrated = (m: MasterRow) => ({ id: m.id, firstName: 'Marta', lastName: 'Kalniņa', phone: '+37120000002' });

async function pulled(...rows: MasterRow[]) {
  db = testDb();
  await db.mirror('masters').bulkPut(rows);
  await db.setMeta(cursorKey(SALON), 41);
}

/** masterMigrated applied to the mirror (part 1 §7; issue 60 item 4). */
describe('applyMigratedMaster', () => {
  it('renames the master at once and keeps the rest of the row and the cursor', async () => {
    const laura = row();
    const other = row({ type: 'LOCAL', userId: null, firstName: 'Ieva' });
    await pulled(laura, other);
    await applyMigratedMaster(db, SALON, migrated(laura));
    expect(await db.mirror('masters').get(laura.id)).toEqual({ ...laura, ...migrated(laura) });
    expect(await db.mirror('masters').get(other.id)).toEqual(other);
    expect(await db.getMeta(cursorKey(SALON))).toBe(41);
  });

  it('keeps a pending change of the master on top of the new names', async () => {
    const group = newId();
    const laura = row({ serviceGroupIds: [group] });
    await pulled(laura);
    await db.mirror('serviceGroups').put({ id: group, salonId: SALON, nameVariants: { en: 'Hair' }, type: null, position: 0 });
    const ctx = ownerContext();
    const input = {
      salonId: SALON,
      masterId: laura.id,
      firstName: laura.firstName,
      lastName: laura.lastName,
      gender: 'FEMALE' as const,
      phone: laura.phone,
      email: laura.email,
      status: 'INACTIVE' as const,
      serviceGroups: [group],
    };
    await runCommand(db, master.updateMaster, { ctx, input }, { salonId: SALON, form: null, now: ctx.now });
    await applyMigratedMaster(db, SALON, migrated(laura));
    expect(await db.mirror('masters').get(laura.id)).toEqual({ ...laura, ...migrated(laura), status: 'INACTIVE' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('leaves a mirror never pulled, and a master it does not hold, to the pull', async () => {
    const laura = row();
    db = testDb();
    await db.mirror('masters').put(laura);
    await applyMigratedMaster(db, SALON, migrated(laura));
    expect(await db.mirror('masters').get(laura.id)).toEqual(laura);
    await db.setMeta(cursorKey(SALON), 41);
    const unknown = row();
    await applyMigratedMaster(db, SALON, migrated(unknown));
    expect(await db.mirror('masters').get(unknown.id)).toBeUndefined();
  });
});
