import { NO_DATA, scrubEvent } from '../src/domain/rules/error-reports';
import { errorSummary } from './error-summary';

/**
 * Error reports of the server (issue 60 item 5; part 1 §8, part 2 §8): every unexpected error of an operation goes
 * to the error-reporting service at SENTRY_DSN through Sentry's official Node SDK, nothing without one. What is
 * sent is what the log says (server/error-summary.ts: the error's kind, SQLSTATE and constraint, never its message,
 * which may hold SQL parameters or input) with the stack's frames, the operation and the request id; every event
 * is scrubbed again (src/domain/rules/error-reports.ts). The SDK runs as its own client and scope, with no
 * integrations: it instruments nothing and hooks no process event.
 */
export interface ErrorReports {
  /** 'off' or the ingest's host, for the start-up lines. */
  describe(): string;
  capture(error: unknown, tags: Record<string, string>): void;
  /** Waits for what was captured to be sent (tests, shutdown). */
  flush(timeoutMs?: number): Promise<boolean>;
  /** What the browser is told (GET /client-config.json): its DSN, or null when it reports nothing. */
  browser: { dsn: string; environment: string; release: string } | null;
}

export interface ErrorReportsOptions {
  /** The server's DSN; without one the server reports nothing. */
  dsn?: string | null;
  /** The browser's DSN (a project of its own), by default the server's. */
  browserDsn?: string | null;
  environment?: string;
  release?: string;
}

/** The error without its message: a summary for a name, and only the stack's frames (file and line). */
function safeError(error: unknown): Error {
  const safe = new Error(errorSummary(error));
  safe.name = 'ServerError';
  const stack = (error as { stack?: unknown } | null)?.stack;
  const frames = typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return safe;
}

/** A DSN as Sentry gives it: http(s)://PUBLIC_KEY@HOST/PROJECT_ID. */
function validDsn(dsn: string): boolean {
  try {
    const url = new URL(dsn);
    return /^https?:$/.test(url.protocol) && url.username !== '' && /^\/(?:.*\/)?\d+$/.test(url.pathname);
  } catch {
    return false;
  }
}

export async function createErrorReports(options: ErrorReportsOptions): Promise<ErrorReports> {
  const environment = options.environment || 'production';
  const release = options.release || 'salon-panel';
  const browserDsn = [options.browserDsn, options.dsn].find((d) => d && validDsn(d)) ?? null;
  const browser = browserDsn ? { dsn: browserDsn, environment, release } : null;
  if (!options.dsn) return { describe: () => 'off', capture: () => {}, flush: async () => true, browser };
  if (!validDsn(options.dsn)) return { describe: () => 'invalid', capture: () => {}, flush: async () => true, browser };
  const dsn = options.dsn;
  const { NodeClient, Scope, defaultStackParser, makeNodeTransport } = await import('@sentry/node');
  const client = new NodeClient({
    dsn,
    environment,
    release,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [],
    maxBreadcrumbs: 0,
    // Nothing about the user or the request: no IP inferred by the ingest, no cookies, headers, bodies or queries.
    dataCollection: NO_DATA,
    beforeSend: (event) => scrubEvent(event),
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();
  return {
    describe: () => new URL(dsn).host,
    capture(error, tags) {
      const one = scope.clone();
      one.setTags(tags);
      one.captureException(safeError(error));
    },
    flush: async (timeoutMs = 2000) => client.flush(timeoutMs),
    browser,
  };
}
