import { useLiveQuery } from 'dexie-react-hooks';
import type { SalonDb } from '../../db/salon-db';
import { useSession } from '../session/use-session';
import { useSyncDb } from './use-sync-state';

/**
 * A live read of the session's salon from the mirror: undefined until the mirror is open and `read` answered.
 * Never an empty list before that: a list page would say for a moment that the salon has none (the lists' empty
 * texts and Clients' zero counts did, 70 to 200 ms, until 2026-11-28). `deps` are the read's own inputs.
 */
export function useSalonRows<R>(read: (db: SalonDb, salonId: string) => Promise<R>, deps: readonly unknown[] = []): R | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  return useLiveQuery(async () => (db && salonId ? read(db, salonId) : undefined), [db, salonId, ...deps]);
}
