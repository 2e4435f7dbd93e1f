import { useEffect } from 'react';
import type { ServerErrorShape } from '../../domain/errors';
import { reopenStore, useReopened } from '../sync/reopen-store';

/** A form to open on a list page: new (`id` null) or edit, possibly with refused values to show again. */
export interface FormOpen<V> {
  kind: 'form';
  id: string | null;
  values?: V;
  refusal?: ServerErrorShape;
  conflictId?: number;
}

/**
 * A refused offline change comes back to its form (DESIGN.md §5.4): when the conflicts list reopens a form
 * of `prefix`, take it and call `open` with the attempted values; `idKey` names the id saved beside them.
 */
export function useReopenedForm<V>(prefix: string, idKey: string, open: (form: FormOpen<V>) => void) {
  const reopened = useReopened(prefix);
  useEffect(() => {
    if (!reopened) return;
    reopenStore.set(null);
    const { [idKey]: id, ...values } = reopened.values as Record<string, unknown>;
    open({
      kind: 'form',
      id: (id as string | null | undefined) ?? null,
      values: values as V,
      refusal: reopened.error,
      conflictId: reopened.conflictId,
    });
  }, [reopened]); // eslint-disable-line react-hooks/exhaustive-deps
}
