import Dexie, { type DBCore, type DBCoreMutateRequest, type DBCoreMutateResponse, type DBCoreTable, type DBCoreTransaction } from 'dexie';
import type { ReportAppointment, ReportInvoice, ReportItem } from '../domain/rules/report';
import { sumsOfDay, type ReportDaySums } from '../domain/rules/report-sums';
import { addDays } from '../domain/rules/time';

/*
 * The report's days (decision 040): per salon day, the paid invoices that count on it (src/domain/rules/report.ts
 * reportDayOf) with their appointments, as one JSON string, so a month's report reads about 31 records instead
 * of some 25 000 rows. A day's record is a copy: this middleware deletes it in the same transaction as any write
 * to an appointment or invoice that may change it, on every write path (pull, commands, re-base, reset), and
 * src/db/queries/report-days.ts builds the missing days again from the rows. Everything the report reads is in the
 * copy: a field it starts to read must be added here (discounts and tips were, issue 59 item 5).
 */
export const REPORT_DAYS = 'reportDays';
/** The performance measure of one chunk of days built from the rows (src/db/queries/report-days.ts). */
export const REPORT_DAYS_BUILD_SPAN = 'report.days.build';
/** The mark of one report's read of its days, with how many were kept and how many read from the rows (detail). */
export const REPORT_DAYS_READ_MARK = 'report.days.read';

export interface ReportDayRecord {
  /** `${salonId}|${day}`: a salon's days are one key range. */
  key: string;
  /** The salon's time zone the day was built with (a sale's day depends on it). */
  timeZone: string | null;
  /** JSON of ReportDayContent. */
  data: string;
  /** JSON of the day's sums (src/domain/rules/report-sums.ts): what the Report paints from; absent in older copies. */
  sums?: string;
}

/** A day's sums with the appointments of the invoices it keeps as rows (the report reads their day and hours). */
export interface ReportDaySumsContent {
  sums: ReportDaySums;
  appointments: ReportAppointment[];
}

export interface ReportDayContent {
  invoices: ReportInvoice[];
  appointments: ReportAppointment[];
}

export const reportDayKey = (salonId: string, day: string): string => `${salonId}|${day}`;

/** A discounted line adds its discount's kind and value (issue 59 item 5); a line without one ends at its payment type. */
type ItemTuple =
  | [string, ReportItem['type'], string, string | null, ReportItem['sellerType'], number, string, ReportItem['paymentType']]
  | [
      string,
      ReportItem['type'],
      string,
      string | null,
      ReportItem['sellerType'],
      number,
      string,
      ReportItem['paymentType'],
      NonNullable<ReportItem['discountType']>,
      string,
    ];
/** An invoice with a tip adds the tip, its master and its payment type. */
type InvoiceTuple =
  | [string, string | null, ReportInvoice['type'], 0 | 1, string, ItemTuple[]]
  | [string, string | null, ReportInvoice['type'], 0 | 1, string, ItemTuple[], string, string | null, ReportInvoice['tipPaymentType']];

const hasTip = (i: ReportInvoice): boolean => Boolean(i.tip && i.tip !== '0.00');
type AppointmentTuple = [string, string | null, string, string, number, 0 | 1, ReportAppointment['authorRole']];

/** A day as tuples of what the report reads (the report counts paid invoices only): about half the JSON of objects. */
export function encodeReportDay(content: ReportDayContent): string {
  const invoices = content.invoices.map((i): InvoiceTuple => {
    const items = i.items.map((t): ItemTuple =>
      t.discountType && t.discount
        ? [t.id, t.type, t.entityId, t.sellerId, t.sellerType, t.quantity, t.price, t.paymentType, t.discountType, t.discount]
        : [t.id, t.type, t.entityId, t.sellerId, t.sellerType, t.quantity, t.price, t.paymentType],
    );
    const head = [i.id, i.appointmentId, i.type, i.archived ? 1 : 0, i.createdAt, items] as const;
    return hasTip(i) ? [...head, i.tip as string, i.tipMasterId ?? null, i.tipPaymentType ?? null] : [...head];
  });
  const appointments = content.appointments.map((a): AppointmentTuple => [
    a.id,
    a.clientId,
    a.serviceId,
    a.startAt,
    a.duration,
    a.archived ? 1 : 0,
    a.authorRole,
  ]);
  return JSON.stringify([invoices, appointments]);
}

