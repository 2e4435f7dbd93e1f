import { useEffect } from 'react';
import type { Operation } from '../domain/errors';
import { FormMessage } from './form-message';
import { useServerError } from './use-server-error';

/**
 * The spec's message for one failed call, as a form-level message: for a page that loads the table of error
 * messages only once a call has failed (the landing page's Demo, decision 048). `fields` are the operation's fields
 * whose messages show here too, as the page has no field of its own.
 */
export default function ServerErrorMessage({ operation, error, fields = [] }: { operation: Operation; error: unknown; fields?: string[] }) {
  const { report, formError, forField } = useServerError(operation);
  useEffect(() => report(error), [error, report]);
  return <FormMessage>{formError ?? fields.map(forField).find(Boolean) ?? null}</FormMessage>;
}
