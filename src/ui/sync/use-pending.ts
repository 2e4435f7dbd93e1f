import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncState } from './sync-state';

const EMPTY = new Set<string>();

/**
 * Mirror rows changed by commands the server has not confirmed yet, as 'entity:id' (DESIGN.md §5.1):
 * screens mark them pending.
 */
export function usePendingRows(): Set<string> {
  const { db } = useSyncState();
  return useLiveQuery(
    async () => {
      if (!db) return EMPTY;
      const entries = await db.outbox.filter((e) => e.ackedAt === null).toArray();
      return new Set(entries.flatMap((e) => e.touched));
    },
    [db],
    EMPTY,
  );
}
