import { useState } from 'react';
import { useT } from '../../i18n';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { FormMessage } from '../form-message';
import { submitCommand } from '../../sync/submit-command';
import { useServerError } from '../use-server-error';
import { clientDialogs } from './client-dialogs';
import { fullName, useClient } from './use-clients';

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
    <Dialog title={t('client.delete.title')} isOpen onClose={clientDialogs.close} size="sm">
      <div className="stack">
        <p>{client ? t('client.delete.question', { name: fullName(client) }) : t('client.notExists')}</p>
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={clientDialogs.close}>
            {t('common.no')}
          </Button>
          <Button variant="danger" isDisabled={!client || busy} onPress={() => void confirm()}>
            {t('common.yes')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
