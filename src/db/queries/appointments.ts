import Dexie from 'dexie';
import type { AppointmentRow } from '../../domain/entities';
import type { SalonDb } from '../salon-db';
import { wholeDays } from './day-range';

/*
 * Reads of appointments from the mirror: a salon's days by the [salonId+startAt] index, one appointment,
 * a client's, a master's, a booking group's size. Each returns Dexie's own promise (no extra await), so a
 * live query calling it tracks the same index ranges as the read written in place.
 */

/** The salon's appointments starting on the days from..to (inclusive, 'YYYY-MM-DD'), by start then id; archived ones included. */
export function appointmentsOfDays(db: SalonDb, salonId: string, from: string, to: string): Promise<AppointmentRow[]> {
  const [lower, upper] = wholeDays(salonId, from, to);
  return db.mirror('appointments').where('[salonId+startAt]').between(lower, upper, true, true).toArray();
}

/** One appointment by id, or undefined when the mirror has none. */
export function appointmentById(db: SalonDb, id: string): Promise<AppointmentRow | undefined> {
  return db.mirror('appointments').get(id);
}

/** Appointments by id, in the order of `ids` (undefined where the mirror has none). */
export function appointmentsByIds(db: SalonDb, ids: string[]): Promise<(AppointmentRow | undefined)[]> {
  return db.mirror('appointments').bulkGet(ids);
}

/** Every appointment of a client (any salon the mirror holds, archived included), in index order. */
export function appointmentsOfClient(db: SalonDb, clientId: string): Promise<AppointmentRow[]> {
  return db.mirror('appointments').where('clientId').equals(clientId).toArray();
}

/** Every appointment of a master, archived included, by start. */
export function appointmentsOfMaster(db: SalonDb, masterId: string): Promise<AppointmentRow[]> {
  return db
    .mirror('appointments')
    .where('[masterId+startAt]')
    .between([masterId, Dexie.minKey], [masterId, Dexie.maxKey], true, true)
    .toArray();
}

/** How many appointments were booked together in the group (archived included). */
export function appointmentCountOfGroup(db: SalonDb, groupId: string): Promise<number> {
  return db.mirror('appointments').where('groupId').equals(groupId).count();
}
