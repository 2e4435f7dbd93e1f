import { useLiveQuery } from 'dexie-react-hooks';
import type { CabinetRow, MasterRow, ServiceGroupRow, WorkingTimeRow } from '../../domain/sync/entities';
import { addDays } from '../../domain/rules/working-time';
import { useSession } from '../auth/use-session';
import { useSyncDb } from '../sync/use-sync-state';

/** Reads of the salon's setup from the mirror (cabinets, groups, masters, working time): offline as online. */
function useSalonTable<R>(read: (salonId: string) => Promise<R[]> | undefined, deps: unknown[]): R[] | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  return useLiveQuery(async () => (db && salonId ? ((await read(salonId)) ?? []) : []), [db, salonId, ...deps]);
}

export function useCabinets(): CabinetRow[] | undefined {
  const db = useSyncDb();
  return useSalonTable((salonId) => db?.mirror('cabinets').where('salonId').equals(salonId).toArray(), []);
}

export function useServiceGroups(): ServiceGroupRow[] | undefined {
  const db = useSyncDb();
  return useSalonTable(async (salonId) => {
    const rows = (await db?.mirror('serviceGroups').where('salonId').equals(salonId).toArray()) ?? [];
    return rows.sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
  }, []);
}

export function useMasters(): MasterRow[] | undefined {
  const db = useSyncDb();
  return useSalonTable((salonId) => db?.mirror('masters').where('salonId').equals(salonId).toArray(), []);
}

/** Working times of masters starting on `date` ('YYYY-MM-DD'). */
export function useWorkingTimesOn(date: string): WorkingTimeRow[] | undefined {
  const db = useSyncDb();
  return useSalonTable(
    (salonId) =>
      db
        ?.mirror('workingTimes')
        .where('[salonId+startAt]')
        .between([salonId, `${date} 00:00`], [salonId, `${addDays(date, 1)} 00:00`], true, false)
        .filter((w) => w.masterId !== null)
        .toArray(),
    [date],
  );
}
