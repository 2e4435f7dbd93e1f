import { useLiveQuery } from 'dexie-react-hooks';
import { appointmentsOfDays } from '../../db/queries/appointments';
import { masterWorkingTimesOn, salonCabinets, salonServiceGroups, workingTimesOfDays } from '../../db/queries/setup';
import { salonMasters } from '../../db/queries/staff';
import type { CabinetRow, MasterRow, ServiceGroupRow, WorkingTimeRow } from '../../domain/entities';
import { workingDays, type WorkingDay } from '../../domain/rules/working-days';
import { useSession } from '../session/use-session';
import { useSyncDb } from '../sync/use-sync-state';
import { useSalonRows } from '../sync/use-salon-rows';

// Reads of the salon's setup from the mirror (cabinets, groups, masters, working time): offline as online.

export function useCabinets(): CabinetRow[] | undefined {
  return useSalonRows(salonCabinets);
}

export function useServiceGroups(): ServiceGroupRow[] | undefined {
  return useSalonRows(async (db, salonId) =>
    (await salonServiceGroups(db, salonId)).sort((a, b) => a.position - b.position || a.id.localeCompare(b.id)),
  );
}

export function useMasters(): MasterRow[] | undefined {
  return useSalonRows(salonMasters);
}

/** Working times of masters starting on `date` ('YYYY-MM-DD'). */
export function useWorkingTimesOn(date: string): WorkingTimeRow[] | undefined {
  return useSalonRows((db, salonId) => masterWorkingTimesOn(db, salonId, date), [date]);
}

/**
 * getWorkingDays (part 1 §7) for the days from..to, from the mirror: the days with masters' working time and
 * their appointment counts (src/domain/rules/working-days.ts), of one master when given. Undefined while reading
 * or when `from` is null.
 */
export function useWorkingDays(from: string | null, to: string | null, masterId: string | null = null): WorkingDay[] | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  return useLiveQuery(async () => {
    if (!db || !salonId || !from || !to) return undefined;
    const [times, appointments] = await Promise.all([workingTimesOfDays(db, salonId, from, to), appointmentsOfDays(db, salonId, from, to)]);
    return workingDays(times, appointments, masterId);
  }, [db, salonId, from, to, masterId]);
}
