import type { MembershipRow } from '../../domain/entities';
import type { SalonDb } from '../salon-db';

/* Reads of memberships from the mirror: the salon's and a client's. Their uses are invoices (invoices.ts). */

/** Every membership of the salon, in index order (screens sort them by serial number). */
export function salonMemberships(db: SalonDb, salonId: string): Promise<MembershipRow[]> {
  return db.mirror('memberships').where('salonId').equals(salonId).toArray();
}

/** Every membership of a client (of any salon the mirror holds: callers keep their salon's). */
export function membershipsOfClient(db: SalonDb, clientId: string): Promise<MembershipRow[]> {
  return db.mirror('memberships').where('clientId').equals(clientId).toArray();
}
