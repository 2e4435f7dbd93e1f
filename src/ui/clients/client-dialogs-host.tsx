import { ClientDialog, NewClientDialog } from './client-dialog';
import { useClientDialog } from './client-dialogs';
import { DeleteClientDialog } from './delete-client-dialog';

/** The open client dialog, wherever it was opened from (Clients page, client selector, conflicts list). */
export default function ClientDialogsHost() {
  const state = useClientDialog();
  if (!state) return null;
  if (state.kind === 'new')
    return <NewClientDialog values={state.values} refusal={state.refusal} conflictId={state.conflictId} onCreated={state.onCreated} />;
  if (state.kind === 'delete') return <DeleteClientDialog clientId={state.clientId} />;
  return (
    <ClientDialog
      key={state.clientId}
      clientId={state.clientId}
      tab={state.tab}
      values={state.values}
      refusal={state.refusal}
      conflictId={state.conflictId}
    />
  );
}
