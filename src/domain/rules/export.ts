import type {
  AdministratorRow,
  AppointmentRow,
  CabinetRow,
  ClientRow,
  InvoiceRow,
  ManufacturerRow,
  MasterRow,
  ProductRow,
  ServiceGroupRow,
  ServiceRow,
} from '../entities';
import type { MessageId } from '../../i18n/messages/message-id';
import { decimalToCents, lineNet, type Cents } from './money';
import { nameIn } from './names';
import { reportDayOf } from './report';
import { formatMinutes, type TimeFormat } from './settings';
import { minutesOfDay } from './time';

/**
 * The owner's export of the salon (issue 58 item 4), from the mirror, so it works offline: one table per file, in
 * the user's language. A cell is text, a number, money in cents or a salon date 'YYYY-MM-DD' (its column says
 * which); the writers (src/ui/export/export-files.ts) give each its CSV or XLSX form. Appointments, invoices and
 * their lines are those of a range of salon days (an invoice's day is the Report's: its appointment's, else the day
 * it was made); the rest is the whole list.
 */
export const EXPORT_FILES = ['clients', 'appointments', 'invoices', 'invoiceLines', 'services', 'products'] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];
export const isRanged = (file: ExportFile): boolean => file === 'appointments' || file === 'invoices' || file === 'invoiceLines';

export type ColumnKind = 'text' | 'number' | 'money' | 'date';
export interface ExportColumn {
  title: MessageId;
  kind: ColumnKind;
}
export type ExportCell = string | number | null;
export interface ExportTable {
  file: ExportFile;
  columns: ExportColumn[];
  rows: ExportCell[][];
}

export interface ExportSource {
  language: string;
  timeZone: string;
  timeFormat: TimeFormat;
  /** Salon days 'YYYY-MM-DD' of the ranged files, both included; null: every day. */
  range: { from: string; to: string } | null;
  masters: readonly MasterRow[];
  administrators: readonly AdministratorRow[];
  cabinets: readonly CabinetRow[];
  serviceGroups: readonly ServiceGroupRow[];
  services: readonly ServiceRow[];
  clients: readonly ClientRow[];
  /** The range's appointments, and those of the range's invoices. */
  appointments: readonly AppointmentRow[];
  invoices: readonly InvoiceRow[];
  manufacturers: readonly ManufacturerRow[];
  products: readonly ProductRow[];
}

type Say = (id: MessageId) => string;

const col = (title: MessageId, kind: ColumnKind = 'text'): ExportColumn => ({ title, kind });
const person = (p: { firstName: string; lastName: string } | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : '');
const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
const cents = (decimal: string): Cents => decimalToCents(decimal);
const inRange = (day: string, range: ExportSource['range']) => !range || (day >= range.from && day <= range.to);

function clientsTable(s: ExportSource, say: Say): ExportTable {
  const yesNo = (v: boolean) => say(v ? 'common.yes' : 'common.no');
  const gender = (g: ClientRow['gender']) => (g === 'MALE' ? say('client.gender.male') : g === 'FEMALE' ? say('client.gender.female') : '');
  const rows = [...s.clients]
    .sort((a, b) => a.lastName.localeCompare(b.lastName, s.language) || a.firstName.localeCompare(b.firstName, s.language))
    .map((c) => [
      c.firstName,
      c.lastName,
      c.phone ?? '',
      c.email ?? '',
      c.birthday,
      gender(c.gender),
      c.notes,
      yesNo(c.blockedAt !== null),
    ]);
  const columns = [
    col('export.col.firstName'),
    col('export.col.lastName'),
    col('export.col.phone'),
    col('export.col.email'),
    col('export.col.birthday', 'date'),
    col('export.col.gender'),
    col('export.col.notes'),
    col('export.col.blocked'),
  ];
  return { file: 'clients', columns, rows };
}

function appointmentsTable(s: ExportSource, say: Say): ExportTable {
  const [masters, services, clients, cabinets] = [byId(s.masters), byId(s.services), byId(s.clients), byId(s.cabinets)];
  const time = (wall: string) => formatMinutes(minutesOfDay(wall), s.timeFormat);
  const status = (a: AppointmentRow) =>
    a.outcome === 'LATE_CANCEL'
      ? say('export.status.lateCancel')
      : a.outcome === 'NO_SHOW'
        ? say('export.status.noShow')
        : a.archived
          ? say('export.status.archived')
          : '';
  const rows = s.appointments
    .filter((a) => inRange(a.startAt.slice(0, 10), s.range))
    .sort((a, b) => a.startAt.localeCompare(b.startAt) || a.id.localeCompare(b.id))
    .map((a) => {
      const client = a.clientId ? clients.get(a.clientId) : undefined;
      return [
        a.startAt.slice(0, 10),
        time(a.startAt),
        time(a.endAt),
        a.duration,
        person(a.masterId ? masters.get(a.masterId) : undefined),
        nameIn(services.get(a.serviceId)?.nameVariants, s.language),
        person(client),
        client?.phone ?? '',
        a.cabinetId ? nameIn(cabinets.get(a.cabinetId)?.nameVariants, s.language) : '',
        a.notes,
        say(`appointment.author.${a.authorRole}`),
        status(a),
      ];
    });
  const columns = [
    col('export.col.date', 'date'),
    col('export.col.start'),
    col('export.col.end'),
    col('export.col.duration', 'number'),
    col('export.col.master'),
    col('export.col.service'),
    col('export.col.client'),
    col('export.col.phone'),
    col('export.col.cabinet'),
    col('export.col.notes'),
    col('export.col.author'),
    col('export.col.status'),
  ];
  return { file: 'appointments', columns, rows };
}

