/**
 * What the browser and the server agree on for error reports (issue 60 item 5, decision 086), apart from the
 * scrubbing (./error-reports.ts), which only the SDK's chunk needs: the first paint loads this file alone.
 */

/** Where the server tells the browser whether and where to report (GET, JSON: `{ errorReports }`). */
export const CLIENT_CONFIG_PATH = '/client-config.json';

/** Operations whose failures the spec reports even when they are refusals (part 1 §8, part 2 §8). */
export const REPORTED_OPERATIONS: ReadonlySet<string> = new Set(['signup', 'service', 'manufacturer']);

/** What the browser sends: an error, or a refusal the spec reports (its code and reason as tags). */
export type ErrorReport =
  { kind: 'error'; error: unknown; tags: Record<string, string> } | { kind: 'refusal'; tags: Record<string, string> };

/** What the server tells the browser (GET /client-config.json, `errorReports`). */
export interface ErrorReportsConfig {
  dsn: string;
  environment: string;
  release: string;
}