export function decodeReportDay(data: string): ReportDayContent {
  const [invoices, appointments] = JSON.parse(data) as [InvoiceTuple[], AppointmentTuple[]];
  return {
    invoices: invoices.map(([id, appointmentId, type, archived, createdAt, items, tip, tipMasterId, tipPaymentType]) => ({
      id,
      appointmentId,
      type,
      paid: true,
      archived: archived === 1,
      createdAt,
      ...(tip ? { tip, tipMasterId, tipPaymentType } : {}),
      items: items.map(([itemId, itemType, entityId, sellerId, sellerType, quantity, price, paymentType, discountType, discount]) => ({
        id: itemId,
        type: itemType,
        entityId,
        sellerId,
        sellerType,
        quantity,
        price,
        paymentType,
        ...(discountType ? { discountType, discount } : {}),
      })),
    })),
    appointments: appointments.map(([id, clientId, serviceId, startAt, duration, archived, authorRole]) => ({
      id,
      clientId,
      serviceId,
      startAt,
      duration,
      archived: archived === 1,
      authorRole,
    })),
  };
}

/** A day's content as sums, with the invoices kept as rows and their appointments. */
export function daySums(day: string, content: ReportDayContent): ReportDaySumsContent {
  const appointments = new Map(content.appointments.map((a) => [a.id, a]));
  const sums = sumsOfDay(day, content.invoices, (id) => appointments.get(id));
  const used = new Set(sums.rest.flatMap((i) => (i.appointmentId ? [i.appointmentId] : [])));
  return { sums, appointments: content.appointments.filter((a) => used.has(a.id)) };
}

export function encodeReportSums({ sums, appointments }: ReportDaySumsContent): string {
  return JSON.stringify([sums.date, sums.cells, sums.minutes, sums.tips, encodeReportDay({ invoices: sums.rest, appointments })]);
}

export function decodeReportSums(data: string): ReportDaySumsContent {
  const [date, cells, minutes, tips, rest] = JSON.parse(data) as [
    string,
    ReportDaySums['cells'],
    ReportDaySums['minutes'],
    ReportDaySums['tips'],
    string,
  ];
  const { invoices, appointments } = decodeReportDay(rest);
  return { sums: { date, cells, minutes, tips, rest: invoices }, appointments };
}

/** Every salon day an instant may fall on, whatever the salon's zone (UTC−12 to UTC+14): its UTC date and the two beside it. */
const daysAround = (instant: string): string[] => {
  const day = instant.slice(0, 10);
  return [addDays(day, -1), day, addDays(day, 1)];
};

interface Row {
  id: string;
  salonId: string;
  startAt?: string;
  appointmentId?: string | null;
  createdAt?: string;
}

/*
 * The functions below chain the DBCore promises with `then` rather than `await`: those are Dexie's promises, which
 * carry the transaction's zone that the layers underneath read; a native await would lose it.
 */

/** The day records of rows of `name` (appointments or invoices), some of whose appointments are `appointments`. */
function daysOfRows(name: string, rows: Row[], appointments: Map<string, Row>, keys: Set<string>): void {
  for (const row of rows) {
    const appointment = name === 'appointments' ? row : row.appointmentId ? appointments.get(row.appointmentId) : undefined;
    if (appointment) keys.add(reportDayKey(row.salonId, (appointment.startAt ?? '').slice(0, 10)));
    else for (const day of daysAround(row.createdAt ?? '')) keys.add(reportDayKey(row.salonId, day));
  }
}

