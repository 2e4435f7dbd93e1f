import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { salonById } from '../../db/queries/setup';
import type { SalonSettings } from '../../domain/rules/salon-defaults';
import { salonDate, salonWallTime, SERVICE_TIME_ZONE } from '../../domain/rules/time';
import type { SalonRow } from '../../domain/entities';
import { useSession } from '../session/use-session';
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

/**
 * Today in the salon's own time zone, as the server and the commands count it (a salon in another zone than
 * the device's, or a device whose clock zone is wrong, still books "today" as the salon's). Until the mirror
 * has the salon, the default zone of src/domain/rules/time.ts.
 */
export function useSalonToday(): string {
  return salonDate(new Date(), useSalonTimeZone());
}

/** The salon's time zone; until the mirror has the salon, the service's own (src/domain/rules/time.ts). */
export function useSalonTimeZone(): string {
  return useSalon()?.timeZone ?? SERVICE_TIME_ZONE;
}

/** The salon's wall time now ('YYYY-MM-DD HH:mm' in its zone), refreshed every 60 s (the current-time line, part 1 §2). */
export function useSalonNow(): string {
  const timeZone = useSalonTimeZone();
  const [, setMinute] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setMinute((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  return salonWallTime(new Date(), timeZone);
}
