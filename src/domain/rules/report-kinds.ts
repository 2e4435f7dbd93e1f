/**
 * The Report's types (part 2 §2), apart from the report's rules: the route's search check needs only these, and it
 * is in the bundle every page loads first (issue 23).
 */
export const REPORT_KINDS = [
  'all',
  'products',
  'grouped_by_services',
  'services',
  'commissions',
  'client_rating',
  'missed_visits',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/**
 * The kinds that are not sales: the masters' commissions (issue 59 item 4), the client rating (part 2 §2) and the
 * no-shows and late cancellations (decision 079).
 */
export const OTHER_REPORT_KINDS = ['commissions', 'client_rating', 'missed_visits'] as const;
export type OtherReportKind = (typeof OTHER_REPORT_KINDS)[number];
