import type { AppointmentOutcome } from '../entities';
import { outcomeCounts } from './outcomes';
/**
 * A client's statistics (part 1 §3 Stats: totalAppointments, failedAppointments, successAppointments,
 * lastAppointment), one rule for the panel's mirror and the server's getClientStats (decision 028).
 *
 * - total: every live appointment of the client, archived or not, past or coming;
 * - successful: those whose invoice is paid;
 * - failed: those not paid whose start has passed — so paying one turns one failed into one successful
 *   (part 1 §4); an unpaid appointment still to come is neither;
 * - last appointment: the latest that has started, with its invoice total (null when it has none);
 * - no-shows and late cancellations (decision 079): a late cancellation is none of the above.
 */
export interface StatsAppointment {
  id: string;
  serviceId: string;
  /** YYYY-MM-DD HH:mm, salon time. */
  startAt: string;
  notes: string;
  outcome?: AppointmentOutcome | null;
}

export interface StatsInvoice {
  appointmentId: string | null;
  paid: boolean;
  /** Decimal string, e.g. '12.50'. */
  totalPrice: string;
}

export interface ClientStats {
  totalAppointments: number;
  failedAppointments: number;
  successAppointments: number;
  lastAppointment: (StatsAppointment & { invoiceTotal: string | null }) | null;
  noShows: number;
  lateCancels: number;
}

/** `now` is the salon's wall time, YYYY-MM-DD HH:mm. */
export function clientStats(all: readonly StatsAppointment[], invoices: readonly StatsInvoice[], now: string): ClientStats {
  const appointments = all.filter((a) => a.outcome !== 'LATE_CANCEL');
  const invoiceOf = new Map(invoices.flatMap((i) => (i.appointmentId ? [[i.appointmentId, i] as const] : [])));
  let failed = 0;
  let success = 0;
  let last: StatsAppointment | null = null;
  for (const a of appointments) {
    const started = a.startAt <= now;
    if (invoiceOf.get(a.id)?.paid) success++;
    else if (started) failed++;
    if (started && (!last || a.startAt > last.startAt || (a.startAt === last.startAt && a.id > last.id))) last = a;
  }
  return {
    totalAppointments: appointments.length,
    failedAppointments: failed,
    successAppointments: success,
    lastAppointment: last ? { ...last, invoiceTotal: invoiceOf.get(last.id)?.totalPrice ?? null } : null,
    ...outcomeCounts(all),
  };
}
