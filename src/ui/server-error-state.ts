import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/api-error';
import { CommandRefusal } from '../domain/command-refusal';
import type { DescribedError, Operation, ServerErrorShape } from '../domain/errors';
import { useT } from '../i18n';
import { REPORTED_OPERATIONS } from '../domain/rules/error-report-config';
import { reportError, reportRefusal } from './error-reports';

/** The error table's lookup (`describeError` of src/domain/errors.ts), or one that loads the table first. */
export type Describe = (operation: Operation, error: ServerErrorShape | null) => DescribedError | Promise<DescribedError>;

/**
 * The state behind `useServerError` (src/ui/use-server-error.ts): the message of the last failed call and its
 * field. Offline, unsent changes and a full device are said without the table; the rest goes through `describe`.
 */
export function useServerErrorState(describe: Describe, operation: Operation, refusal?: ServerErrorShape | null) {
  const t = useT();
  const [state, setState] = useState<{ field: string | null; text: string } | null>(null);
  // A message still being described is dropped when the form reports or clears again before it is ready.
  const latest = useRef(0);
  const report = useCallback(
    (error: unknown) => {
      const call = ++latest.current;
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
      // The spec reports these operations' failures; any form's failure that is not the server's answer is a bug.
      if (!shape) reportError(error, operation);
      else if (REPORTED_OPERATIONS.has(operation)) reportRefusal(operation, shape.code ?? 'unknown', shape.reason);
      const show = (described: DescribedError) =>
        setState({ field: described.field, text: described.messageId ? t(described.messageId) : (described.text ?? t('error.default')) });
      const described = describe(operation, shape);
      if (!(described instanceof Promise)) return show(described);
      void described.then(
        (d) => call === latest.current && show(d),
        () => call === latest.current && setState({ field: null, text: t('error.default') }),
      );
    },
    [describe, operation, t],
  );
  const clear = useCallback(() => {
    latest.current += 1;
    setState(null);
  }, []);
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
