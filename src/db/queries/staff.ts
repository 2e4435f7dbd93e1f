import type { AdministratorRow, MasterRow } from '../../domain/entities';
import type { SalonDb } from '../salon-db';

/* Reads of the salon's people from the mirror: masters and administrators, all of them, by id, by user. */

/** Every master of the salon, in index order. */
export function salonMasters(db: SalonDb, salonId: string): Promise<MasterRow[]> {
  return db.mirror('masters').where('salonId').equals(salonId).toArray();
}

/** One master by id, or undefined. */
export function masterById(db: SalonDb, id: string): Promise<MasterRow | undefined> {
  return db.mirror('masters').get(id);
}

/** Masters by id, in the order of `ids` (undefined where the mirror has none). */
export function mastersByIds(db: SalonDb, ids: string[]): Promise<(MasterRow | undefined)[]> {
  return db.mirror('masters').bulkGet(ids);
}

/** The salon's master who is this user, or undefined. */
export function masterOfUser(db: SalonDb, salonId: string, userId: string): Promise<MasterRow | undefined> {
  return db
    .mirror('masters')
    .where('salonId')
    .equals(salonId)
    .filter((m) => m.userId === userId)
    .first();
}

/** Every administrator of the salon (the owner too), in index order. */
export function salonAdministrators(db: SalonDb, salonId: string): Promise<AdministratorRow[]> {
  return db.mirror('administrators').where('salonId').equals(salonId).toArray();
}

/** The salon's administrator who is this user, or undefined. */
export function administratorOfUser(db: SalonDb, salonId: string, userId: string): Promise<AdministratorRow | undefined> {
  return db
    .mirror('administrators')
    .where('salonId')
    .equals(salonId)
    .filter((a) => a.userId === userId)
    .first();
}
