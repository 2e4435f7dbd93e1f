import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { unconfirmedCommands } from '../../db/queries/sync';
import { echoApplies, echoStamp } from '../../sync/local-echo';
import { useLocalEcho } from './use-local-echo';
import { useSyncDb } from './use-sync-state';

const EMPTY = new Set<string>();

/**
 * Mirror rows changed by commands the server has not confirmed yet, as 'entity:id' (DESIGN.md §5.1):
 * screens mark them pending. A command's rows are pending from its local echo on (local-echo.ts), before
 * the outbox is read again.
 */
export function usePendingRows(): Set<string> {
  const db = useSyncDb();
  const echo = useLocalEcho();
  const read = useLiveQuery(async () => {
    if (!db) return undefined;
    const stamp = echoStamp();
    const entries = await unconfirmedCommands(db);
    return { stamp, keys: new Set(entries.flatMap((e) => e.touched)) };
  }, [db]);
  return useMemo(() => {
    const keys = read?.keys ?? EMPTY;
    const echoed = echo
      .filter((e) => echoApplies(e, read?.stamp ?? -1))
      .flatMap((e) => e.keys)
      .filter((k) => !keys.has(k));
    return echoed.length > 0 ? new Set([...keys, ...echoed]) : keys;
  }, [read, echo]);
}
