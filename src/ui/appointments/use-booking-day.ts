import { useLiveQuery } from 'dexie-react-hooks';
import type { AppointmentRow, CabinetRow, MasterRow, ServiceGroupRow, ServiceRow, WorkingTimeRow } from '../../domain/sync/entities';
import { useSession } from '../auth/use-session';
import { useSyncState } from '../sync/sync-state';

/** What the appointment form needs of one day, from the mirror: who works, what is booked, what is offered. */
export interface BookingDay {
  masters: MasterRow[];
  cabinets: CabinetRow[];
  services: ServiceRow[];
  groups: ServiceGroupRow[];
  work: WorkingTimeRow[];
  /** Live (not archived) appointments of the day. */
  booked: AppointmentRow[];
}

export function useBookingDay(date: string): BookingDay | undefined {
  const { db } = useSyncState();
  const salonId = useSession()?.salon ?? null;
  return useLiveQuery(async () => {
    if (!db || !salonId || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
    const from = [salonId, `${date} 00:00`];
    const to = [salonId, `${date} 23:59`];
    const [masters, cabinets, services, groups, work, booked] = await Promise.all([
      db.mirror('masters').where('salonId').equals(salonId).toArray(),
      db.mirror('cabinets').where('salonId').equals(salonId).toArray(),
      db.mirror('services').where('salonId').equals(salonId).toArray(),
      db.mirror('serviceGroups').where('salonId').equals(salonId).toArray(),
      db.mirror('workingTimes').where('[salonId+startAt]').between(from, to, true, true).toArray(),
      db.mirror('appointments').where('[salonId+startAt]').between(from, to, true, true).toArray(),
    ]);
    return { masters, cabinets, services, groups, work, booked: booked.filter((a) => !a.archived) };
  }, [db, salonId, date]);
}
