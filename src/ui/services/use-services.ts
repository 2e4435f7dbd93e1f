import { useLiveQuery } from 'dexie-react-hooks';
import { salonServices } from '../../db/queries/services';
import type { ServiceRow } from '../../domain/entities';
import { useSession } from '../auth/use-session';
import { useSyncDb } from '../sync/use-sync-state';

export { useServiceGroups } from '../salon/use-salon-setup';

/** The salon's services from the mirror: offline as online. */
export function useServices(): ServiceRow[] | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  return useLiveQuery(async () => (db && salonId ? await salonServices(db, salonId) : undefined), [db, salonId]);
}
