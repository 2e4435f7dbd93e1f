import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/api-error';
import { CommandRefusal } from '../domain/command-refusal';
import { describeError, type Operation, type ServerErrorShape } from '../domain/errors';
import { useT } from '../i18n';

/**
 * The spec's message for a failed call, on the spec's field (DESIGN.md §6). Offline calls say so clearly.
 * `forField(name)` is the message for that field; `formError` the one without a field. `refusal` is a refusal
 * the form reopens with (the conflicts list's Open, DESIGN.md §5.4): it shows as soon as the form mounts.
 */
export function useServerError(operation: Operation, refusal?: ServerErrorShape | null) {
  const t = useT();
  const [state, setState] = useState<{ field: string | null; text: string } | null>(null);
  const report = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.offline) {
        setState({ field: null, text: t('error.offline') });
        return;
      }
      if (error instanceof Error && error.name === 'UnsentChangesError') {
        setState({ field: null, text: t('sync.unsentBeforeSwitch', { count: (error as Error & { count: number }).count }) });
        return;
      }
      // The device's storage is full: the command's transaction wrote nothing (DESIGN.md §5.9).
      if (
        error instanceof Error &&
        (error.name === 'QuotaExceededError' || (error as { inner?: Error }).inner?.name === 'QuotaExceededError')
      ) {
        setState({ field: null, text: t('error.storageFull') });
        return;
      }
      const shape = error instanceof ApiError ? error.error : error instanceof CommandRefusal ? error.error : null;
      const described = describeError(operation, shape);
      setState({ field: described.field, text: described.messageId ? t(described.messageId) : (described.text ?? t('error.default')) });
    },
    [operation, t],
  );
  const clear = useCallback(() => setState(null), []);
  useEffect(() => {
    if (refusal) report(new CommandRefusal(refusal));
  }, [refusal, report]);
  return {
    report,
    clear,
    forField: (name: string) => (state?.field === name ? state.text : null),
    formError: state && !state.field ? state.text : null,
  };
}
