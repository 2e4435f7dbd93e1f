import type * as v from 'valibot';
import { refuse } from '../../domain/command-refusal';
import { parseWith } from '../../domain/schemas/parse';

/** The shared schema's output, or a refusal with the schema's message on its field (as the server answers). */
export function parseOrRefuse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const parsed = parseWith(schema, input);
  return parsed.ok ? parsed.value : refuse(parsed.refusal);
}
