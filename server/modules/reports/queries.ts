import { and, between, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { AppointmentRow, InvoiceRow } from '../../../src/domain/entities';
import { centsToDecimal } from '../../../src/domain/rules/money';
import { clientRating, salonReport, type ReportFilter, type Revenue, type SalonReport } from '../../../src/domain/rules/report';
import { addDays } from '../../../src/domain/rules/time';
import { cashUpFilter, expectedCash } from '../../../src/domain/rules/cash-up';
import { isAdministrator } from '../../../src/domain/roles';
import { reportQuerySchema } from '../../../src/domain/schemas/report';
import { administrators, appointments, clients, invoiceItems, invoices, memberships, salons, services } from '../../db/schema';
import { requireViewerOfSalon, type Context } from '../../graphql/context';
import { forbidden, parseInput } from '../../graphql/errors';
import { appointmentRow, invoiceRow, membershipRow } from '../../sync/rows';

/**
 * The Reports page's calls (part 2 §7 getReport, getClientRating), answered with the function the panel runs on
 * its mirror (src/domain/rules/report.ts, decision 038), over the rows pull would send: the two agree to the cent
 * (tests/integration/reports.pg.test.ts). Administrators and sysadmins only; masters never open reports.
 */

type Db = Pick<Context['app']['database']['db'], 'select'>;

async function salonTimeZone(db: Db, salonId: string): Promise<string> {
  const [row] = await db.select({ timeZone: salons.timeZone }).from(salons).where(eq(salons.id, salonId));
  return row?.timeZone ?? 'Europe/Riga';
}

/** The live invoices with their live items, as pull shapes them. */
async function invoicesWithItems(db: Db, salonId: string, found: (typeof invoices.$inferSelect)[]): Promise<InvoiceRow[]> {
  if (found.length === 0) return [];
  const items = await db
    .select()
    .from(invoiceItems)
    .where(
      and(
        eq(invoiceItems.salonId, salonId),
        inArray(
          invoiceItems.invoiceId,
          found.map((i) => i.id),
        ),
        isNull(invoiceItems.deletedAt),
      ),
    );
  const byInvoice = new Map<string, (typeof items)[number][]>();
  for (const item of items) byInvoice.set(item.invoiceId, [...(byInvoice.get(item.invoiceId) ?? []), item]);
  return found.map((i) => invoiceRow(i, byInvoice.get(i.id) ?? []));
}

/** The same rows the mirror's report reads (src/db/queries/reports.ts): the days' appointments, their invoices and those made in range. */
async function reportSource(db: Db, salonId: string, from: string, to: string) {
  const ofDays = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.salonId, salonId),
        isNull(appointments.deletedAt),
        between(appointments.startAt, `${from} 00:00`, `${to} 23:59:59`),
      ),
    );
  const ids = ofDays.map((a) => a.id);
  const made = or(
    between(invoices.createdAt, new Date(`${addDays(from, -1)}T00:00:00.000Z`), new Date(`${addDays(to, 1)}T23:59:59.999Z`)),
    ids.length > 0 ? inArray(invoices.appointmentId, ids) : undefined,
  );
  const found = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.salonId, salonId), isNull(invoices.deletedAt), made));
  const known = new Set(ids);
  const others = [...new Set(found.flatMap((i) => (i.appointmentId && !known.has(i.appointmentId) ? [i.appointmentId] : [])))];
  const more =
    others.length > 0
      ? await db
          .select()
          .from(appointments)
          .where(and(eq(appointments.salonId, salonId), isNull(appointments.deletedAt), inArray(appointments.id, others)))
      : [];
  return {
    appointments: [...ofDays, ...more].map(appointmentRow) as AppointmentRow[],
    invoices: await invoicesWithItems(db, salonId, found),
  };
}

/** The live memberships sold in the range's UTC days widened by one each side; the report keeps those of its salon days. */
async function membershipsSoldAround(db: Db, salonId: string, from: string, to: string) {
  const found = await db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.salonId, salonId),
        isNull(memberships.deletedAt),
        between(memberships.createdAt, new Date(`${addDays(from, -1)}T00:00:00.000Z`), new Date(`${addDays(to, 1)}T23:59:59.999Z`)),
      ),
    );
  return found.map(membershipRow);
}

const decimalRevenue = (r: Revenue) => ({
  total: centsToDecimal(r.total),
  cash: centsToDecimal(r.cash),
  card: centsToDecimal(r.card),
  gift: centsToDecimal(r.gift),
  membership: centsToDecimal(r.membership),
});

