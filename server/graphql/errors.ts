import { GraphQLError } from 'graphql';
import type * as v from 'valibot';
import type { ErrorCode, ServerErrorShape } from '../../src/domain/errors';
import { parseWith } from '../../src/domain/schemas/parse';

export interface AppErrorOptions {
  reason?: string;
  field?: string | null;
  messageId?: string;
  /** More extensions, e.g. `expectedSeq` of a SEQ_GAP refusal. */
  extra?: Record<string, unknown>;
}

/** Business refusal in the spec's shape: extensions { code, reason, field } (DESIGN.md §6). */
export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, {
      extensions: {
        code,
        reason: options.reason ?? null,
        field: options.field ?? null,
        messageId: options.messageId ?? null,
        ...options.extra,
      },
    });
  }

  /** The same refusal again, from what `toStored` kept (a repeated command gets its first answer). */
  static fromStored(stored: { message: string; extensions: Record<string, unknown> }): AppError {
    const { code, reason, field, messageId, ...extra } = stored.extensions;
    return new AppError(code as ErrorCode, stored.message, {
      reason: (reason as string | null) ?? undefined,
      field: (field as string | null) ?? null,
      messageId: (messageId as string | null) ?? undefined,
      extra,
    });
  }

  toStored(): { message: string; extensions: Record<string, unknown> } {
    return { message: this.message, extensions: { ...this.extensions } };
  }
}

/** A refusal in the shared shape (src/domain/refusals.ts, src/domain/rules), thrown as the API's error. */
export function fromShape(shape: ServerErrorShape): AppError {
  return new AppError((shape.code ?? 'IllegalArgument') as ErrorCode, shape.message ?? shape.reason ?? 'Refused', {
    reason: shape.reason ?? undefined,
    field: shape.field ?? null,
    messageId: shape.messageId ?? undefined,
  });
}

/**
 * Validates input with the form's own schema, as the local command does (src/domain/schemas/parse.ts); bad
 * input never reaches the database.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const parsed = parseWith(schema, input);
  if (parsed.ok) return parsed.value;
  throw fromShape(parsed.refusal);
}

/** Refusals of the protocol itself: a command refused with one is never recorded, so it uses up no seq. */
export class ProtocolRefusal extends AppError {}

/**
 * Access that ended or changed while a request was on its way (DESIGN.md §7, docs/decisions/031). Ended:
 * Unauthenticated, as any later request gets (the client keeps its outbox). Changed (another role, owner or
 * salon): the client retries, and the request is judged under what the user has now.
 */
export function accessRefusal(verdict: 'ended' | 'changed'): ProtocolRefusal {
  return verdict === 'ended'
    ? new ProtocolRefusal('Unauthenticated', 'Not signed in', { reason: 'UNAUTHENTICATED' })
    : new ProtocolRefusal('InternalError', 'Access changed during the request; it will be retried', { reason: 'ACCESS_CHANGED' });
}

export const unauthenticated = () => new AppError('Unauthenticated', 'Not signed in', { reason: 'UNAUTHENTICATED' });
export const forbidden = (reason = 'FORBIDDEN') => new AppError('Forbidden', 'Not allowed for this user', { reason });
