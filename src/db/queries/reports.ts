import type { AppointmentRow, ClientRow } from '../../domain/entities';
import { salonReport, type ReportFilter, type SalonReport } from '../../domain/rules/report';
import { SERVICE_TIME_ZONE } from '../../domain/rules/time';
import type { SalonDb } from '../salon-db';
import { reportDaysSource } from './report-days';
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
  const [source, services, administrators, memberships, products] = await Promise.all([
    reportDaysSource(db, salonId, filter.from, filter.to),
    salonServices(db, salonId),
    salonAdministrators(db, salonId),
    db.mirror('memberships').where('salonId').equals(salonId).toArray(),
    filter.manufacturers?.length ? salonProducts(db, salonId) : [],
  ]);
  const manufacturerOf = new Map(products.map((p) => [p.id, p.manufacturerId ?? undefined]));
  const appointments = new Map(source.appointments.map((a) => [a.id, a]));
  const groupOfService = new Map(services.map((s) => [s.id, s.groupId]));
  const adminOf = new Map(administrators.map((a) => [a.userId, a.id]));
  return salonReport(
    source.invoices,
    filter,
    {
      appointmentOf: (id) => appointments.get(id),
      groupOfService: (id) => groupOfService.get(id),
      administratorOfUser: (userId) => adminOf.get(userId),
      manufacturerOfProduct: (id) => manufacturerOf.get(id),
      timeZone: source.timeZone ?? SERVICE_TIME_ZONE,
    },
    memberships,
  );
}
