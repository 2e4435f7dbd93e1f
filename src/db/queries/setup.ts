import { addDays } from '../../domain/rules/time';
import type { CabinetRow, SalonRow, ServiceGroupRow, WorkingTimeRow } from '../../domain/entities';
import type { SalonDb } from '../salon-db';
import { wholeDays } from './day-range';

/* Reads of the salon's setup from the mirror: the salon row, cabinets, service groups, working time. */

/** The salon's row, or undefined before the first pull brought it. */
export function salonById(db: SalonDb, salonId: string): Promise<SalonRow | undefined> {
  return db.mirror('salons').get(salonId);
}

/** Every cabinet of the salon, in index order. */
export function salonCabinets(db: SalonDb, salonId: string): Promise<CabinetRow[]> {
  return db.mirror('cabinets').where('salonId').equals(salonId).toArray();
}

/** One cabinet by id, or undefined. */
export function cabinetById(db: SalonDb, id: string): Promise<CabinetRow | undefined> {
  return db.mirror('cabinets').get(id);
}

/** Cabinets by id, in the order of `ids` (undefined where the mirror has none). */
export function cabinetsByIds(db: SalonDb, ids: string[]): Promise<(CabinetRow | undefined)[]> {
  return db.mirror('cabinets').bulkGet(ids);
}

/** Every service group of the salon, in index order (screens sort them by position). */
export function salonServiceGroups(db: SalonDb, salonId: string): Promise<ServiceGroupRow[]> {
  return db.mirror('serviceGroups').where('salonId').equals(salonId).toArray();
}

/** The salon's working time (masters' and cabinets') starting on the days from..to (inclusive), by start then id. */
export function workingTimesOfDays(db: SalonDb, salonId: string, from: string, to: string): Promise<WorkingTimeRow[]> {
  const [lower, upper] = wholeDays(salonId, from, to);
  return db.mirror('workingTimes').where('[salonId+startAt]').between(lower, upper, true, true).toArray();
}

/** Masters' working time (not cabinets') starting on `date` ('YYYY-MM-DD'): from its 00:00 up to the next day's 00:00. */
export function masterWorkingTimesOn(db: SalonDb, salonId: string, date: string): Promise<WorkingTimeRow[]> {
  return db
    .mirror('workingTimes')
    .where('[salonId+startAt]')
    .between([salonId, `${date} 00:00`], [salonId, `${addDays(date, 1)} 00:00`], true, false)
    .filter((w) => w.masterId !== null)
    .toArray();
}
