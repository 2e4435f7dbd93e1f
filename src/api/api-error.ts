import type { ServerErrorShape } from '../domain/errors';

/** A failed call: `offline` for network failures (transient), else the server's structured error. */
export class ApiError extends Error {
  constructor(
    readonly error: ServerErrorShape,
    readonly offline: boolean,
  ) {
    super(error.message ?? (offline ? 'offline' : 'error'));
  }
}
