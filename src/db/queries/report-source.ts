import type { AppointmentRow, InvoiceRow } from '../../domain/entities';
import { addDays, daysFromTo } from '../../domain/rules/time';
import type { SalonDb } from '../salon-db';
import { appointmentsOfDays } from './appointments';
import { salonInvoicesOfAppointments } from './invoices';

/*
 * What a report reads of the mirror (src/domain/rules/report.ts): the appointments of its days with their
 * invoices, and the invoices made in those days (sales, and paid invoices whose appointment was deleted), by
 * the [salonId+createdAt] index; the report function then places each by the salon's day.
 */

export interface ReportSource {
  appointments: AppointmentRow[];
  invoices: InvoiceRow[];
}

/**
 * The invoices made from..to (salon days, 'YYYY-MM-DD') as instants, a day wider on each side so every time
 * zone's day is inside; the report keeps those whose salon day is in range.
 */
export function invoicesMadeBetween(db: SalonDb, salonId: string, from: string, to: string): Promise<InvoiceRow[]> {
  const lower = `${addDays(from, -1)}T00:00:00.000Z`;
  const upper = `${addDays(to, 1)}T23:59:59.999Z`;
  return db.mirror('invoices').where('[salonId+createdAt]').between([salonId, lower], [salonId, upper], true, true).toArray();
}

/**
 * How far around the range invoices are read by when they were made. An appointment's invoice is mostly made on
 * its day, so one range read finds almost all of them; only the appointments whose invoice lies further (or that
 * have none) are looked up on the appointmentId index, one by one while they are few (salonInvoicesOfAppointments).
 */
const MADE_AROUND_DAYS = 45;

/** The appointments of the days and every invoice the report may count for them, each invoice once. */
export async function reportSource(db: SalonDb, salonId: string, from: string, to: string): Promise<ReportSource> {
  // A short range reads a window as wide as itself: a few days need not read three months of invoices.
  const around = Math.min(MADE_AROUND_DAYS, daysFromTo(from, to));
  const [ofDays, madeAround] = await Promise.all([
    appointmentsOfDays(db, salonId, from, to),
    invoicesMadeBetween(db, salonId, addDays(from, -around), addDays(to, around)),
  ]);
  const known = new Set(ofDays.map((a) => a.id));
  // Sales and invoices of deleted appointments count on the day they were made: those made in the range's days.
  const [lower, upper] = [`${addDays(from, -1)}T00:00:00.000Z`, `${addDays(to, 1)}T23:59:59.999Z`];
  const invoices = new Map<string, InvoiceRow>();
  const invoiced = new Set<string>();
  for (const i of madeAround) {
    if (i.appointmentId) invoiced.add(i.appointmentId);
    if ((i.appointmentId && known.has(i.appointmentId)) || (i.createdAt >= lower && i.createdAt <= upper)) invoices.set(i.id, i);
  }
  const rest = ofDays.flatMap((a) => (invoiced.has(a.id) ? [] : [a.id]));
  for (const i of await salonInvoicesOfAppointments(db, salonId, rest)) invoices.set(i.id, i);
  // An invoice made in range for an appointment of another day: its appointment decides its day.
  const others = [...invoices.values()].flatMap((i) => (i.appointmentId && !known.has(i.appointmentId) ? [i.appointmentId] : []));
  const more = others.length > 0 ? await db.mirror('appointments').bulkGet(others) : [];
  return { appointments: [...ofDays, ...more.filter((a): a is AppointmentRow => a !== undefined)], invoices: [...invoices.values()] };
}
