import { useSyncExternalStore } from 'react';
import type { SalonDb } from '../../db/salon-db';
import type { SalonSettings } from '../../domain/rules/salon-defaults';
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

const getDb = () => state.db;

/**
 * The user's mirror database alone: a screen reading it re-renders when the database changes (sign-in,
 * salon switch), not on each of the engine's status changes (a push starting right after a booking's card).
 */
export function useSyncDb(): SalonDb | null {
  return useSyncExternalStore(syncState.subscribe, getDb, getDb);
}

/**
 * The salon's settings as its mirror row has them (a change on any device reaches it by pull), kept by the
 * running sync so a command need not read them first; undefined until the first read.
 */
let mirroredSettings: SalonSettings | null | undefined;
export const salonSettingsMirror = {
  get: () => mirroredSettings,
  set(settings: SalonSettings | null | undefined) {
    mirroredSettings = settings;
  },
};
