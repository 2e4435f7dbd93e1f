import { useLiveQuery } from 'dexie-react-hooks';
import { clientById, salonClients } from '../../db/queries/clients';
import type { ClientRow } from '../../domain/entities';
import { useSession } from '../session/use-session';
import { useSyncDb } from '../sync/use-sync-state';
import { useSalonRows } from '../sync/use-salon-rows';

/** Every live client of the session's salon, from the mirror; undefined until the mirror is open and read. */
export function useSalonClients(): ClientRow[] | undefined {
  return useSalonRows(salonClients);
}

/** One client of the salon from the mirror: undefined while reading, null when gone. */
export function useClient(id: string | null): ClientRow | null | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  return useLiveQuery(async () => {
    if (!db || !id) return null;
    const row = await clientById(db, id);
    return row && row.salonId === salonId ? row : null;
  }, [db, id, salonId]);
}

export const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();
