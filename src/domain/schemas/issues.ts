import type * as v from 'valibot';
import type { MessageId } from '../../i18n/messages/message-id';

/**
 * Issues → { field: messageId } for forms and for the server's error extensions. Its own module, so the
 * commands that use it do not pull the access schemas (and libphonenumber's metadata) into the first paint.
 */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): { field: string | null; message: MessageId } {
  const issue = issues[0];
  const path = issue?.path?.map((p) => String(p.key)).join('.') ?? null;
  // The shared schemas give only message ids (src/i18n/catalogs.test.ts finds each in the catalogs).
  return { field: path || null, message: (issue?.message ?? 'error.default') as MessageId };
}
