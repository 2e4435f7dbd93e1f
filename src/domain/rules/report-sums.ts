import type { PaymentType } from '../entities';
import { decimalToCents, discountCents, lineTotal, type Cents } from './money';
import { membershipSales, type MembershipSaleSource } from './membership-sales';
import {
  keepsLine,
  narrowed,
  ReportTally,
  reportLineAt,
  tallyInvoices,
  tallyTip,
  type ReportAppointment,
  type ReportFilter,
  type ReportInvoice,
  type ReportItem,
  type ReportReads,
  type SalonReport,
} from './report';

/*
 * A salon day's report as sums (issue 65 item 3): the figures of its lines added up by everything a filter or a group
 * tells apart, so a month's report adds some hundred cells a day whatever the number of invoices, and reads the rows
 * only when they are shown. An appointment any of whose invoices is archived keeps its invoices as rows (`rest`), as
 * does an archived sale: the archived figures count invoices, which sums cannot.
 */

/** Seller type, seller id, line type, service or product, payment type, from the app (1), quantity, total, discount, first line. */
export type SumCell = [
  ReportItem['sellerType'],
  string | null,
  ReportItem['type'],
  string,
  PaymentType,
  0 | 1,
  number,
  Cents,
  Cents,
  string,
];
/** From the app, minutes, and the (seller type, seller, service) of the service lines of the appointments summed. */
export type SumMinutes = [0 | 1, number, Array<[ReportItem['sellerType'], string | null, string]>];
/** The tip's master, paid in cash (1), from the app, cents. */
export type SumTip = [string | null, 0 | 1, 0 | 1, Cents];

export interface ReportDaySums {
  /** The salon day, YYYY-MM-DD. */
  date: string;
  cells: SumCell[];
  minutes: SumMinutes[];
  tips: SumTip[];
  /** The invoices kept as rows: those of appointments with an archived invoice, and archived sales. */
  rest: ReportInvoice[];
}

const appFlag = (appointment: ReportAppointment | undefined): 0 | 1 => (appointment?.authorRole === 'CLIENT' ? 1 : 0);

/** A day's paid invoices (those whose report day it is) as sums and the rows kept as rows. */
export function sumsOfDay(
  date: string,
  invoices: readonly ReportInvoice[],
  appointmentOf: (id: string) => ReportAppointment | undefined,
): ReportDaySums {
  const appointmentOfInvoice = (i: ReportInvoice) => (i.appointmentId ? appointmentOf(i.appointmentId) : undefined);
  const archivedAppointments = new Set<string>();
  for (const invoice of invoices) {
    const appointment = appointmentOfInvoice(invoice);
    if (appointment && (invoice.archived || appointment.archived)) archivedAppointments.add(appointment.id);
  }
  const cells = new Map<string, SumCell>();
  const tips = new Map<string, SumTip>();
  const services = new Map<
    string,
    { app: 0 | 1; duration: number; pairs: Map<string, [ReportItem['sellerType'], string | null, string]> }
  >();
  const rest: ReportInvoice[] = [];
  for (const invoice of invoices) {
    if (!invoice.paid) continue;
    const appointment = appointmentOfInvoice(invoice);
    if (invoice.archived || (appointment && archivedAppointments.has(appointment.id))) {
      rest.push(invoice);
      continue;
    }
    const app = appFlag(appointment);
    for (const item of invoice.items) {
      const gross = lineTotal(decimalToCents(item.price), item.quantity);
      const discount = discountCents(gross, item);
      const at = reportLineAt(date, invoice, item);
      const key = `${item.sellerType}|${item.sellerId}|${item.type}|${item.entityId}|${item.paymentType}|${app}`;
      const cell = cells.get(key);
      if (cell) {
        cell[6] += item.quantity;
        cell[7] += gross - discount;
        cell[8] += discount;
        if (at < cell[9]) cell[9] = at;
      } else
        cells.set(key, [
          item.sellerType,
          item.sellerId,
          item.type,
          item.entityId,
          item.paymentType,
          app,
          item.quantity,
          gross - discount,
          discount,
          at,
        ]);
      if (item.type === 'SERVICE' && appointment) {
        const timed = services.get(appointment.id) ?? { app, duration: appointment.duration, pairs: new Map() };
        services.set(appointment.id, timed);
        timed.pairs.set(`${item.sellerType}|${item.sellerId}|${item.entityId}`, [item.sellerType, item.sellerId, item.entityId]);
      }
    }
    const tip = invoice.tip ? decimalToCents(invoice.tip) : 0;
    if (tip > 0) {
      const cash: 0 | 1 = invoice.tipPaymentType === 'CASH' ? 1 : 0;
      const key = `${invoice.tipMasterId ?? ''}|${cash}|${app}`;
      const sum = tips.get(key);
      if (sum) sum[3] += tip;
      else tips.set(key, [invoice.tipMasterId ?? null, cash, app, tip]);
    }
  }
  // Appointments whose service lines are alike are one entry: their minutes count once in each group they reach.
  const minutes = new Map<string, SumMinutes>();
  for (const { app, duration, pairs } of services.values()) {
    const list = [...pairs.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, pair]) => pair);
    const key = `${app}|${JSON.stringify(list)}`;
    const entry = minutes.get(key);
    if (entry) entry[1] += duration;
    else minutes.set(key, [app, duration, list]);
  }
  return { date, cells: [...cells.values()], minutes: [...minutes.values()], tips: [...tips.values()], rest };
}

