import * as v from 'valibot';
import { refusal } from '../refusals';
import type { ServerErrorShape } from '../errors';
import { firstIssue } from './issues';
import { findBadText, INVALID_CHARACTERS_MESSAGE } from './text';
import type { MessageId } from '../../i18n/messages/message-id';

export type Parsed<T> = { ok: true; value: T } | { ok: false; refusal: ServerErrorShape };

const invalid = (field: string | null, messageId: MessageId): ServerErrorShape =>
  refusal('invalidInput', { field, messageId, message: `Invalid input${field ? ` for ${field}` : ''}` });

/**
 * An input checked with the form's own schema, as both sides check it (the local command and the server's
 * resolver): a NUL or a lone surrogate in any string is refused first, on its field, whatever the schema
 * makes of the field; then the schema's first issue, with its message id, on its field.
 */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): Parsed<v.InferOutput<S>> {
  const bad = findBadText(input);
  if (bad) return { ok: false, refusal: invalid(bad.join('.') || null, INVALID_CHARACTERS_MESSAGE) };
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const { field, message } = firstIssue(result.issues);
  return { ok: false, refusal: invalid(field, message) };
}
