import type { ServiceRow } from '../../domain/entities';
import type { SalonDb } from '../salon-db';

/* Reads of services from the mirror (live ones only: deleted services are not mirrored). Groups: setup.ts. */

/** Every service of the salon, in index order. */
export function salonServices(db: SalonDb, salonId: string): Promise<ServiceRow[]> {
  return db.mirror('services').where('salonId').equals(salonId).toArray();
}

/** One service by id, or undefined. */
export function serviceById(db: SalonDb, id: string): Promise<ServiceRow | undefined> {
  return db.mirror('services').get(id);
}

/** Services by id, in the order of `ids` (undefined where the mirror has none). */
export function servicesByIds(db: SalonDb, ids: string[]): Promise<(ServiceRow | undefined)[]> {
  return db.mirror('services').bulkGet(ids);
}
