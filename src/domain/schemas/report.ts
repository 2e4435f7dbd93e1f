import * as v from 'valibot';
import { OTHER_REPORT_KINDS, REPORT_KINDS, type SalesReportKind } from '../rules/report';
import { isCalendarDate } from '../rules/time';
import { addDays } from '../rules/time';
import { idSchema } from './salon';

/**
 * getReport's arguments (part 2 §7 getReport; the Reports page's filters): the salon, a range of salon days of
 * at most a year, the report type (client_rating has its own call) and the two switches. The page reads its
 * filters from the address with the same rules (src/routes/salon.reports.tsx).
 */
export const MAX_REPORT_DAYS = 366;
export const SALES_REPORT_KINDS = REPORT_KINDS.filter((k): k is SalesReportKind => !(OTHER_REPORT_KINDS as readonly string[]).includes(k));

const day = v.pipe(
  v.unknown(),
  v.check(isCalendarDate, 'report.rangeInvalid'),
  v.transform((d) => d as string),
);

export const reportQuerySchema = v.pipe(
  v.object({
    salon: idSchema,
    fromDate: day,
    toDate: day,
    reportFilter: v.optional(v.picklist(SALES_REPORT_KINDS, 'report.kindInvalid'), 'all'),
    showArchive: v.optional(v.boolean(), false),
    showAppRecords: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.check((q) => q.fromDate <= q.toDate && q.toDate < addDays(q.fromDate, MAX_REPORT_DAYS), 'report.rangeInvalid'),
    ['toDate'],
  ),
);
export type ReportQuery = v.InferOutput<typeof reportQuerySchema>;
