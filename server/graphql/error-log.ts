import { useErrorHandler, type Plugin } from 'graphql-yoga';
import { GraphQLError, Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { errorSummary } from '../error-summary';
import { AppError } from './errors';

/**
 * A business refusal or a request's own mistake (validation, parse, a variable of the wrong type, which graphql-js
 * reports as a GraphQLError wrapping another): answered to the caller, not logged.
 */
function expected(error: GraphQLError | Error): boolean {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof AppError) return true;
  return error instanceof GraphQLError && (!original || original instanceof GraphQLError);
}

function operationOf(document: DocumentNode | undefined, name: string | null | undefined, error: GraphQLError | Error): string {
  const field = error instanceof GraphQLError && typeof error.path?.[0] === 'string' ? `.${error.path[0]}` : '';
  const op = document?.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return `${op?.operation ?? 'operation'} ${name ?? op?.name?.value ?? 'anonymous'}${field}`;
}

export type ErrorReport = (error: unknown, tags: Record<string, string>) => void;

/**
 * Logs (and reports) each unexpected error of an operation once, as `[error] <operation> request=<id> <summary>`, and
 * adds it to `logged`, which yoga's own error log (it would print the whole error) skips.
 */
export function logUnexpectedErrors(
  log: (line: string) => void,
  logged: WeakSet<object>,
  report: ErrorReport,
  errors: readonly (GraphQLError | Error)[],
  run: { requestId: string; document?: DocumentNode; operationName?: string | null; phase: string },
): void {
  for (const error of errors) {
    if (expected(error)) continue;
    const original = (error instanceof GraphQLError ? error.originalError : null) ?? error;
    logged.add(error);
    logged.add(original);
    const operation = operationOf(run.document, run.operationName, error);
    log(`[error] ${operation} request=${run.requestId} phase=${run.phase} ${errorSummary(original)}`);
    // The same, to the error-reporting service when one is set (server/error-reports.ts).
    report(original, { operation, request: run.requestId, phase: run.phase });
  }
}

/** Yoga's side of `logUnexpectedErrors`: every phase of every operation yoga runs. */
export function useSafeErrorLog(log: (line: string) => void, logged: WeakSet<object>, report: ErrorReport = () => {}): Plugin {
  return useErrorHandler(({ errors, context, phase }) => {
    const args = context as {
      contextValue?: { requestId?: string };
      requestId?: string;
      document?: DocumentNode;
      operationName?: string | null;
    };
    const requestId = args.contextValue?.requestId ?? args.requestId ?? '-';
    logUnexpectedErrors(log, logged, report, errors, { requestId, document: args.document, operationName: args.operationName, phase });
  });
}
