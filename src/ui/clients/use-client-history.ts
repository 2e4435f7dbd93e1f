import { useLiveQuery } from 'dexie-react-hooks';
import { appointmentsOfClient } from '../../db/queries/appointments';
import { invoicesOfAppointments } from '../../db/queries/invoices';
import { productsByIds } from '../../db/queries/inventory';
import { cabinetsByIds } from '../../db/queries/setup';
import { servicesByIds } from '../../db/queries/services';
import { mastersByIds } from '../../db/queries/staff';
import { clientStats, type ClientStats } from '../../domain/rules/client-stats';
import { nameIn } from '../../domain/rules/names';
import { salonWallTime } from '../../domain/rules/time';
import type { AppointmentOutcome, PaymentType } from '../../domain/entities';
import { useLanguage } from '../../i18n';
import { useSalonTimeZone } from '../salon/use-salon';
import { useSyncDb } from '../sync/use-sync-state';

export interface HistoryAppointment {
  id: string;
  startAt: string;
  master: string;
  service: string;
  /** The invoice total when there is one, else the service price. */
  price: string | null;
  paid: boolean;
  paymentType: PaymentType | null;
  archived: boolean;
  outcome: AppointmentOutcome | null;
}

export interface BoughtItem {
  id: string;
  boughtAt: string;
  product: string;
  quantity: number;
  price: string;
  paymentType: PaymentType;
}

export interface ClientHistory {
  appointments: HistoryAppointment[];
  boughtItems: BoughtItem[];
  /** Part 1 §3 Stats, by the rule the server's getClientStats runs (decision 028). */
  stats: ClientStats;
}

const NO_STATS: ClientStats = {
  totalAppointments: 0,
  failedAppointments: 0,
  successAppointments: 0,
  lastAppointment: null,
  noShows: 0,
  lateCancels: 0,
};

const person = (p: { firstName: string; lastName: string } | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : '');

/**
 * A client's appointments and bought products (part 1 §2 client dialog, §3 bought item), from the mirror:
 * newest first; products are the PRODUCT items of the paid invoices of the client's appointments; and the
 * client's statistics.
 */
export function useClientHistory(clientId: string): ClientHistory | undefined {
  const db = useSyncDb();
  const { language } = useLanguage();
  const timeZone = useSalonTimeZone();
  return useLiveQuery(async () => {
    if (!db) return { appointments: [], boughtItems: [], stats: NO_STATS };
    const appointments = await appointmentsOfClient(db, clientId);
    const ids = appointments.map((a) => a.id);
    const [masters, cabinets, services, invoices] = await Promise.all([
      mastersByIds(db, [...new Set(appointments.flatMap((a) => (a.masterId ? [a.masterId] : [])))]),
      cabinetsByIds(db, [...new Set(appointments.flatMap((a) => (a.cabinetId ? [a.cabinetId] : [])))]),
      servicesByIds(db, [...new Set(appointments.map((a) => a.serviceId))]),
      invoicesOfAppointments(db, ids),
    ]);
    const byId = <T extends { id: string }>(rows: (T | undefined)[]) => new Map(rows.flatMap((r) => (r ? [[r.id, r] as const] : [])));
    const masterOf = byId(masters);
    const cabinetOf = byId(cabinets);
    const serviceOf = byId(services);
    const invoiceOf = new Map(invoices.map((i) => [i.appointmentId as string, i]));
    const productIds = [
      ...new Set(invoices.filter((i) => i.paid).flatMap((i) => i.items.filter((it) => it.type === 'PRODUCT').map((it) => it.entityId))),
    ];
    const productOf = byId(await productsByIds(db, productIds));

    const rows: HistoryAppointment[] = appointments
      .map((a) => {
        const invoice = invoiceOf.get(a.id);
        const cabinet = a.cabinetId ? cabinetOf.get(a.cabinetId) : undefined;
        const service = serviceOf.get(a.serviceId);
        return {
          id: a.id,
          startAt: a.startAt,
          master: person(a.masterId ? masterOf.get(a.masterId) : undefined) || nameIn(cabinet?.nameVariants, language),
          service: nameIn(service?.nameVariants, language),
          price: invoice ? invoice.totalPrice : (service?.price ?? null),
          paid: Boolean(invoice?.paid),
          paymentType: invoice?.paid ? (invoice.items[0]?.paymentType ?? null) : null,
          archived: a.archived,
          outcome: a.outcome ?? null,
        };
      })
      .sort((a, b) => b.startAt.localeCompare(a.startAt));

    const boughtItems: BoughtItem[] = invoices
      .filter((i) => i.paid)
      .flatMap((i) =>
        i.items
          .filter((it) => it.type === 'PRODUCT')
          .map((it) => ({
            id: it.id,
            boughtAt: i.createdAt,
            product: productOf.get(it.entityId)?.name ?? '',
            quantity: it.quantity,
            price: it.price,
            paymentType: it.paymentType,
          })),
      )
      .sort((a, b) => b.boughtAt.localeCompare(a.boughtAt));
    const stats = clientStats(appointments, invoices, salonWallTime(new Date(), timeZone));
    return { appointments: rows, boughtItems, stats };
  }, [db, clientId, language, timeZone]);
}
