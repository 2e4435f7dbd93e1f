import * as v from 'valibot';
import { idSchema } from './salon';

/** The most messages one list holds (newest due first): a client's years of visits stay one request. */
export const CLIENT_MESSAGES_LIMIT = 100;

/** clientMessages (issue 57 item 6): the messages of one appointment, or of one client. */
export const clientMessagesQuerySchema = v.pipe(
  v.object({
    salon: idSchema,
    appointment: v.optional(v.nullable(idSchema), null),
    client: v.optional(v.nullable(idSchema), null),
  }),
  v.check((q) => (q.appointment === null) !== (q.client === null), 'validation.id.invalid'),
);
