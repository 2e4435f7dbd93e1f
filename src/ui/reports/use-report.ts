import { useLiveQuery } from 'dexie-react-hooks';
import { salonCabinets, salonServiceGroups } from '../../db/queries/setup';
import { salonAdministrators, salonMasters } from '../../db/queries/staff';
import { salonServices } from '../../db/queries/services';
import { salonProducts } from '../../db/queries/inventory';
import { appointmentsStartedBy, clientsOf, mirrorReport, mirrorReportSums } from '../../db/queries/reports';
import type { SalonDb } from '../../db/salon-db';
import { nameIn } from '../../domain/rules/names';
import { clientRating, type RatingEntry, type ReportFilter, type ReportRow, type SalonReport } from '../../domain/rules/report';
import type { Cents } from '../../domain/rules/money';
import { previousPeriod } from '../../domain/rules/report-compare';
import { useLanguage } from '../../i18n';
import { useSession } from '../session/use-session';
import { useSyncDb } from '../sync/use-sync-state';
import { fullName } from '../salon/use-clients';

/** A report with the names its rows and groups show, in the user's language. */
export interface ReportView {
  /** The figures from the days' sums: its groups hold no rows but archived ones (`useReportRows` reads them). */
  report: SalonReport & { dayTotals: Map<string, Cents> };
  /** Group key → its seller's or service group's name ('' when no longer in the mirror). */
  groupNames: Map<string, string>;
  /** Seller key (`MASTER:<id>` …) → name, for the Seller column of the grouped view. */
  sellerNames: Map<string, string>;
  /** Service or product id → name. */
  entityNames: Map<string, string>;
  /** Service id → its group's id (the Commissions report's group rates). */
  groupOfService: Map<string, string>;
  /** The filter it is the report of (`reportFilterKey`): while another one's is read, the last one stays shown. */
  filterKey: string;
}

/** A filter as one string: what a report view and a read of its rows were made for. */
export const reportFilterKey = (f: ReportFilter): string =>
  [f.kind, f.from, f.to, f.showArchive, f.showAppRecords, (f.masters ?? []).join(','), (f.manufacturers ?? []).join(',')].join('|');

export const sellerKey = (type: string | null, id: string | null): string => (type && id ? `${type}:${id}` : 'NONE');

/**
 * The report of the filter from the mirror's days' sums (src/domain/rules/report-sums.ts), so it opens offline, in a
 * time that does not grow with the invoices, and changes as soon as an invoice is paid or edited on any device:
 * undefined while reading.
 */
export function useReport(filter: ReportFilter): ReportView | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  const { language } = useLanguage();
  const { kind, from, to, showArchive, showAppRecords } = filter;
  const chosenMasters = (filter.masters ?? []).join(',');
  const makers = (filter.manufacturers ?? []).join(',');
  const filterKey = reportFilterKey(filter);
  return useLiveQuery(async () => {
    if (!db || !salonId) return undefined;
    const [report, services, products, masters, cabinets, administrators, groups] = await Promise.all([
      mirrorReportSums(db, salonId, {
        kind,
        from,
        to,
        showArchive,
        showAppRecords,
        masters: chosenMasters ? chosenMasters.split(',') : [],
        manufacturers: makers ? makers.split(',') : [],
      }),
      salonServices(db, salonId),
      salonProducts(db, salonId),
      salonMasters(db, salonId),
      salonCabinets(db, salonId),
      salonAdministrators(db, salonId),
      salonServiceGroups(db, salonId),
    ]);
    const sellerNames = new Map<string, string>([
      ...masters.map((m) => [sellerKey('MASTER', m.id), fullName(m)] as const),
      ...cabinets.map((c) => [sellerKey('CABINET', c.id), nameIn(c.nameVariants, language)] as const),
      ...administrators.flatMap((a) => [
        [sellerKey('ADMINISTRATOR', a.id), fullName(a)] as const,
        [sellerKey('ADMINISTRATOR', a.userId), fullName(a)] as const,
      ]),
    ]);
    const groupNames = new Map<string, string>([
      ...sellerNames,
      ...groups.map((g) => [`SERVICE_GROUP:${g.id}`, nameIn(g.nameVariants, language)] as const),
    ]);
    const entityNames = new Map<string, string>([
      ...services.map((s) => [s.id, nameIn(s.nameVariants, language)] as const),
      ...products.map((p) => [p.id, p.name] as const),
    ]);
    const groupOfService = new Map(services.map((s) => [s.id, s.groupId] as const));
    return { report, groupNames, sellerNames, entityNames, groupOfService, filterKey };
  }, [db, salonId, language, filterKey, kind, from, to, showArchive, showAppRecords, chosenMasters, makers]);
}

