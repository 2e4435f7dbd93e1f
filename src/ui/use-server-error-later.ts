import { useEffect } from 'react';
import type { Operation } from '../domain/errors';
import { withWholeCatalog } from '../i18n';
import { firstPaint } from './after-paint';
import { useServerErrorState, type Describe } from './server-error-state';

// The table's messages are in the catalog's rest (src/i18n/messages/parts.ts): the table waits for it.
let table: Promise<typeof import('../domain/errors')> | null = null;
const loadTable = () =>
  (table ??= withWholeCatalog(import('../domain/errors')).catch((error: unknown) => {
    table = null;
    throw error;
  }));
const describeLater: Describe = (operation, error) => loadTable().then((m) => m.describeError(operation, error));

/**
 * `useServerError` for what paints in the signed-in shell's first frame (the salon switcher, a card's move): the
 * table of error messages loads after the first paint, not before it (initial JS, DESIGN.md §10), and is here by
 * the time an error comes, offline too (a refusal of a move made offline says the spec's message).
 */
export function useServerErrorLater(operation: Operation) {
  useEffect(() => {
    void firstPaint.then(loadTable).catch(() => undefined);
  }, []);
  return useServerErrorState(describeLater, operation);
}
