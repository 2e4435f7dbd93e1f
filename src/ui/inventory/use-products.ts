import { useLiveQuery } from 'dexie-react-hooks';
import { salonProducts } from '../../db/queries/inventory';
import type { ProductRow } from '../../domain/entities';
import { useSession } from '../auth/use-session';
import { useSyncDb } from '../sync/use-sync-state';

/** The salon's products from the mirror: offline as online, pending changes included. */
export function useProducts(): ProductRow[] | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  return useLiveQuery(async () => (db && salonId ? await salonProducts(db, salonId) : undefined), [db, salonId]);
}
