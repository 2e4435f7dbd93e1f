import type { AppointmentRow, ClientRow } from '../../domain/entities';
import { salonReport, type ReportFilter, type ReportReads, type SalonReport } from '../../domain/rules/report';
import { reportFromSums } from '../../domain/rules/report-sums';
import type { Cents } from '../../domain/rules/money';
import { SERVICE_TIME_ZONE } from '../../domain/rules/time';
import type { SalonDb } from '../salon-db';
import { reportDaysSource, reportDaysSums } from './report-days';
import { salonProducts } from './inventory';
import { salonServices } from './services';
import { salonAdministrators } from './staff';

/** The salon's appointments that started by `now` (wall time), for the client rating. */
export function appointmentsStartedBy(db: SalonDb, salonId: string, now: string): Promise<AppointmentRow[]> {
  return db.mirror('appointments').where('[salonId+startAt]').between([salonId, ''], [salonId, now], true, true).toArray();
}

/** The clients of the rating, by id (those no longer in the mirror are left out). */
export async function clientsOf(db: SalonDb, ids: string[]): Promise<ClientRow[]> {
  return (await db.mirror('clients').bulkGet(ids)).filter((c): c is ClientRow => c !== undefined);
}

/**
 * The report of the filter over the mirror: the same function as the server's getReport, over the same rows. The
 * days come from the report's days (src/db/report-days.ts); days not built yet are read from the rows and built
 * in the background, so the next report of them opens from the days.
 */
export async function mirrorReport(db: SalonDb, salonId: string, filter: ReportFilter): Promise<SalonReport> {
  const [source, reads, memberships] = await Promise.all([
    reportDaysSource(db, salonId, filter.from, filter.to),
    reportReads(db, salonId, filter),
    db.mirror('memberships').where('salonId').equals(salonId).toArray(),
  ]);
  const appointments = new Map(source.appointments.map((a) => [a.id, a]));
  return salonReport(
    source.invoices,
    filter,
    { ...reads, appointmentOf: (id) => appointments.get(id), timeZone: source.timeZone ?? SERVICE_TIME_ZONE },
    memberships,
  );
}

/**
 * The report of the filter from the days' sums (issue 65 item 3): the same figures as `mirrorReport`, its groups
 * without their rows (but those of archived invoices), and each day's revenue for the chart. What the Report
 * paints first; the rows come from `mirrorReport` when they are shown.
 */
export async function mirrorReportSums(
  db: SalonDb,
  salonId: string,
  filter: ReportFilter,
): Promise<SalonReport & { dayTotals: Map<string, Cents> }> {
  const [source, reads, memberships] = await Promise.all([
    reportDaysSums(db, salonId, filter.from, filter.to),
    reportReads(db, salonId, filter),
    db.mirror('memberships').where('salonId').equals(salonId).toArray(),
  ]);
  const appointments = new Map(source.appointments.map((a) => [a.id, a]));
  return reportFromSums(
    source.days,
    filter,
    { ...reads, appointmentOf: (id) => appointments.get(id), timeZone: source.timeZone ?? SERVICE_TIME_ZONE },
    memberships,
  );
}

/** What a report reads besides its invoices: a service's group, an administrator's row, a product's manufacturer. */
async function reportReads(db: SalonDb, salonId: string, filter: ReportFilter): Promise<Omit<ReportReads, 'appointmentOf' | 'timeZone'>> {
  const [services, administrators, products] = await Promise.all([
    salonServices(db, salonId),
    salonAdministrators(db, salonId),
    filter.manufacturers?.length ? salonProducts(db, salonId) : [],
  ]);
  const manufacturerOf = new Map(products.map((p) => [p.id, p.manufacturerId ?? undefined]));
  const groupOfService = new Map(services.map((s) => [s.id, s.groupId]));
  const adminOf = new Map(administrators.map((a) => [a.userId, a.id]));
  return {
    groupOfService: (id) => groupOfService.get(id),
    administratorOfUser: (userId) => adminOf.get(userId),
    manufacturerOfProduct: (id) => manufacturerOf.get(id),
  };
}
