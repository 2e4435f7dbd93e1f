import { useSyncExternalStore } from 'react';
import type { SalonDb } from '../../db/salon-db';
import { syncState, type SyncStateValue } from '../../sync/sync-state';

/** The running sync's state (src/sync/sync-state.ts) for a screen: re-renders on each change. */
export function useSyncState(): SyncStateValue {
  return useSyncExternalStore(syncState.subscribe, syncState.get, syncState.get);
}

const getDb = () => syncState.get().db;

/**
 * The user's mirror database alone: a screen reading it re-renders when the database changes (sign-in,
 * salon switch), not on each of the engine's status changes (a push starting right after a booking's card).
 */
export function useSyncDb(): SalonDb | null {
  return useSyncExternalStore(syncState.subscribe, getDb, getDb);
}

const getFirstSync = () => Boolean(syncState.get().status?.firstSync);

/**
 * Whether a pull from nothing is running (a first sync, a soft reset). Only a change of that re-renders, not each
 * of the engine's other status changes.
 */
export function useFirstSync(): boolean {
  return useSyncExternalStore(syncState.subscribe, getFirstSync, getFirstSync);
}
