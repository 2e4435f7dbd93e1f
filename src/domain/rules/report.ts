import type { AppointmentRow, InvoiceItemRow, InvoiceRow, PaymentType } from '../entities';
import { decimalToCents, discountCents, lineTotal, type Cents } from './money';
import { salonDate } from './time';
import type { OtherReportKind, ReportKind } from './report-kinds';
import { membershipSales, type MembershipSales, type MembershipSaleSource } from './membership-sales';
import { addDays } from './time';

/**
 * The Reports page's figures (part 2 §2 "Reports page", §3 Report, §9), one pure function for the panel's
 * mirror and the server's getReport, so a report opens offline and agrees with the server to the cent.
 *
 * What counts: the items of paid invoices whose day lies in the range (an appointment's invoice on its
 * appointment's day, a sale on the salon day it was made; a paid invoice whose appointment was deleted stays
 * for the books, on the day it was made). Archived ones (an archived appointment or sale) only with
 * `showArchive`; appointments clients booked in the mobile application (author CLIENT) only with
 * `showAppRecords` (decision 038). Amounts are cents; a line is price × quantity less its discount (issue 59 item
 * 5), and the discounts are a figure of their own.
 */
export { OTHER_REPORT_KINDS, REPORT_KINDS, type ReportKind } from './report-kinds';
/** The kinds computed by `salonReport` (commissions, client_rating and missed_visits have their own functions). */
export type SalesReportKind = Exclude<ReportKind, OtherReportKind>;

export interface ReportFilter {
  kind: SalesReportKind;
  /** Salon days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  showArchive: boolean;
  showAppRecords: boolean;
  /** Only the lines these masters sold (part 1 §1 report filters); none chosen keeps every seller. */
  masters?: readonly string[];
  /** Only the products of these manufacturers, so no service line; none chosen keeps every line. */
  manufacturers?: readonly string[];
}

/** An invoice line as the mirror and pull shape it (src/domain/entities.ts). */
export type ReportItem = InvoiceItemRow;

/** What a report reads of an invoice. */
export type ReportInvoice = Pick<InvoiceRow, 'id' | 'appointmentId' | 'type' | 'paid' | 'archived' | 'createdAt'> &
  Partial<Pick<InvoiceRow, 'tip' | 'tipMasterId' | 'tipPaymentType'>> & {
    items: readonly ReportItem[];
  };

/** What a report reads of an appointment: its day (startAt, salon wall time), client, hours and filters. */
export type ReportAppointment = Pick<AppointmentRow, 'id' | 'clientId' | 'serviceId' | 'startAt' | 'duration' | 'archived' | 'authorRole'>;

/** What the report reads besides invoices: appointments by id, a service's group, the salon's time zone. */
export interface ReportReads {
  appointmentOf: (id: string) => ReportAppointment | undefined;
  groupOfService: (serviceId: string) => string | undefined;
  /**
   * A sale names its administrator by user id, an invoice line by the administrator's row (src/db/commands/sales.ts,
   * invoices.ts): the row id of an administrator's user, so one person's sales and lines are one group.
   */
  administratorOfUser?: (userId: string) => string | undefined;
  /** A product's manufacturer, for the manufacturer filter. */
  manufacturerOfProduct?: (productId: string) => string | undefined;
  timeZone: string;
}

/** Revenue split by how it was paid; card is every payment type that is not CASH, GIFT or MEMBERSHIP (§9). */
export interface Revenue {
  total: Cents;
  cash: Cents;
  card: Cents;
  gift: Cents;
  membership: Cents;
}

export interface ReportRow {
  invoiceId: string;
  itemId: string;
  invoiceType: 'APPOINTMENT' | 'CART';
  /** The row's salon day, YYYY-MM-DD. */
  date: string;
  clientId: string | null;
  type: 'SERVICE' | 'PRODUCT';
  entityId: string;
  sellerId: string | null;
  sellerType: ReportItem['sellerType'];
  quantity: number;
  price: Cents;
  /** What the line's discount took off price × quantity. */
  discount: Cents;
  /** Price × quantity less the discount: the revenue. */
  total: Cents;
  paymentType: PaymentType;
  archived: boolean;
}

