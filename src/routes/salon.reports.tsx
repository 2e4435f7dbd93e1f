import { createFileRoute } from '@tanstack/react-router';
import { REPORT_KINDS, type ReportKind } from '../domain/rules/report-kinds';
import { ReportsPage } from '../ui/reports/reports-page';
import { searchBoolean, searchChoice, searchDate, searchIds } from '../ui/search-fields';

/**
 * Report (part 2 §2): the report type, the range, "Show records from application" and the masters and manufacturers
 * chosen (part 1 §1 report filters, ids joined by commas) are the page's state, in the address.
 */
export const Route = createFileRoute('/salon/reports')({
  validateSearch: (search): { kind?: ReportKind; from?: string; to?: string; app?: boolean; masters?: string; makers?: string } => ({
    kind: searchChoice(REPORT_KINDS, search.kind),
    from: searchDate(search.from),
    to: searchDate(search.to),
    app: searchBoolean(search.app),
    masters: searchIds(search.masters),
    makers: searchIds(search.makers),
  }),
  component: ReportsPage,
});
