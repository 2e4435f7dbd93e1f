import { useState } from 'react';
import type { Operation } from '../../domain/errors';
import { useServerError } from '../use-server-error';
import { YesNoDialog } from '../yes-no-dialog';

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
    <YesNoDialog
      title={title}
      question={question}
      error={server.formError}
      isYesDisabled={!run || busy}
      onYes={() => void confirm()}
      onClose={onClose}
    />
  );
}
