import { useSyncExternalStore } from 'react';
import { localEcho, type EchoEntry } from '../../sync/local-echo';

/** The commands' local echoes (src/sync/local-echo.ts): screens merge them over their live queries' rows. */
export function useLocalEcho(): readonly EchoEntry[] {
  return useSyncExternalStore(localEcho.subscribe, localEcho.entries, localEcho.entries);
}
