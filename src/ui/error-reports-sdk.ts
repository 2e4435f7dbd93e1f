import {
  BrowserClient,
  defaultStackParser,
  linkedErrorsIntegration,
  makeBrowserOfflineTransport,
  makeFetchTransport,
  Scope,
} from '@sentry/browser';
import type { ErrorReport, ErrorReportsConfig } from '../domain/rules/error-report-config';
import { NO_DATA, scrubEvent } from '../domain/rules/error-reports';

/**
 * Sentry's browser SDK as its own client and scope (no global hooks of its own: src/ui/error-reports.ts listens),
 * sending through its offline transport, so a report made with no signal waits in IndexedDB and goes when the
 * device is back online. No user, no breadcrumbs, no tracing; every event scrubbed before it leaves.
 */
export function sdkSender(config: ErrorReportsConfig): (report: ErrorReport) => void {
  const client = new BrowserClient({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    transport: makeBrowserOfflineTransport(makeFetchTransport),
    stackParser: defaultStackParser,
    integrations: [linkedErrorsIntegration()],
    maxBreadcrumbs: 0,
    // Nothing about the user or the request: no IP inferred by the ingest, no cookies, headers, bodies or queries.
    dataCollection: NO_DATA,
    beforeSend: (event) => scrubEvent(event),
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();
  return (report) => {
    const one = scope.clone();
    one.setTags(report.tags);
    if (report.kind === 'refusal')
      one.captureMessage(`${report.tags.operation ?? 'operation'} refused: ${report.tags.code ?? '-'}`, 'warning');
    else one.captureException(report.error ?? new Error('Unknown error'));
  };
}
