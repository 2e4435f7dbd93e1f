import { liveQuery, type Subscription } from 'dexie';
import { useEffect, useState } from 'react';
import type { KnownRows } from '../../sync/submit-command';
import { appointmentsOfDays } from '../../db/queries/appointments';
import { salonCabinets, salonServiceGroups, workingTimesOfDays } from '../../db/queries/setup';
import { salonServices } from '../../db/queries/services';
import { salonMasters } from '../../db/queries/staff';
import type { AppointmentRow, CabinetRow, MasterRow, ServiceGroupRow, ServiceRow, WorkingTimeRow } from '../../domain/entities';
import { useSession } from '../session/use-session';
import { useSyncDb } from '../sync/use-sync-state';

/** What the appointment form needs of one day, from the mirror: who works, what is booked, what is offered. */
export interface BookingDay {
  /** The day read, YYYY-MM-DD. */
  date: string;
  masters: MasterRow[];
  cabinets: CabinetRow[];
  services: ServiceRow[];
  groups: ServiceGroupRow[];
  work: WorkingTimeRow[];
  /** Live (not archived) appointments of the day. */
  booked: AppointmentRow[];
}

/** What a booking's preview may count on (a command's `preview`, decision 052): the day's bookings and who works. */
export const knownRowsOf = (day: BookingDay): KnownRows => ({
  date: day.date,
  appointments: day.booked,
  ids: new Set([...day.masters, ...day.cabinets, ...day.services].map((row) => row.id)),
});

/** While `get()` is true the day is not read again (`subscribe` tells of changes). */
export interface PauseSignal {
  get(): boolean;
  subscribe(listener: () => void): () => void;
}

type Db = NonNullable<ReturnType<typeof useSyncDb>>;

async function readBookingDay(db: Db, salonId: string, date: string): Promise<BookingDay> {
  const [masters, cabinets, services, groups, work, booked] = await Promise.all([
    salonMasters(db, salonId),
    salonCabinets(db, salonId),
    salonServices(db, salonId),
    salonServiceGroups(db, salonId),
    workingTimesOfDays(db, salonId, date, date),
    appointmentsOfDays(db, salonId, date, date),
  ]);
  return { date, masters, cabinets, services, groups, work, booked: booked.filter((a) => !a.archived) };
}

/**
 * The day `date` as a live query. While `pause` says so (the form waits for its command's answer) it is
 * not read again: the command's own write would re-read the day and re-render the whole form just as the
 * new card paints; it is read afresh when the pause ends (a refusal reopens the form on current data).
 */
export function useBookingDay(date: string, pause?: PauseSignal): BookingDay | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  const [day, setDay] = useState<BookingDay | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!db || !salonId || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setDay(undefined);
      return;
    }
    let subscription: Subscription | null = null;
    const follow = () => {
      if (pause?.get()) {
        subscription?.unsubscribe();
        subscription = null;
      } else {
        subscription ??= liveQuery(() => readBookingDay(db, salonId, date)).subscribe({ next: setDay, error: setError });
      }
    };
    follow();
    const unlisten = pause?.subscribe(follow);
    return () => {
      unlisten?.();
      subscription?.unsubscribe();
    };
  }, [db, salonId, date, pause]);
  if (error) throw error;
  return day;
}
