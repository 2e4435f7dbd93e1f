import type { ServerErrorShape } from './errors';

/**
 * A command refused by a business rule, locally (before anything is written) or by the server. Carries
 * the spec's code, reason, field and message id, so the form shows the same message either way.
 */
export class CommandRefusal extends Error {
  constructor(readonly error: ServerErrorShape) {
    super(error.message ?? error.messageId ?? error.reason ?? 'refused');
  }
}

export const refuse = (error: ServerErrorShape): never => {
  throw new CommandRefusal(error);
};
