import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { clientsByIds } from '../../db/queries/clients';
import { conflictsNewestFirst } from '../../db/queries/sync';
import type { Conflict } from '../../db/salon-db';
import { refusedBookings, type RefusedBooking } from '../../domain/rules/refused-bookings';
import type { ClientRow } from '../../domain/entities';
import { reopenStore } from '../sync/reopen-store';
import { useSyncDb } from '../sync/use-sync-state';

const NONE: RefusedBooking[] = [];
const NO_CLIENTS = new Map<string, ClientRow>();

export interface RefusedOnDay {
  /** The refused bookings of the day, as rows (src/domain/rules/refused-bookings.ts). */
  ghosts: RefusedBooking[];
  /** Their clients from the mirror (the day's own read has only the clients of its live appointments). */
  clients: Map<string, ClientRow>;
  /** Opens the refused booking's form again, as the conflict's Open does; false when `id` is no ghost. */
  open: (id: string) => boolean;
}

/**
 * The day's bookings the server refused (issue 63), shown as ghosts on the timetable until their conflict is
 * dismissed or the booking saved. Only the conflicts are read: nothing else runs while there is none.
 */
export function useRefusedOnDay(date: string): RefusedOnDay {
  const db = useSyncDb();
  const read = useLiveQuery(async () => {
    if (!db) return null;
    const conflicts = (await conflictsNewestFirst(db)).filter((c) => c.name === 'appointment.create');
    if (conflicts.length === 0) return null;
    const ghosts = refusedBookings(conflicts, date);
    const ids = [...new Set(ghosts.flatMap((g) => (g.row.clientId ? [g.row.clientId] : [])))];
    const clients = await clientsByIds(db, ids);
    return { conflicts, ghosts, clients: new Map(clients.flatMap((c) => (c ? [[c.id, c] as const] : []))) };
  }, [db, date]);
  return useMemo(() => {
    if (!read || read.ghosts.length === 0) return { ghosts: NONE, clients: NO_CLIENTS, open: () => false };
    const conflictOf = new Map<string, Conflict>(
      read.ghosts.flatMap((g) => {
        const c = read.conflicts.find((x) => x.id === g.conflictId);
        return c ? [[g.row.id, c] as const] : [];
      }),
    );
    const open = (id: string) => {
      const c = conflictOf.get(id);
      if (!c?.form) return false;
      reopenStore.set({ conflictId: c.id as number, kind: c.form.kind, values: c.form.values, error: c.error });
      return true;
    };
    return { ghosts: read.ghosts, clients: read.clients, open };
  }, [read]);
}