/** A seller's group (masters, cabinets, administrators), or a service group's in the grouped-by-services view. */
export interface ReportGroup {
  /** `MASTER:<id>`, `CABINET:<id>`, `ADMINISTRATOR:<id>`, `SERVICE_GROUP:<id>`, or `NONE` (no seller). */
  key: string;
  kind: 'MASTER' | 'CABINET' | 'ADMINISTRATOR' | 'SERVICE_GROUP' | 'NONE';
  id: string | null;
  /** Minutes of the appointments whose services the group holds, each appointment once. */
  minutes: number;
  services: number;
  products: number;
  revenue: Revenue;
  rows: ReportRow[];
}

export interface ReportTiles {
  services: Revenue;
  products: Revenue;
  total: Revenue;
  servicesSold: number;
  itemsSold: number;
  /** What discounts took off the lines counted (their revenue is net of it). */
  discounts: Cents;
  /** Tips of the invoices counted (issue 59 item 5): never revenue; cash ones are in the till. */
  tips: Tips;
}

export interface Tips {
  total: Cents;
  cash: Cents;
  card: Cents;
  /** Each tipped master's tips, by master id. */
  byMaster: Record<string, Cents>;
}

/**
 * The archived sales and appointments of the range the filter keeps (issue 59 item 2): their revenue and how many
 * invoices, whether the report counts them (`included`, Show Archive on) or leaves them out, so it can say so.
 */
export interface ArchivedRevenue {
  total: Cents;
  invoices: number;
  included: boolean;
}

export interface SalonReport {
  tiles: ReportTiles;
  groups: ReportGroup[];
  archived: ArchivedRevenue;
  /** Memberships sold in the range: money taken, kept out of Total revenue (src/domain/rules/membership-sales.ts). */
  memberships: MembershipSales;
}

const emptyRevenue = (): Revenue => ({ total: 0, cash: 0, card: 0, gift: 0, membership: 0 });

const PAYMENT_KEY: Record<PaymentType, Exclude<keyof Revenue, 'total'>> = {
  CASH: 'cash',
  GIFT: 'gift',
  MEMBERSHIP: 'membership',
  CC: 'card',
};
/** The tile a payment type adds to: anything but cash, gift card and membership is a card payment (§9). */
export const paymentKey = (type: string): Exclude<keyof Revenue, 'total'> => PAYMENT_KEY[type as PaymentType] ?? 'card';

function add(revenue: Revenue, row: Pick<TallyLine, 'total' | 'paymentType'>): void {
  revenue.total += row.total;
  revenue[paymentKey(row.paymentType)] += row.total;
}

/**
 * The salon day an invoice counts on: its appointment's day while the appointment is there, else the salon day it
 * was made (a sale, or a paid invoice whose appointment was deleted).
 */
export const reportDayOf = (
  invoice: Pick<ReportInvoice, 'createdAt'>,
  appointment: Pick<ReportAppointment, 'startAt'> | undefined,
  timeZone: string,
): string => (appointment ? appointment.startAt.slice(0, 10) : salonDate(new Date(invoice.createdAt), timeZone));

/** The invoice's salon day and client, or null when the filter leaves it out. */
function placeOf(invoice: ReportInvoice, filter: ReportFilter, reads: ReportReads) {
  if (!invoice.paid) return null;
  const appointment = invoice.appointmentId ? reads.appointmentOf(invoice.appointmentId) : undefined;
  const archived = invoice.archived || Boolean(appointment?.archived);
  if (appointment?.authorRole === 'CLIENT' && !filter.showAppRecords) return null;
  const date = reportDayOf(invoice, appointment, reads.timeZone);
  if (date < filter.from || date > filter.to) return null;
  return { date, archived, appointment };
}

const keeps = (kind: SalesReportKind, type: ReportItem['type']): boolean =>
  kind === 'all' || (kind === 'products' ? type === 'PRODUCT' : type === 'SERVICE');

