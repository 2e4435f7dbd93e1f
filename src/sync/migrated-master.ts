import type { SalonDb } from '../db/salon-db';
import type { MasterRow } from '../domain/entities';
import { applyPullPage, cursorKey } from './pull';

export interface MigratedMaster {
  id: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
}

/**
 * masterMigrated (part 1 §7): a master who keeps an account's identity took the account's new names and phone. The
 * row in the mirror takes them at once, as a one-row pull page that leaves the cursor where it is, so a pending
 * command on the master is replayed on top and the next pull brings the same row again. A master the mirror does
 * not hold yet, or a mirror never pulled, waits for the pull the same change poked.
 */
export async function applyMigratedMaster(db: SalonDb, salonId: string, master: MigratedMaster): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const cursor = await db.getMeta<number>(cursorKey(salonId));
    if (cursor === undefined) return;
    const base = await db.base.get(`masters:${master.id}`);
    const row = base ? (base.row as MasterRow | null) : await db.mirror('masters').get(master.id);
    if (!row) return;
    const data = { ...row, firstName: master.firstName, lastName: master.lastName, phone: master.phone ?? null };
    await applyPullPage(db, salonId, { changes: [{ entity: 'masters', id: master.id, data }], cursor, hasMore: false, salonRev: cursor });
  });
}