/**
 * The report of the filter from days' sums, equal to `salonReport` over the same invoices except that the groups hold
 * the rows of the `rest` invoices only (src/domain/rules/report-sums.property.test.ts): the page shows a group's rows
 * from the rows themselves, read when they are needed.
 */
export function reportFromSums(
  days: readonly ReportDaySums[],
  filter: ReportFilter,
  reads: ReportReads,
  memberships: readonly MembershipSaleSource[] = [],
): SalonReport & { dayTotals: Map<string, Cents> } {
  const tally = new ReportTally(filter, reads);
  const shown = days.filter((d) => d.date >= filter.from && d.date <= filter.to);
  const archived = tallyInvoices(
    tally,
    shown.flatMap((d) => d.rest),
    filter,
    reads,
  );
  const dayTotals = new Map<string, Cents>();
  for (const group of tally.result()) for (const row of group.rows) dayTotals.set(row.date, (dayTotals.get(row.date) ?? 0) + row.total);
  const masters = filter.masters ?? [];
  const services = filter.kind !== 'products' && (filter.manufacturers?.length ?? 0) === 0;
  for (const day of shown) {
    for (const [sellerType, sellerId, type, entityId, paymentType, app, quantity, total, discount, first] of day.cells) {
      const line = { sellerType, sellerId, type, entityId, paymentType, quantity, total, discount };
      if ((app && !filter.showAppRecords) || !keepsLine(line, filter, reads)) continue;
      tally.add(line, first);
      dayTotals.set(day.date, (dayTotals.get(day.date) ?? 0) + total);
    }
    for (const [tipMasterId, cash, app, cents] of day.tips) {
      if (app && !filter.showAppRecords) continue;
      tallyTip(tally.tiles.tips, cents, tipMasterId, cash === 1, filter);
    }
    if (!services) continue;
    for (const [app, duration, pairs] of day.minutes) {
      if (app && !filter.showAppRecords) continue;
      const groups = new Set<ReturnType<ReportTally['groupOf']>>();
      for (const [sellerType, sellerId, entityId] of pairs) {
        if (masters.length > 0 && !(sellerType === 'MASTER' && sellerId !== null && masters.includes(sellerId))) continue;
        // The group exists: the cell of the same line created it ('\uffff' never moves a group's first line).
        groups.add(tally.groupOf({ sellerType, sellerId, entityId }, '\uffff'));
      }
      for (const group of groups) tally.addMinutes(group, duration);
    }
  }
  return {
    tiles: tally.tiles,
    groups: tally.result(),
    archived,
    memberships: membershipSales(narrowed(filter) ? [] : memberships, filter, reads.timeZone),
    dayTotals,
  };
}
