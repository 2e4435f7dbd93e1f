import { useState } from 'react';
import type { Operation } from '../../domain/errors';
import { useT } from '../../i18n';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { FormMessage } from '../form-message';
import { useServerError } from '../use-server-error';

/**
 * The Yes/No delete confirmation of the settings lists (part 2 §2). `run` sends the delete command without
 * waiting for the server: the row leaves at once and a later refusal is kept in the conflicts list. A local
 * refusal (or a full device) shows here and keeps the dialog open.
 */
export function ConfirmDeleteDialog({
  title,
  question,
  operation,
  run,
  onClose,
}: {
  title: string;
  /** The spec's question, or the "does not exist" text when the row has gone (then Yes is disabled). */
  question: string;
  operation: Operation;
  run: (() => Promise<unknown>) | null;
  onClose: () => void;
}) {
  const t = useT();
  const server = useServerError(operation);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!run) return;
    setBusy(true);
    try {
      await run();
      onClose();
    } catch (error) {
      server.report(error);
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} isOpen onClose={onClose} size="sm">
      <div className="stack">
        <p>{question}</p>
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={onClose}>
            {t('common.no')}
          </Button>
          <Button variant="danger" isDisabled={!run || busy} onPress={() => void confirm()}>
            {t('common.yes')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
