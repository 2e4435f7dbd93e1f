import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { REPORT_KINDS } from '../domain/rules/report-kinds';
import { ReportsPage } from '../ui/reports/reports-page';
import { searchDate, searchField } from '../ui/search-fields';

/** Report (part 2 §2): the report type, the range and "Show records from application" are the page's state, in the address. */
const kind = v.picklist(REPORT_KINDS);

export const Route = createFileRoute('/salon/reports')({
  validateSearch: (search): { kind?: v.InferOutput<typeof kind>; from?: string; to?: string; app?: boolean } => ({
    kind: searchField(kind, search.kind),
    from: searchDate(search.from),
    to: searchDate(search.to),
    app: searchField(v.boolean(), search.app),
  }),
  component: ReportsPage,
});
