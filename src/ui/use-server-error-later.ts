import type { Operation } from '../domain/errors';
import { useServerErrorState, type Describe } from './server-error-state';

const describeLater: Describe = (operation, error) => import('../domain/errors').then((m) => m.describeError(operation, error));

/**
 * `useServerError` for what paints in the signed-in shell's first frame (the salon switcher, a card's move): the
 * table of error messages loads with the first error to describe, not with the page (initial JS, DESIGN.md §10).
 */
export const useServerErrorLater = (operation: Operation) => useServerErrorState(describeLater, operation);