/** The report's money as decimal strings, as the API sends every amount. */
export function reportOut(report: SalonReport) {
  return {
    tiles: {
      ...report.tiles,
      services: decimalRevenue(report.tiles.services),
      products: decimalRevenue(report.tiles.products),
      total: decimalRevenue(report.tiles.total),
      discounts: centsToDecimal(report.tiles.discounts),
      tips: {
        total: centsToDecimal(report.tiles.tips.total),
        cash: centsToDecimal(report.tiles.tips.cash),
        card: centsToDecimal(report.tiles.tips.card),
      },
    },
    groups: report.groups.map((g) => ({
      ...g,
      revenue: decimalRevenue(g.revenue),
      rows: g.rows.map((r) => ({
        ...r,
        price: centsToDecimal(r.price),
        discount: centsToDecimal(r.discount),
        total: centsToDecimal(r.total),
      })),
    })),
    archived: { ...report.archived, total: centsToDecimal(report.archived.total) },
    membershipsSold: {
      count: report.memberships.count,
      total: centsToDecimal(report.memberships.total),
      cash: centsToDecimal(report.memberships.cash),
      card: centsToDecimal(report.memberships.card),
      gift: centsToDecimal(report.memberships.gift),
      rows: report.memberships.rows.map((r) => ({ ...r, price: centsToDecimal(r.price) })),
    },
  };
}

/** The report of `filter` over the rows pull would send: the same function and reads as the panel's mirror. */
async function serverReport(db: Db, salonId: string, filter: ReportFilter, timeZone: string): Promise<SalonReport> {
  const [source, groups, admins, sold] = await Promise.all([
    reportSource(db, salonId, filter.from, filter.to),
    db.select({ id: services.id, groupId: services.groupId }).from(services).where(eq(services.salonId, salonId)),
    db
      .select({ id: administrators.id, userId: administrators.userId })
      .from(administrators)
      .where(and(eq(administrators.salonId, salonId), isNull(administrators.deletedAt))),
    membershipsSoldAround(db, salonId, filter.from, filter.to),
  ]);
  const byId = new Map(source.appointments.map((a) => [a.id, a]));
  const groupOf = new Map(groups.map((s) => [s.id, s.groupId]));
  const adminOf = new Map(admins.map((a) => [a.userId, a.id]));
  const reads = {
    appointmentOf: (id: string) => byId.get(id),
    groupOfService: (id: string) => groupOf.get(id),
    administratorOfUser: (userId: string) => adminOf.get(userId),
    timeZone,
  };
  return salonReport(source.invoices, filter, reads, sold);
}

/**
 * The cash a salon day's payments put in the till (src/domain/rules/cash-up.ts), from the rows the Report reads:
 * closing the till counts it inside its command's transaction (`db` may be that transaction).
 */
export const cashOfDay = async (db: Db, salonId: string, date: string, timeZone: string): Promise<number> =>
  expectedCash(await serverReport(db, salonId, cashUpFilter(date), timeZone));

/** getReport: the report of a type over a range of salon days, from the same rows and function as the panel's mirror. */
export async function reportOf(ctx: Context, args: Record<string, unknown>) {
  const viewer = await requireViewerOfSalon(ctx, args.salon);
  if (!isAdministrator(viewer)) throw forbidden('MASTER_CANNOT_SEE_REPORTS');
  const query = parseInput(reportQuerySchema, args);
  const db = ctx.app.database.db;
  const salonId = viewer.salon.id;
  const filter = {
    kind: query.reportFilter,
    from: query.fromDate,
    to: query.toDate,
    showArchive: query.showArchive,
    showAppRecords: query.showAppRecords,
  };
  return reportOut(await serverReport(db, salonId, filter, await salonTimeZone(db, salonId)));
}

/** getClientRating: the salon's clients by visits up to now (salon wall time); its askers see phones (masters are refused). */
export async function clientRatingOf(ctx: Context, salon: unknown) {
  const viewer = await requireViewerOfSalon(ctx, salon);
  if (!isAdministrator(viewer)) throw forbidden('MASTER_CANNOT_SEE_REPORTS');
  const db = ctx.app.database.db;
  const salonId = viewer.salon.id;
  const now = Temporal.Now.plainDateTimeISO(await salonTimeZone(db, salonId))
    .toString()
    .slice(0, 16)
    .replace('T', ' ');
  const visits = await db
    .select({ clientId: appointments.clientId, startAt: appointments.startAt })
    .from(appointments)
    .where(and(eq(appointments.salonId, salonId), isNull(appointments.deletedAt), lte(appointments.startAt, `${now}:59`)));
  const ids = [...new Set(visits.flatMap((a) => (a.clientId ? [a.clientId] : [])))];
  const people =
    ids.length > 0
      ? await db
          .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName, phone: clients.phone })
          .from(clients)
          .where(and(eq(clients.salonId, salonId), isNull(clients.deletedAt), inArray(clients.id, ids)))
      : [];
  return clientRating(
    people,
    visits.map((a) => ({ clientId: a.clientId, startAt: a.startAt.replace('T', ' ').slice(0, 16) })),
    now,
  ).map((e) => ({ ...e, firstAppointment: e.firstVisit, lastAppointment: e.lastVisit }));
}
