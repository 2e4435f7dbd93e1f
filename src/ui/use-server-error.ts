import { describeError, type Operation, type ServerErrorShape } from '../domain/errors';
import { useServerErrorState } from './server-error-state';

/**
 * The spec's message for a failed call, on the spec's field (DESIGN.md §6). Offline calls say so clearly.
 * `forField(name)` is the message for that field; `formError` the one without a field. `refusal` is a refusal
 * the form reopens with (the conflicts list's Open, DESIGN.md §5.4): it shows as soon as the form mounts.
 */
export const useServerError = (operation: Operation, refusal?: ServerErrorShape | null) =>
  useServerErrorState(describeError, operation, refusal);