/**
 * The report of the same filter over the period of equal length just before (issue 59 item 6), read after the
 * range's own so the tiles paint first: undefined while reading.
 */
export function usePreviousReport(
  filter: ReportFilter,
): { report: SalonReport & { dayTotals: Map<string, Cents> }; from: string; to: string } | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  const { kind, showArchive, showAppRecords } = filter;
  const { from, to } = previousPeriod(filter.from, filter.to);
  const chosenMasters = (filter.masters ?? []).join(',');
  const makers = (filter.manufacturers ?? []).join(',');
  return useLiveQuery(async () => {
    if (!db || !salonId) return undefined;
    const masters = chosenMasters ? chosenMasters.split(',') : [];
    const manufacturers = makers ? makers.split(',') : [];
    const report = await mirrorReportSums(db, salonId, { kind, from, to, showArchive, showAppRecords, masters, manufacturers });
    return { report, from, to };
  }, [db, salonId, kind, from, to, showArchive, showAppRecords, chosenMasters, makers]);
}

/**
 * The report's rows by group key, from the rows themselves (`mirrorReport`), once `wanted`: a group opened, a print
 * or an export asked, or the page painted and idle. Undefined until then and while reading.
 */
export function useReportRows(filter: ReportFilter, wanted: boolean): Map<string, ReportRow[]> | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  const { kind, from, to, showArchive, showAppRecords } = filter;
  const chosenMasters = (filter.masters ?? []).join(',');
  const makers = (filter.manufacturers ?? []).join(',');
  return useLiveQuery(async () => {
    if (!db || !salonId || !wanted) return undefined;
    const masters = chosenMasters ? chosenMasters.split(',') : [];
    const manufacturers = makers ? makers.split(',') : [];
    const report = await mirrorReport(db, salonId, { kind, from, to, showArchive, showAppRecords, masters, manufacturers });
    return new Map(report.groups.map((g) => [g.key, g.rows]));
  }, [db, salonId, wanted, kind, from, to, showArchive, showAppRecords, chosenMasters, makers]);
}

/** Names of the clients of some rows ('First Last'), read when their group opens: undefined while reading. */
export function useClientNames(ids: readonly string[]): Map<string, string> | undefined {
  const db = useSyncDb();
  const key = ids.join(',');
  return useLiveQuery(
    async () => (db ? new Map((await clientsOf(db, key ? key.split(',') : [])).map((c) => [c.id, fullName(c)])) : undefined),
    [db, key],
  );
}

/** Names of every client of a report's rows and memberships, for its export. */
export async function clientNamesOf(db: SalonDb, report: SalonReport, rows: Map<string, ReportRow[]>): Promise<Map<string, string>> {
  const ids = [
    ...new Set([
      ...[...rows.values()].flatMap((list) => list.flatMap((r) => (r.clientId ? [r.clientId] : []))),
      ...report.memberships.rows.map((r) => r.clientId),
    ]),
  ];
  return new Map((await clientsOf(db, ids)).map((c) => [c.id, fullName(c)]));
}

/** The client rating from the mirror (every visit up to `now`, salon wall time): undefined while reading. */
export function useClientRating(now: string): RatingEntry[] | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  return useLiveQuery(async () => {
    if (!db || !salonId) return undefined;
    const appointments = await appointmentsStartedBy(db, salonId, now);
    const ids = [...new Set(appointments.flatMap((a) => (a.clientId ? [a.clientId] : [])))];
    return clientRating(await clientsOf(db, ids), appointments, now);
  }, [db, salonId, now]);
}
