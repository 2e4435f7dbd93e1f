import { useSyncExternalStore } from 'react';
import type { SalonDb } from '../../db/salon-db';
import type { SyncStatus } from '../../sync/engine';

/**
 * What the screens know of the running sync, without loading the engine (it starts after the first paint):
 * the user's mirror database and the engine's status.
 */
interface State {
  db: SalonDb | null;
  status: SyncStatus | null;
  kick: () => void;
}

let state: State = { db: null, status: null, kick: () => {} };
const listeners = new Set<() => void>();

export const syncState = {
  get: () => state,
  set(patch: Partial<State>) {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSyncState(): State {
  return useSyncExternalStore(syncState.subscribe, syncState.get, syncState.get);
}
