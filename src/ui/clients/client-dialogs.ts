import { useSyncExternalStore } from 'react';
import type { ServerErrorShape } from '../../domain/errors';
import type { ClientFormValues } from '../../domain/schemas/client-form';

/**
 * Which client dialog is open (part 1 §2): New Client, the client dialog of one client, or the delete
 * confirmation. A dialog reopened from the conflicts list carries the attempted values and the refusal.
 */
export type ClientDialogState =
  | { kind: 'new'; values?: ClientFormValues; refusal?: ServerErrorShape; conflictId?: number; onCreated?: (id: string) => void }
  | { kind: 'view'; clientId: string; tab?: ClientTab; values?: ClientFormValues; refusal?: ServerErrorShape; conflictId?: number }
  | { kind: 'delete'; clientId: string }
  | null;

export type ClientTab = 'personalInformation' | 'appointments' | 'masters';

let state: ClientDialogState = null;
const listeners = new Set<() => void>();

export const clientDialogs = {
  open(next: Exclude<ClientDialogState, null>) {
    state = next;
    listeners.forEach((l) => l());
  },
  close() {
    state = null;
    listeners.forEach((l) => l());
  },
};

export function useClientDialog(): ClientDialogState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