/** Whether the master and manufacturer filters keep a line (none chosen keeps it). */
function chosen(
  item: Pick<ReportItem, 'type' | 'entityId' | 'sellerId' | 'sellerType'>,
  filter: ReportFilter,
  reads: ReportReads,
): boolean {
  const masters = filter.masters ?? [];
  if (masters.length > 0 && !(item.sellerType === 'MASTER' && item.sellerId !== null && masters.includes(item.sellerId))) return false;
  const manufacturers = filter.manufacturers ?? [];
  if (manufacturers.length === 0) return true;
  const manufacturer = item.type === 'PRODUCT' ? reads.manufacturerOfProduct?.(item.entityId) : undefined;
  return manufacturer !== undefined && manufacturers.includes(manufacturer);
}

/** Whether a master or manufacturer is chosen: memberships, sold by the desk for services, are then left out. */
export const narrowed = (filter: Pick<ReportFilter, 'masters' | 'manufacturers'>): boolean =>
  (filter.masters?.length ?? 0) > 0 || (filter.manufacturers?.length ?? 0) > 0;

function groupOf(
  row: Pick<TallyLine, 'entityId' | 'sellerId' | 'sellerType'>,
  kind: SalesReportKind,
  reads: ReportReads,
): Pick<ReportGroup, 'key' | 'kind' | 'id'> {
  if (kind === 'grouped_by_services') {
    const id = reads.groupOfService(row.entityId) ?? null;
    return id ? { key: `SERVICE_GROUP:${id}`, kind: 'SERVICE_GROUP', id } : { key: 'NONE', kind: 'NONE', id: null };
  }
  if (!row.sellerType || !row.sellerId) return { key: 'NONE', kind: 'NONE', id: null };
  const id = row.sellerType === 'ADMINISTRATOR' ? (reads.administratorOfUser?.(row.sellerId) ?? row.sellerId) : row.sellerId;
  return { key: `${row.sellerType}:${id}`, kind: row.sellerType, id };
}

/**
 * An invoice's tip, counted where its services would be: not in a products-only report, not with a manufacturer
 * chosen, and with masters chosen only when it went to one of them.
 */
function addTip(tips: Tips, invoice: Pick<ReportInvoice, 'tip' | 'tipMasterId' | 'tipPaymentType'>, filter: ReportFilter): void {
  tallyTip(tips, invoice.tip ? decimalToCents(invoice.tip) : 0, invoice.tipMasterId ?? null, invoice.tipPaymentType === 'CASH', filter);
}

/** Tips of `cents` to a master (or none), in cash or by card, counted as `addTip` says (also a kept day's sum of alike tips). */
export function tallyTip(tips: Tips, cents: Cents, masterId: string | null, cash: boolean, filter: ReportFilter): void {
  if (cents <= 0 || filter.kind === 'products' || (filter.manufacturers?.length ?? 0) > 0) return;
  const masters = filter.masters ?? [];
  if (masters.length > 0 && !(masterId && masters.includes(masterId))) return;
  tips.total += cents;
  if (cash) tips.cash += cents;
  else tips.card += cents;
  if (masterId) tips.byMaster[masterId] = (tips.byMaster[masterId] ?? 0) + cents;
}

/** A line's discount and what it comes to after it. */
function netOf(item: ReportItem): { discount: Cents; total: Cents } {
  const gross = lineTotal(decimalToCents(item.price), item.quantity);
  const discount = discountCents(gross, item);
  return { discount, total: gross - discount };
}

/** A line's figures as the tally adds them: one invoice line, or the sum of a day's lines alike (report-sums.ts). */
export interface TallyLine {
  type: ReportItem['type'];
  entityId: string;
  sellerId: string | null;
  sellerType: ReportItem['sellerType'];
  quantity: number;
  total: Cents;
  discount: Cents;
  paymentType: PaymentType;
}

/**
 * The report's figures added up line by line: the tiles, and the groups in the order of their first line (`at`, the
 * day, then as the invoices were made, then invoice and item id). `salonReport` adds invoice lines with their rows;
 * the kept days' sums add whole cells of lines and the minutes of their appointments (src/domain/rules/report-sums.ts).
 */
