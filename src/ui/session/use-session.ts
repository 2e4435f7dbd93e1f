import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from '../../db/session';

/** The signed-in session (null when signed out); re-renders on every change. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
