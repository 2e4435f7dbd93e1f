import type { ServerErrorShape } from '../../domain/errors';
import type { ClientFormValues } from '../../domain/schemas/client-form';
import { openDialogStore } from '../open-dialog-store';

/**
 * Which client dialog is open (part 1 §2): New Client, the client dialog of one client, or the delete
 * confirmation. A dialog reopened from the conflicts list carries the attempted values and the refusal.
 */
export type ClientDialogState =
  | { kind: 'new'; values?: ClientFormValues; refusal?: ServerErrorShape; conflictId?: number; onCreated?: (id: string) => void }
  | { kind: 'view'; clientId: string; tab?: ClientTab; values?: ClientFormValues; refusal?: ServerErrorShape; conflictId?: number }
  | { kind: 'delete'; clientId: string }
  | null;

export type ClientTab = 'personalInformation' | 'appointments' | 'masters' | 'messages';

const store = openDialogStore<Exclude<ClientDialogState, null>>();

export const clientDialogs = { open: store.open, close: store.close };

export const useClientDialog = (): ClientDialogState => store.useOpen();
