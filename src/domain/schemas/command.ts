import * as v from 'valibot';
import { idSchema } from './salon';

/**
 * Every write sent by the sync engine carries its command identity (DESIGN.md §5.2): the browser
 * profile's `clientId` and the command's `seq`. The server applies each (clientId, seq) exactly once.
 */
export const commandMetaSchema = v.object({
  clientId: idSchema,
  seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type CommandMeta = v.InferOutput<typeof commandMetaSchema>;

export const optionalCommand = v.optional(v.nullable(commandMetaSchema), null);
