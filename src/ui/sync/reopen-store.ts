import { useSyncExternalStore } from 'react';
import type { ServerErrorShape } from '../../domain/errors';

/** Where a refused change reopens: the catalogue's screen of the form that made it. */
export { screenOfForm } from '../../domain/commands/catalogue';

/**
 * A refused offline change on its way back to its form (DESIGN.md §5.4): the conflicts list puts it here
 * and goes to the form's screen; the screen takes it and opens the same form with the attempted values
 * and the server's message. Saving from that form replaces the conflict.
 */
export interface Reopened {
  conflictId: number;
  kind: string;
  values: unknown;
  error: ServerErrorShape;
}

let current: Reopened | null = null;
const listeners = new Set<() => void>();

export const reopenStore = {
  get: () => current,
  set(next: Reopened | null) {
    current = next;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The reopened form waiting for a screen whose kinds start with `prefix`, if any. */
export function useReopened(prefix: string): Reopened | null {
  const value = useSyncExternalStore(reopenStore.subscribe, reopenStore.get, reopenStore.get);
  return value && value.kind.split('.')[0] === prefix ? value : null;
}
