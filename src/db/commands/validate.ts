import * as v from 'valibot';
import { refuse } from '../../domain/command-refusal';
import { firstIssue } from '../../domain/schemas/issues';

/** The shared schema's output, or a refusal with the schema's message on its field (as the server answers). */
export function parseOrRefuse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const { field, message } = firstIssue(result.issues);
  return refuse({ code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field, messageId: message });
}
