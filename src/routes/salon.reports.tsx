import { createFileRoute } from '@tanstack/react-router';
import { REPORT_KINDS, type ReportKind } from '../domain/rules/report-kinds';
import { ReportsPage } from '../ui/reports/reports-page';
import { searchBoolean, searchChoice, searchDate } from '../ui/search-fields';

/** Report (part 2 §2): the report type, the range and "Show records from application" are the page's state, in the address. */
export const Route = createFileRoute('/salon/reports')({
  validateSearch: (search): { kind?: ReportKind; from?: string; to?: string; app?: boolean } => ({
    kind: searchChoice(REPORT_KINDS, search.kind),
    from: searchDate(search.from),
    to: searchDate(search.to),
    app: searchBoolean(search.app),
  }),
  component: ReportsPage,
});
