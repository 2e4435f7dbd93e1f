import type { ClientRow } from '../../domain/entities';
import type { SalonDb } from '../salon-db';

/* Reads of clients from the mirror: the salon's, one by id, many by id, one by phone. */

/** Every client of the salon the mirror holds (deleted ones are not there), in index order. */
export function salonClients(db: SalonDb, salonId: string): Promise<ClientRow[]> {
  return db.mirror('clients').where('salonId').equals(salonId).toArray();
}

/** One client by id (of whichever salon), or undefined. */
export function clientById(db: SalonDb, id: string): Promise<ClientRow | undefined> {
  return db.mirror('clients').get(id);
}

/** Clients by id, in the order of `ids` (undefined where the mirror has none). */
export function clientsByIds(db: SalonDb, ids: string[]): Promise<(ClientRow | undefined)[]> {
  return db.mirror('clients').bulkGet(ids);
}

/** The salon's client with this phone (by the phone index, then the salon), or undefined. */
export function clientWithPhone(db: SalonDb, salonId: string, phone: string): Promise<ClientRow | undefined> {
  return db
    .mirror('clients')
    .where('phone')
    .equals(phone)
    .filter((c) => c.salonId === salonId)
    .first();
}
