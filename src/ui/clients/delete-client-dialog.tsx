import { useState } from 'react';
import { useT } from '../../i18n';
import { submitCommand } from '../../sync/submit-command';
import { useServerError } from '../use-server-error';
import { YesNoDialog } from '../yes-no-dialog';
import { clientDialogs } from './client-dialogs';
import { fullName, useClient } from '../salon/use-clients';

/**
 * Delete client confirmation, Yes/No (part 1 §2). The list and counters change at once; 'Failure shows no
 * message' (part 1 §7) is about the old panel: here a refusal stays in the conflicts list.
 */
export function DeleteClientDialog({ clientId }: { clientId: string }) {
  const t = useT();
  const client = useClient(clientId);
  const server = useServerError('client');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!client) return;
    setBusy(true);
    server.clear();
    try {
      // The row leaves the list at once; the dialog does not wait for the server (a later refusal is listed).
      await submitCommand('client.delete', { salonId: client.salonId, clientId: client.id }, { form: null, wait: false });
      clientDialogs.close();
    } catch (error) {
      server.report(error);
      setBusy(false);
    }
  };
  return (
    <YesNoDialog
      title={t('client.delete.title')}
      question={client ? t('client.delete.question', { name: fullName(client) }) : t('client.notExists')}
      error={server.formError}
      isYesDisabled={!client || busy}
      onYes={() => void confirm()}
      onClose={clientDialogs.close}
    />
  );
}
