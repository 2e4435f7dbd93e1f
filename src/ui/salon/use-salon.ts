import { useLiveQuery } from 'dexie-react-hooks';
import { salonById } from '../../db/queries/setup';
import type { SalonSettings } from '../../domain/rules/salon-defaults';
import type { SalonRow } from '../../domain/entities';
import { useSession } from '../auth/use-session';
import { useSyncDb } from '../sync/use-sync-state';

/** The session's salon from the mirror: undefined while reading, null before the first pull brought it. */
export function useSalon(): SalonRow | null | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  return useLiveQuery(async () => (db && salonId ? ((await salonById(db, salonId)) ?? null) : null), [db, salonId]);
}

/**
 * The salon's settings: the mirror's (changed on any device, brought by pull), else the session's copy from
 * the last login or salon switch.
 */
export function useSalonSettings(): SalonSettings | null {
  const salon = useSalon();
  const session = useSession();
  return salon?.settings ?? session?.salonSettings ?? null;
}
