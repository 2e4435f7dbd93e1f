import { useSyncExternalStore } from 'react';
import type { ServerErrorShape } from '../../domain/errors';

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

/** Screen of each form kind (the part before the first dot of `kind`). */
export const FORM_SCREENS: Record<string, string> = {
  client: '/salon/clients',
  appointment: '/salon/appointments',
  // A refused invoice save or payment reopens its appointment's Invoice tab (src/ui/appointments/appointment-dialogs.ts).
  invoice: '/salon/appointments',
  sale: '/salon/appointments',
  settings: '/salon/settings',
  cabinet: '/salon/cabinets',
  serviceGroup: '/salon/settings/services',
  service: '/salon/settings/services',
  manufacturer: '/salon/settings/manufacturers',
  product: '/salon/inventory',
  membership: '/salon/memberships',
  master: '/salon/staff',
  administrator: '/salon/settings/administrators',
  workingTime: '/salon/settings/schedule',
};

export const screenOfForm = (kind: string): string | null => FORM_SCREENS[kind.split('.')[0] as string] ?? null;

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