/** The day records a write to `name` may change: those of the rows before and after it. */
function staleKeys(down: DBCore, name: string, req: Exclude<DBCoreMutateRequest, { type: 'deleteRange' }>): PromiseLike<Set<string>> {
  const { trans } = req;
  const ids: string[] = req.type === 'delete' ? req.keys : req.values.map((v: Row) => v.id);
  const keys = new Set<string>();
  return down
    .table(name)
    .getMany({ trans, keys: ids })
    .then((found: Array<Row | undefined>) => {
      const before = found.filter((r): r is Row => r !== undefined);
      const rows = [...before, ...(req.type === 'delete' ? [] : (req.values as Row[]))];
      if (name === 'appointments') {
        daysOfRows(name, rows, new Map(), keys);
        // An appointment that comes or goes moves its invoices between its day and the days they were made.
        const invoices = down.table('invoices');
        const index = invoices.schema.getIndexByKeyPath('appointmentId');
        const cameOrWent = index ? ids.filter((_, i) => req.type === 'delete' || !found[i]) : [];
        const query = (appointmentId: string) =>
          invoices.query({ trans, values: true, query: { index: index!, range: { type: 1, lower: appointmentId, upper: appointmentId } } });
        return Dexie.Promise.all(cameOrWent.map(query)).then((answers) => {
          daysOfRows(
            'invoices',
            answers.flatMap((a) => a.result as Row[]),
            new Map(),
            keys,
          );
          return keys;
        });
      }
      const appointmentIds = [...new Set(rows.flatMap((r) => (r.appointmentId ? [r.appointmentId] : [])))];
      return down
        .table('appointments')
        .getMany({ trans, keys: appointmentIds })
        .then((appointments: Array<Row | undefined>) => {
          daysOfRows(name, rows, new Map(appointments.flatMap((a) => (a ? [[a.id, a] as const] : []))), keys);
          return keys;
        });
    });
}

const EVERYTHING = { type: 2, lower: '', upper: '\uffff' } as const;

/** Deletes the day records a write may change, in the write's own transaction, before the write. */
function forget(down: DBCore, days: DBCoreTable, name: string, req: DBCoreMutateRequest): PromiseLike<unknown> {
  const { trans } = req;
  return days.count({ trans, query: { index: days.schema.primaryKey, range: EVERYTHING } }).then((count) => {
    if (count === 0) return undefined;
    if (req.type === 'deleteRange') return days.mutate({ trans, type: 'deleteRange', range: EVERYTHING });
    return staleKeys(down, name, req).then((keys) => (keys.size > 0 ? days.mutate({ trans, type: 'delete', keys: [...keys] }) : undefined));
  });
}

/**
 * Keeps the report's days true (call before the database's first use): every read-write transaction that may
 * write appointments or invoices also holds the other of the two and the day records, and each such write first
 * deletes the days it may change. Nothing is read when no day has been built yet (a first sync pays nothing).
 */
export function keepReportDaysTrue(db: Dexie): void {
  db.use({
    stack: 'dbcore',
    name: 'ReportDays',
    create(down: DBCore): DBCore {
      // An upgrade runs on the older schema first: without the day records there is nothing to keep.
      if (!down.schema.tables.some((t) => t.name === REPORT_DAYS)) return down;
      const days = down.table(REPORT_DAYS);
      const watched = (name: string) => name === 'appointments' || name === 'invoices';
      return {
        ...down,
        transaction(stores, mode, options) {
          // The write reads the other watched table and deletes days: its transaction holds all three.
          const widen = mode === 'readwrite' && stores.some(watched);
          const scope = widen ? [...new Set([...stores, 'appointments', 'invoices', REPORT_DAYS])] : stores;
          return down.transaction(scope, mode, options) as DBCoreTransaction;
        },
        table(name) {
          const table = down.table(name);
          if (!watched(name)) return table;
          return {
            ...table,
            mutate(req) {
              return forget(down, days, name, req).then(() => table.mutate(req)) as Promise<DBCoreMutateResponse>;
            },
          };
        },
      };
    },
  });
}
