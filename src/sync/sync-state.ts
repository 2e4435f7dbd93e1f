import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { SalonDb } from '../db/salon-db';
import type { SalonRow } from '../domain/entities';
import type { SyncStatus } from './engine';

/**
 * What the screens know of the running sync, without loading the engine (it starts after the first paint):
 * the user's mirror database, the engine's status, and the socket for a screen's own live events.
 */
export interface SyncStateValue {
  db: SalonDb | null;
  status: SyncStatus | null;
  kick: () => void;
  /** A subscription of the server's on the sync's socket (issue 57's clientMessagesChanged); returns its end. */
  listen: Listen;
}

export type Listen = <R, V extends Record<string, unknown>>(
  document: TypedDocumentNode<R, V>,
  variables: V,
  onData: (data: R) => void,
) => () => void;

/** Signed out: nothing to listen to. */
export const NOT_LISTENING: Listen = () => () => {};

let state: SyncStateValue = { db: null, status: null, kick: () => {}, listen: NOT_LISTENING };
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
 * The salon's settings and time zone as its mirror row has them (a change on any device reaches it by pull),
 * kept by the running sync so a command need not read them first; undefined until the first read, null
 * when the mirror has no row for the salon yet.
 */
export type MirroredSalon = Pick<SalonRow, 'settings' | 'timeZone'>;
let mirroredSalon: MirroredSalon | null | undefined;
export const salonMirror = {
  get: () => mirroredSalon,
  set(salon: MirroredSalon | null | undefined) {
    mirroredSalon = salon;
  },
};