export class ReportTally {
  readonly tiles: ReportTiles = {
    services: emptyRevenue(),
    products: emptyRevenue(),
    total: emptyRevenue(),
    servicesSold: 0,
    itemsSold: 0,
    discounts: 0,
    tips: { total: 0, cash: 0, card: 0, byMaster: {} },
  };
  private readonly groups = new Map<string, ReportGroup & { first: string }>();
  private readonly timed = new Map<string, Set<string>>();

  constructor(
    private readonly filter: ReportFilter,
    private readonly reads: ReportReads,
  ) {}

  /** The group a line goes to, created at its first line. */
  groupOf(line: Pick<TallyLine, 'entityId' | 'sellerId' | 'sellerType'>, at: string): ReportGroup {
    const where = groupOf(line, this.filter.kind, this.reads);
    let group = this.groups.get(where.key);
    if (!group)
      this.groups.set(
        where.key,
        (group = { ...where, minutes: 0, services: 0, products: 0, revenue: emptyRevenue(), rows: [], first: at }),
      );
    else if (at < group.first) group.first = at;
    return group;
  }

  /** Adds a line (or a cell of lines) to its group and the tiles; returns the group. */
  add(line: TallyLine, at: string): ReportGroup {
    const group = this.groupOf(line, at);
    add(group.revenue, line);
    add(line.type === 'SERVICE' ? this.tiles.services : this.tiles.products, line);
    add(this.tiles.total, line);
    this.tiles.discounts += line.discount;
    if (line.type === 'SERVICE') {
      group.services += line.quantity;
      this.tiles.servicesSold += line.quantity;
    } else {
      group.products += line.quantity;
      this.tiles.itemsSold += line.quantity;
    }
    return group;
  }

  /** Counts an appointment's minutes in a group once, however many of its lines the group holds. */
  time(group: ReportGroup, appointment: Pick<ReportAppointment, 'id' | 'duration'>): void {
    const seen = this.timed.get(group.key) ?? new Set<string>();
    this.timed.set(group.key, seen);
    if (seen.has(appointment.id)) return;
    seen.add(appointment.id);
    group.minutes += appointment.duration;
  }

  /** Adds minutes to a group's hours as they are (a kept day's appointments, already counted once per group). */
  addMinutes(group: ReportGroup, minutes: number): void {
    group.minutes += minutes;
  }

  /** The groups in the order of their first line. */
  result(): ReportGroup[] {
    return [...this.groups.values()]
      .sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0))
      .map(({ first: _first, ...group }) => group);
  }
}

/** Whether the filter keeps a line of this kind, seller and entity (report kind, masters, manufacturers). */
export const keepsLine = (
  item: Pick<ReportItem, 'type' | 'entityId' | 'sellerId' | 'sellerType'>,
  filter: ReportFilter,
  reads: ReportReads,
) => keeps(filter.kind, item.type) && chosen(item, filter, reads);

/**
 * The report of a kind over a range: rows grouped by seller (or by service group for grouped_by_services),
 * each group with its hours, counts and revenue, and the tiles over every row shown. Groups come in the order
 * of their first row; rows by day, then as the invoices were made (then by invoice and item id, so both sides agree).
 */
export function salonReport(
  invoices: readonly ReportInvoice[],
  filter: ReportFilter,
  reads: ReportReads,
  memberships: readonly MembershipSaleSource[] = [],
): SalonReport {
  const tally = new ReportTally(filter, reads);
  const archived = tallyInvoices(tally, invoices, filter, reads);
  return {
    tiles: tally.tiles,
    groups: tally.result(),
    archived,
    memberships: membershipSales(narrowed(filter) ? [] : memberships, filter, reads.timeZone),
  };
}

