import type { Cents } from './money';
import type { ReportFilter, SalonReport } from './report';

/**
 * Closing the till (issue 59 item 3): at the end of a salon day an administrator counts the cash in the drawer and
 * the panel sets it beside what the day's cash payments say should be there. Every cash payment counts, archived
 * sales and bookings made in the application too, since their money is in the drawer all the same.
 */

/** The report that holds a day's cash: every line of the day, archived and application ones included. */
export const cashUpFilter = (date: string): ReportFilter => ({
  kind: 'all',
  from: date,
  to: date,
  showArchive: true,
  showAppRecords: true,
});

/** The cash the day's payments put in the till: invoice lines paid in cash, cash tips and memberships sold for cash. */
export const expectedCash = (report: Pick<SalonReport, 'tiles' | 'memberships'>): Cents =>
  report.tiles.total.cash + report.tiles.tips.cash + report.memberships.cash;

/** What was counted less what was expected: positive is more in the till than the payments say. */
export const cashDifference = (counted: Cents, expected: Cents): Cents => counted - expected;
