import { CLIENT_CONFIG_PATH, type ErrorReport, type ErrorReportsConfig } from '../domain/rules/error-report-config';
import { isChunkLoadError } from './chunk-load-error';

/**
 * Error reports from the browser (issue 60 item 5; part 1 §8, part 2 §8): every unexpected error (an uncaught
 * one, a rejected promise nobody handled, a screen that failed to render) and the failures of sign-up, service
 * and manufacturer updates go to the error-reporting service the server names (SENTRY_DSN), nothing when it names
 * none. This part is tiny and starts with the page; Sentry's SDK loads after the first paint, only when a DSN is
 * set, and takes what was caught before it came. Every event is scrubbed of personal data
 * (src/domain/rules/error-reports.ts).
 */

/** Caught before the SDK loaded; at most this many are kept. */
const EARLY_LIMIT = 20;
let early: ErrorReport[] = [];
let send: ((report: ErrorReport) => void) | null = null;

function enqueue(report: ErrorReport) {
  // Code that could not download (offline) is said on the page, not reported (decision 051).
  if (report.kind === 'error' && isChunkLoadError(report.error)) return;
  if (send) send(report);
  else if (early.length < EARLY_LIMIT) early.push(report);
}

/** An unexpected error, with where it happened (`where`: a screen, an operation). */
export function reportError(error: unknown, where = 'unexpected'): void {
  enqueue({ kind: 'error', error, tags: { where } });
}

/** A refused call the spec reports (sign-up, service and manufacturer updates): its code and reason only. */
export function reportRefusal(operation: string, code: string, reason: string | null | undefined): void {
  enqueue({ kind: 'refusal', tags: { operation, code, reason: reason ?? '-' } });
}

/** Listens for uncaught errors and unhandled rejections from the page's start. */
export function watchUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, 'uncaught'));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, 'unhandledrejection'));
}

/** What the server said last (server/error-reports.ts), for an offline start. */
const KEPT_CONFIG = 'salon-panel.client-config';

async function readConfig(): Promise<ErrorReportsConfig | null> {
  try {
    const answer = await fetch(CLIENT_CONFIG_PATH, { cache: 'no-store' });
    if (!answer.ok) throw new Error(`client config ${answer.status}`);
    const config = ((await answer.json()) as { errorReports?: ErrorReportsConfig | null }).errorReports ?? null;
    localStorage.setItem(KEPT_CONFIG, JSON.stringify(config));
    return config;
  } catch {
    try {
      return JSON.parse(localStorage.getItem(KEPT_CONFIG) ?? 'null') as ErrorReportsConfig | null;
    } catch {
      return null;
    }
  }
}

/** After the first paint: the SDK when the server names a DSN, else the early reports are dropped. */
export async function startErrorReports(): Promise<void> {
  const config = await readConfig();
  if (!config?.dsn) {
    early = [];
    send = () => {};
    return;
  }
  const { sdkSender } = await import('./error-reports-sdk');
  send = sdkSender(config);
  for (const report of early.splice(0)) send(report);
}