/** Adds the invoices' lines, with their rows, to the tally; returns the archived revenue the filter keeps. */
export function tallyInvoices(
  tally: ReportTally,
  invoices: readonly ReportInvoice[],
  filter: ReportFilter,
  reads: ReportReads,
): ArchivedRevenue {
  const rows: Array<ReportRow & { at: string; appointment?: ReportAppointment }> = [];
  const archived: ArchivedRevenue = { total: 0, invoices: 0, included: filter.showArchive };
  for (const invoice of invoices) {
    const place = placeOf(invoice, filter, reads);
    if (!place) continue;
    const lines = invoice.items.filter((item) => keeps(filter.kind, item.type) && chosen(item, filter, reads));
    if (place.archived && lines.length > 0) {
      archived.invoices += 1;
      for (const item of lines) archived.total += netOf(item).total;
    }
    if (place.archived && !filter.showArchive) continue;
    addTip(tally.tiles.tips, invoice, filter);
    for (const item of lines) {
      const price = decimalToCents(item.price);
      const { discount, total } = netOf(item);
      rows.push({
        invoiceId: invoice.id,
        itemId: item.id,
        invoiceType: invoice.type,
        date: place.date,
        clientId: place.appointment?.clientId ?? null,
        type: item.type,
        entityId: item.entityId,
        sellerId: item.sellerId,
        sellerType: item.sellerType,
        quantity: item.quantity,
        price,
        discount,
        total,
        paymentType: item.paymentType,
        archived: place.archived,
        at: reportLineAt(place.date, invoice, item),
        appointment: place.appointment,
      });
    }
  }
  rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const { at, appointment, ...row } of rows) {
    const group = tally.add(row, at);
    group.rows.push(row);
    if (row.type === 'SERVICE' && appointment) tally.time(group, appointment);
  }
  return archived;
}

/** A line's place in the report's order: its day, when its invoice was made, the invoice's and the line's ids. */
export const reportLineAt = (date: string, invoice: Pick<ReportInvoice, 'createdAt' | 'id'>, item: Pick<ReportItem, 'id'>): string =>
  `${date} ${invoice.createdAt} ${invoice.id} ${item.id}`;

export interface RatingClient {
  id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

export interface RatingEntry extends RatingClient {
  totalVisits: number;
  /** YYYY-MM-DD HH:mm, salon time. */
  firstVisit: string;
  lastVisit: string;
}

/**
 * Client rating (part 2 §2, §3 Client rating entry; getClientRating): each client with at least one visit —
 * an appointment of theirs that has started by `now` (salon wall time) — with the count and the first and
 * last; most visits first, then the latest visit, then the name.
 */
export function clientRating(
  clients: readonly RatingClient[],
  appointments: readonly Pick<ReportAppointment, 'clientId' | 'startAt'>[],
  now: string,
): RatingEntry[] {
  const visits = new Map<string, { count: number; first: string; last: string }>();
  for (const a of appointments) {
    if (!a.clientId || a.startAt > now) continue;
    const v = visits.get(a.clientId);
    if (!v) visits.set(a.clientId, { count: 1, first: a.startAt, last: a.startAt });
    else {
      v.count += 1;
      if (a.startAt < v.first) v.first = a.startAt;
      if (a.startAt > v.last) v.last = a.startAt;
    }
  }
  const entries: RatingEntry[] = [];
  for (const client of clients) {
    const v = visits.get(client.id);
    if (v) entries.push({ ...client, totalVisits: v.count, firstVisit: v.first, lastVisit: v.last });
  }
  const name = (e: RatingEntry) => `${e.lastName} ${e.firstName}`;
  return entries.sort(
    (a, b) =>
      b.totalVisits - a.totalVisits ||
      (a.lastVisit < b.lastVisit ? 1 : a.lastVisit > b.lastVisit ? -1 : 0) ||
      name(a).localeCompare(name(b)),
  );
}

/** Revenue of each salon day from `from` to `to` (both included, zero on days without sales): the chart's series. */
export function revenueByDay(groups: readonly ReportGroup[], from: string, to: string): Array<{ date: string; total: Cents }> {
  const totals = new Map<string, Cents>();
  for (const g of groups) for (const r of g.rows) totals.set(r.date, (totals.get(r.date) ?? 0) + r.total);
  return chartDays(totals, from, to);
}

/** Each salon day from `from` to `to` with its revenue in `totals` (zero where it has none). */
export function chartDays(totals: ReadonlyMap<string, Cents>, from: string, to: string): Array<{ date: string; total: Cents }> {
  const days: Array<{ date: string; total: Cents }> = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push({ date, total: totals.get(date) ?? 0 });
  return days;
}
