import type { SalonDb } from '../db/salon-db';
import type { SalonSettings } from '../domain/rules/salon-defaults';
import type { SyncStatus } from './engine';

/**
 * What the screens know of the running sync, without loading the engine (it starts after the first paint):
 * the user's mirror database and the engine's status.
 */
export interface SyncStateValue {
  db: SalonDb | null;
  status: SyncStatus | null;
  kick: () => void;
}

let state: SyncStateValue = { db: null, status: null, kick: () => {} };
const listeners = new Set<() => void>();

export const syncState = {
  get: () => state,
  set(patch: Partial<SyncStateValue>) {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

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
