import { useLiveQuery } from 'dexie-react-hooks';
import { nameIn } from '../../domain/rules/names';
import { providerRank } from '../../domain/rules/timetable';
import type { AppointmentRow, ClientRow, InvoiceRow, ServiceGroupRow, ServiceRow, WorkingTimeRow } from '../../domain/sync/entities';
import { useLanguage } from '../../i18n';
import { useSession } from '../auth/use-session';
import { useSyncState } from '../sync/sync-state';

export type TimetableMode = 'masters' | 'cabinets';

export interface Provider {
  id: string;
  kind: 'master' | 'cabinet';
  name: string;
  serviceGroupIds: string[];
  schedule: WorkingTimeRow[];
}

export interface DayData {
  providers: Provider[];
  appointments: AppointmentRow[];
  services: Map<string, ServiceRow>;
  groups: Map<string, ServiceGroupRow>;
  clients: Map<string, ClientRow>;
  invoices: Map<string, InvoiceRow>;
  /** Names of every master and cabinet of the salon, for cards and popups. */
  names: Map<string, string>;
}

/**
 * One day of the timetable from the mirror (part 1 §2): the masters (or cabinets) with working time that
 * day, in the order of their service groups' types, and the day's appointments with what cards show.
 * Archived appointments are left out unless Show Archive is on (part 1 §4).
 */
export function useTimetableDay(date: string, mode: TimetableMode): DayData | undefined {
  const { db } = useSyncState();
  const session = useSession();
  const salonId = session?.salon ?? null;
  const showArchive = Boolean(session?.showArchive);
  const { language } = useLanguage();
  return useLiveQuery(async () => {
    if (!db || !salonId) return undefined;
    const range = [
      [salonId, `${date} 00:00`],
      [salonId, `${date} 23:59`],
    ] as const;
    const [work, dayAppointments, masters, cabinets, services, groups] = await Promise.all([
      db.mirror('workingTimes').where('[salonId+startAt]').between(range[0], range[1], true, true).toArray(),
      db.mirror('appointments').where('[salonId+startAt]').between(range[0], range[1], true, true).toArray(),
      db.mirror('masters').where('salonId').equals(salonId).toArray(),
      db.mirror('cabinets').where('salonId').equals(salonId).toArray(),
      db.mirror('services').where('salonId').equals(salonId).toArray(),
      db.mirror('serviceGroups').where('salonId').equals(salonId).toArray(),
    ]);
    const groupsById = new Map(groups.map((g) => [g.id, g]));
    const typesOf = (ids: string[]) => ids.map((id) => groupsById.get(id)?.type ?? null);
    const names = new Map<string, string>([
      ...masters.map((m) => [m.id, `${m.firstName} ${m.lastName}`.trim()] as const),
      ...cabinets.map((c) => [c.id, nameIn(c.nameVariants, language)] as const),
    ]);
    const source = mode === 'masters' ? masters.map((m) => ({ id: m.id, kind: 'master' as const, serviceGroupIds: m.serviceGroupIds })) : cabinets.map((c) => ({ id: c.id, kind: 'cabinet' as const, serviceGroupIds: c.serviceGroupIds }));
    const key = mode === 'masters' ? 'masterId' : 'cabinetId';
    const providers: Provider[] = source
      .map((p) => ({ ...p, name: names.get(p.id) ?? '', schedule: work.filter((w) => w[key] === p.id) }))
      .filter((p) => p.schedule.length > 0)
      .sort((a, b) => providerRank(typesOf(a.serviceGroupIds)) - providerRank(typesOf(b.serviceGroupIds)) || a.name.localeCompare(b.name, language));
    const shownIds = new Set(providers.map((p) => p.id));
    const appointments = dayAppointments.filter((a) => (showArchive || !a.archived) && shownIds.has(a[key] ?? ''));
    const clientIds = [...new Set(appointments.flatMap((a) => (a.clientId ? [a.clientId] : [])))];
    const [clients, invoices] = await Promise.all([
      db.mirror('clients').bulkGet(clientIds),
      db.mirror('invoices').where('appointmentId').anyOf(appointments.map((a) => a.id)).toArray(),
    ]);
    return {
      providers,
      appointments,
      services: new Map(services.map((s) => [s.id, s])),
      groups: groupsById,
      clients: new Map(clients.flatMap((c) => (c ? [[c.id, c] as const] : []))),
      invoices: new Map(invoices.map((i) => [i.appointmentId as string, i])),
      names,
    };
  }, [db, salonId, date, mode, showArchive, language]);
}
