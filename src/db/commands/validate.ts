import * as v from 'valibot';
import { refuse } from '../../domain/command-refusal';
import { firstIssue } from '../../domain/schemas/issues';
import { findBadText, INVALID_CHARACTERS_MESSAGE } from '../../domain/schemas/text';

/** The shared schema's output, or a refusal with the schema's message on its field (as the server answers). */
export function parseOrRefuse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const bad = findBadText(input);
  if (bad) return refuse({ code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: bad.join('.') || null, messageId: INVALID_CHARACTERS_MESSAGE });
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const { field, message } = firstIssue(result.issues);
  return refuse({ code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field, messageId: message });
}