/** The range's invoices with their salon day, by day; drafts too (their Paid column says so). */
function rangeInvoices(s: ExportSource) {
  const appointments = byId(s.appointments);
  return s.invoices
    .map((invoice) => {
      const appointment = invoice.appointmentId ? appointments.get(invoice.appointmentId) : undefined;
      return { invoice, appointment, day: reportDayOf(invoice, appointment, s.timeZone) };
    })
    .filter((i) => inRange(i.day, s.range))
    .sort((a, b) => a.day.localeCompare(b.day) || a.invoice.createdAt.localeCompare(b.invoice.createdAt));
}

function invoicesTable(s: ExportSource, say: Say): ExportTable {
  const [clients, administrators] = [byId(s.clients), byId(s.administrators)];
  const yesNo = (v: boolean) => say(v ? 'common.yes' : 'common.no');
  const rows = rangeInvoices(s).map(({ invoice, appointment, day }) => [
    invoice.id,
    day,
    say(invoice.type === 'CART' ? 'export.invoice.sale' : 'export.invoice.appointment'),
    person(appointment?.clientId ? clients.get(appointment.clientId) : undefined),
    person(invoice.administratorId ? administrators.get(invoice.administratorId) : undefined),
    yesNo(invoice.paid),
    yesNo(invoice.archived),
    cents(invoice.totalPrice),
  ]);
  const columns = [
    col('export.col.invoice'),
    col('export.col.date', 'date'),
    col('export.col.kind'),
    col('export.col.client'),
    col('export.col.administrator'),
    col('export.col.paid'),
    col('export.col.archived'),
    col('export.col.total', 'money'),
  ];
  return { file: 'invoices', columns, rows };
}

function invoiceLinesTable(s: ExportSource, say: Say): ExportTable {
  const [services, products, masters, cabinets, administrators] = [
    byId(s.services),
    byId(s.products),
    byId(s.masters),
    byId(s.cabinets),
    byId(s.administrators),
  ];
  const seller = (type: string | null, id: string | null) => {
    if (!id) return '';
    if (type === 'CABINET') return nameIn(cabinets.get(id)?.nameVariants, s.language);
    return person(type === 'ADMINISTRATOR' ? administrators.get(id) : masters.get(id));
  };
  const rows = rangeInvoices(s).flatMap(({ invoice, day }) =>
    invoice.items.map((item) => [
      invoice.id,
      day,
      say(`invoice.type.${item.type}`),
      item.type === 'SERVICE' ? nameIn(services.get(item.entityId)?.nameVariants, s.language) : (products.get(item.entityId)?.name ?? ''),
      seller(item.sellerType, item.sellerId),
      item.quantity,
      cents(item.price),
      lineNet(cents(item.price), item.quantity, item),
      say(`payment.${item.paymentType}`),
    ]),
  );
  const columns = [
    col('export.col.invoice'),
    col('export.col.date', 'date'),
    col('export.col.kind'),
    col('export.col.item'),
    col('export.col.seller'),
    col('export.col.quantity', 'number'),
    col('export.col.price', 'money'),
    col('export.col.total', 'money'),
    col('export.col.payment'),
  ];
  return { file: 'invoiceLines', columns, rows };
}

function servicesTable(s: ExportSource): ExportTable {
  const groups = byId(s.serviceGroups);
  const rows = [...s.services]
    .map((v) => ({ v, group: groups.get(v.groupId) }))
    .sort((a, b) => (a.group?.position ?? 0) - (b.group?.position ?? 0) || a.v.duration - b.v.duration || a.v.id.localeCompare(b.v.id))
    .map(({ v, group }) => [nameIn(group?.nameVariants, s.language), nameIn(v.nameVariants, s.language), v.duration, cents(v.price)]);
  const columns = [
    col('export.col.group'),
    col('export.col.service'),
    col('export.col.duration', 'number'),
    col('export.col.price', 'money'),
  ];
  return { file: 'services', columns, rows };
}

function productsTable(s: ExportSource, say: Say): ExportTable {
  const makers = byId(s.manufacturers);
  const rows = [...s.products]
    .sort((a, b) => a.name.localeCompare(b.name, s.language) || a.id.localeCompare(b.id))
    .map((p) => [
      p.name,
      p.code,
      p.manufacturerId ? (makers.get(p.manufacturerId)?.name ?? '') : '',
      say(`product.type.${p.type}`),
      cents(p.price),
      p.supplierPrice === null ? null : cents(p.supplierPrice),
      p.quantity,
    ]);
  const columns = [
    col('export.col.product'),
    col('export.col.code'),
    col('export.col.manufacturer'),
    col('export.col.kind'),
    col('export.col.price', 'money'),
    col('export.col.supplierPrice', 'money'),
    col('export.col.stock', 'number'),
  ];
  return { file: 'products', columns, rows };
}

/** One file's table. */
export function exportTable(file: ExportFile, source: ExportSource, say: Say): ExportTable {
  switch (file) {
    case 'clients':
      return clientsTable(source, say);
    case 'appointments':
      return appointmentsTable(source, say);
    case 'invoices':
      return invoicesTable(source, say);
    case 'invoiceLines':
      return invoiceLinesTable(source, say);
    case 'services':
      return servicesTable(source);
    case 'products':
      return productsTable(source, say);
  }
}
