import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  execute,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import { answerBody } from './gzip-large-answers';

/** What the caller of a known operation sent: the operation's text, its variables and name. */
export interface OperationParams {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
  extensions?: unknown;
}

/** An error no resolver meant for the caller: yoga's masked error says only this (graphql-yoga's maskError). */
const UNEXPECTED = 'Unexpected error.';

/** graphql-yoga's rule: a GraphQLError not wrapping anything but another such error is the caller's to read. */
function meantForCaller(error: unknown): boolean {
  if (!(error instanceof GraphQLError)) return false;
  return !error.originalError || meantForCaller(error.originalError);
}

/** The error as yoga's answer carries it: an unexpected one masked, and yoga's internal extensions left out. */
function formatted(error: GraphQLError): GraphQLFormattedError {
  const json = meantForCaller(error)
    ? error.toJSON()
    : new GraphQLError(UNEXPECTED, { nodes: error.nodes, path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } }).toJSON();
  const { http: _http, unexpected: _unexpected, ...extensions } = json.extensions ?? {};
  return { ...json, extensions: Object.keys(extensions).length ? extensions : undefined };
}

const JSON_TYPES = ['application/graphql-response+json', 'application/json'];
const matches = (type: string, asked: string) => {
  const [pre, suf] = type.split('/');
  const [askedPre, askedSuf] = asked.split('/');
  return (askedPre === '*' || askedPre === pre) && (askedSuf === '*' || askedSuf === suf);
};

/**
 * The media type of the answer as yoga chooses it (its result processors): the first type of the Accept header (in
 * UTF-8) that one of the two JSON types fits, and of those the last that fits; null when none does (yoga answers).
 */
export function mediaTypeFor(accept: string | undefined): string | null {
  for (const part of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [asked = '', ...params] = part.split(';');
    if ((params.find((p) => p.includes('charset=')) ?? 'charset=utf-8') !== 'charset=utf-8') continue;
    const fitting = JSON_TYPES.filter((type) => matches(type, asked));
    if (fitting.length) return fitting[fitting.length - 1] as string;
  }
  return null;
}

export interface KnownOperationsOptions<C> {
  schema: GraphQLSchema;
  /** The app's hot operations (its sync: a pull page, a push of commands), as the app's client prints them. */
  documents: readonly string[];
  /** The request's context; `setCookie` adds to the answer's Set-Cookie headers. */
  context(req: IncomingMessage, setCookie: (value: string) => void): C;
  /** Called with the errors of each run, before masking: logs and reports the unexpected ones (server/graphql/error-log.ts). */
  onErrors(errors: readonly GraphQLError[], run: { context: C; document: DocumentNode; operationName: string | null }): void;
}

/**
 * The app's own hot operations answered without yoga's per-request machinery (decision 099): a sync pull or push whose
 * text is exactly one the app sends is run by graphql-js on its document parsed and validated once, at start, and the
 * answer is written as yoga writes it (status, media type, masked errors, gzip of a large body). Anything else, and
 * every other request, goes to yoga. The resolvers, and so every access and tenant rule, are the same.
 */
export function createKnownOperations<C>(options: KnownOperationsOptions<C>) {
  const known = new Map<string, DocumentNode>();
  for (const text of options.documents) {
    const document = parse(text);
    const errors = validate(options.schema, document);
    if (errors.length) throw new Error(`A known operation does not fit the schema: ${errors[0]?.message}`);
    known.set(text, document);
  }
  return {
    /** The document of a request's params when it is a known operation sent as the app sends it. */
    find(params: OperationParams, accept: string | undefined): DocumentNode | null {
      if (mediaTypeFor(accept) === null) return null;
      if (typeof params.query !== 'string' || params.extensions !== undefined) return null;
      if (params.variables !== undefined && (typeof params.variables !== 'object' || Array.isArray(params.variables))) return null;
      if (params.operationName !== undefined && params.operationName !== null && typeof params.operationName !== 'string') return null;
      return known.get(params.query) ?? null;
    },
    async answer(req: IncomingMessage, res: ServerResponse, params: OperationParams, document: DocumentNode): Promise<void> {
      const cookies: string[] = [];
      const operationName = typeof params.operationName === 'string' ? params.operationName : null;
      const contextValue = options.context(req, (value) => cookies.push(value));
      let result: ExecutionResult;
      try {
        result = await execute({
          schema: options.schema,
          document,
          variableValues: (params.variables ?? null) as Record<string, unknown> | null,
          operationName,
          contextValue,
        });
      } catch (error) {
        result = { errors: [error instanceof GraphQLError ? error : new GraphQLError(UNEXPECTED, { originalError: error as Error })] };
      }
      const errors = result.errors ?? [];
      if (errors.length) options.onErrors(errors, { context: contextValue, document, operationName });
      // No data: the request itself was refused (its variables, as yoga's executor says 400) or failed unexpectedly.
      const status = 'data' in result ? 200 : errors.some((e) => !meantForCaller(e)) ? 500 : 400;
      const json = JSON.stringify(errors.length ? { ...result, errors: errors.map(formatted) } : result);
      const { body, gzipped } = answerBody(Buffer.from(json), req.headers['accept-encoding']);
      const headers: Record<string, string | number | string[]> = {
        'content-type': `${mediaTypeFor(req.headers.accept) as string}; charset=utf-8`,
        'content-length': body.byteLength,
      };
      if (gzipped) Object.assign(headers, { 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
      if (cookies.length) headers['set-cookie'] = cookies;
      res.writeHead(status, headers).end(body);
    },
  };
}
