import type * as v from 'valibot';

/**
 * Issues → { field: messageId } for forms and for the server's error extensions. Its own module, so the
 * commands that use it do not pull the access schemas (and libphonenumber's metadata) into the first paint.
 */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): { field: string | null; message: string } {
  const issue = issues[0];
  const path = issue?.path?.map((p) => String(p.key)).join('.') ?? null;
  return { field: path || null, message: issue?.message ?? 'error.default' };
}
