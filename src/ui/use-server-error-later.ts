import type { Operation } from '../domain/errors';
import { withWholeCatalog } from '../i18n';
import { useServerErrorState, type Describe } from './server-error-state';

// The table's messages are in the catalog's rest (src/i18n/messages/parts.ts): an error right after the first paint
// waits for it.
const describeLater: Describe = (operation, error) =>
  withWholeCatalog(import('../domain/errors')).then((m) => m.describeError(operation, error));

/**
 * `useServerError` for what paints in the signed-in shell's first frame (the salon switcher, a card's move): the
 * table of error messages loads with the first error to describe, not with the page (initial JS, DESIGN.md §10).
 */
export const useServerErrorLater = (operation: Operation) => useServerErrorState(describeLater, operation);
