import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef } from 'react';
import { nameIn } from '../../domain/rules/names';
import { addMinutes, dateOf } from '../../domain/rules/time';
import { providerRank } from '../../domain/rules/timetable';
import { appointmentsOfDays } from '../../db/queries/appointments';
import { clientsByIds } from '../../db/queries/clients';
import { invoicesOfAppointments } from '../../db/queries/invoices';
import { salonCabinets, salonServiceGroups, workingTimesOfDays } from '../../db/queries/setup';
import { salonServices } from '../../db/queries/services';
import { salonMasters } from '../../db/queries/staff';
import type { AppointmentRow, ClientRow, InvoiceRow, WorkingTimeRow } from '../../domain/entities';
import { useLanguage } from '../../i18n';
import { useSession } from '../session/use-session';
import { echoed, echoStamp } from '../../sync/local-echo';
import { useLocalEcho } from '../sync/use-local-echo';
import { useSyncDb } from '../sync/use-sync-state';
import type { DayData, Provider, TimetableMode } from './day-data';
import { keepReadingAhead, keepShown, readAhead } from './day-read-ahead';
import { shareDay } from './share-rows';

export type { DayData, Provider, TimetableMode } from './day-data';

type Db = NonNullable<ReturnType<typeof useSyncDb>>;

/** The salon's masters, cabinets, services and groups, with every master's and cabinet's shown name. */
export async function readSalonNames(db: Db, salonId: string, language: string) {
  const [masters, cabinets, services, groups] = await Promise.all([
    salonMasters(db, salonId),
    salonCabinets(db, salonId),
    salonServices(db, salonId),
    salonServiceGroups(db, salonId),
  ]);
  const names = new Map<string, string>([
    ...masters.map((m) => [m.id, `${m.firstName} ${m.lastName}`.trim()] as const),
    ...cabinets.map((c) => [c.id, nameIn(c.nameVariants, language)] as const),
  ]);
  return { masters, cabinets, services: new Map(services.map((s) => [s.id, s])), groups: new Map(groups.map((g) => [g.id, g])), names };
}

/** Clients by id (the missing left out). */
export async function readClients(db: Db, ids: string[]): Promise<Map<string, ClientRow>> {
  const clients = await clientsByIds(db, ids);
  return new Map(clients.flatMap((c) => (c ? [[c.id, c] as const] : [])));
}

/** Invoices by appointment id. */
export async function readInvoices(db: Db, appointmentIds: string[]): Promise<Map<string, InvoiceRow>> {
  const invoices = await invoicesOfAppointments(db, appointmentIds);
  return new Map(invoices.map((i) => [i.appointmentId as string, i]));
}

/** What the cards of `appointments` show besides the appointment: clients and invoices. */
export async function readCardExtras(db: Db, appointments: AppointmentRow[]): Promise<Pick<DayData, 'clients' | 'invoices'>> {
  const [clients, invoices] = await Promise.all([
    readClients(db, [...new Set(appointments.flatMap((a) => (a.clientId ? [a.clientId] : [])))]),
    readInvoices(
      db,
      appointments.map((a) => a.id),
    ),
  ]);
  return { clients, invoices };
}

type SalonNames = Awaited<ReturnType<typeof readSalonNames>>;

/** The shown providers (ordered as part 1 §2 says) and their appointments of the day. */
function shownDay(
  work: WorkingTimeRow[],
  dayAppointments: AppointmentRow[],
  salon: SalonNames,
  mode: TimetableMode,
  showArchive: boolean,
  language: string,
) {
  const providers = shownProviders(work, salon, mode, language);
  return { providers, appointments: shownAppointments(dayAppointments, providers, mode, showArchive) };
}

/** The masters (or cabinets) with working time on the day, in the order of their service groups' types, then by name. */
function shownProviders(work: WorkingTimeRow[], salon: SalonNames, mode: TimetableMode, language: string): Provider[] {
  const { masters, cabinets, names, groups } = salon;
  const typesOf = (ids: string[]) => ids.map((id) => groups.get(id)?.type ?? null);
  const source =
    mode === 'masters'
      ? masters.map((m) => ({ id: m.id, kind: 'master' as const, serviceGroupIds: m.serviceGroupIds }))
      : cabinets.map((c) => ({ id: c.id, kind: 'cabinet' as const, serviceGroupIds: c.serviceGroupIds }));
  const key = mode === 'masters' ? 'masterId' : 'cabinetId';
  return source
    .map((p) => ({ ...p, name: names.get(p.id) ?? '', schedule: work.filter((w) => w[key] === p.id) }))
    .filter((p) => p.schedule.length > 0)
    .sort(
      (a, b) =>
        providerRank(typesOf(a.serviceGroupIds)) - providerRank(typesOf(b.serviceGroupIds)) || a.name.localeCompare(b.name, language),
    );
}

/** The day's appointments in the shown columns (archived ones only with Show Archive). */
function shownAppointments(dayAppointments: AppointmentRow[], providers: Provider[], mode: TimetableMode, showArchive: boolean) {
  const key = mode === 'masters' ? 'masterId' : 'cabinetId';
  const shownIds = new Set(providers.map((p) => p.id));
  return dayAppointments.filter((a) => (showArchive || !a.archived) && shownIds.has(a[key] ?? ''));
}

/**
 * The whole day as the page shows it, read once (not live), the salon's names included: what `readDaysAhead` keeps
 * for the days next to it, every read of it after the write count it is checked against.
 */
async function readDay(db: Db, salonId: string, date: string, mode: TimetableMode, showArchive: boolean, language: string) {
  const [salon, work, dayAppointments] = await Promise.all([
    readSalonNames(db, salonId, language),
    workingTimesOfDays(db, salonId, date, date),
    appointmentsOfDays(db, salonId, date, date),
  ]);
  const shown = shownDay(work, dayAppointments, salon, mode, showArchive, language);
  const { clients, invoices } = await readCardExtras(db, shown.appointments);
  return { ...shown, services: salon.services, groups: salon.groups, names: salon.names, clients, invoices } satisfies DayData;
}

/** The dates before and after `date`. */
const nextTo = (date: string) => [dateOf(addMinutes(`${date} 12:00`, 24 * 60)), dateOf(addMinutes(`${date} 12:00`, -24 * 60))];

type DayRead = { date: string; salonId: string; stamp: number; work: WorkingTimeRow[]; appointments: AppointmentRow[] };

/** Index order of [salonId+startAt] (then the primary key): where the re-read will have a row. */
const byStart = (a: { startAt: string; id: string }, b: { startAt: string; id: string }) =>
  a.startAt < b.startAt ? -1 : a.startAt > b.startAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * The day's rows with the commands' local echo (src/sync/local-echo.ts): a booking, move or delete shows
 * as soon as its transaction wrote it, before the commit and the re-read of the day. The read itself while
 * no echo touches the day.
 */
function useEchoedDay(read: DayRead | undefined): DayRead | undefined {
  const echo = useLocalEcho();
  return useMemo(() => {
    if (!read) return read;
    const { date, salonId, stamp } = read;
    const onDay = (r: { salonId: string; startAt: string }) =>
      r.salonId === salonId && r.startAt >= `${date} 00:00` && r.startAt <= `${date} 23:59`;
    const work = echoed(read.work, 'workingTimes', echo, stamp, onDay, byStart);
    const appointments = echoed(read.appointments, 'appointments', echo, stamp, onDay, byStart);
    return work === read.work && appointments === read.appointments ? read : { ...read, work, appointments };
  }, [read, echo]);
}

/**
 * One day of the timetable from the mirror (part 1 §2): the masters (or cabinets) with working time that
 * day, in the order of their service groups' types, and the day's appointments with what cards show.
 * Archived appointments are left out unless Show Archive is on (part 1 §4).
 *
 * Three live queries, so a write re-reads only what it touched: the day's rows ([salonId+startAt]), the
 * salon's names, and the cards' clients and invoices. A booking's card paints from the command's local echo
 * as soon as its transaction wrote the row, before the commit and the re-read of the day's rows; the extras
 * follow (a new walk-in or known client needs none, a new appointment has no invoice).
 * Unchanged rows keep their identity (share-rows.ts), so only the cards that changed repaint.
 */
export function useTimetableDay(date: string, mode: TimetableMode): DayData | undefined {
  const db = useSyncDb();
  const session = useSession();
  const salonId = session?.salon ?? null;
  const showArchive = Boolean(session?.showArchive);
  const { language } = useLanguage();
  const salon = useLiveQuery(async () => (db && salonId ? readSalonNames(db, salonId, language) : undefined), [db, salonId, language]);
  const read = useLiveQuery(async () => {
    if (!db || !salonId) return undefined;
    const stamp = echoStamp();
    const [work, appointments] = await Promise.all([
      workingTimesOfDays(db, salonId, date, date),
      appointmentsOfDays(db, salonId, date, date),
    ]);
    return { date, salonId, stamp, work, appointments };
  }, [db, salonId, date]);
  const rows = useEchoedDay(read);
  // The columns once per change of the day's working times or the salon's names: a booking's echo changes neither.
  const work = rows?.date === date ? rows.work : undefined;
  const providers = useMemo(() => (salon && work ? shownProviders(work, salon, mode, language) : undefined), [salon, work, mode, language]);
  const dayAppointments = rows?.date === date ? rows.appointments : undefined;
  const shown = useMemo(
    () =>
      providers && dayAppointments
        ? { providers, appointments: shownAppointments(dayAppointments, providers, mode, showArchive) }
        : undefined,
    [providers, dayAppointments, mode, showArchive],
  );
  // The extras' keys once per change of the shown rows (not on each render: 900 ids on the busy day).
  const clientKey = useMemo(
    () => (shown ? [...new Set(shown.appointments.flatMap((a) => (a.clientId ? [a.clientId] : [])))].sort().join(' ') : null),
    [shown],
  );
  // The invoices' key from the day as read, not as echoed: a booking's echo (a new appointment, which has no invoice)
  // must not start a new read of the day's invoices and a render after it in the frame that paints its card. The
  // key changes when the day's read takes the booking in, after its commit; invoices may lag a moment (below).
  const readAppointments = read?.date === date ? read.appointments : undefined;
  const appointmentKey = useMemo(() => (readAppointments ? readAppointments.map((a) => a.id).join(' ') : null), [readAppointments]);
  const clients = useLiveQuery(async () => {
    if (!db || clientKey === null) return undefined;
    return { key: clientKey, map: await readClients(db, clientKey ? clientKey.split(' ') : []) };
  }, [db, clientKey]);
  const invoices = useLiveQuery(async () => {
    if (!db || appointmentKey === null) return undefined;
    return readInvoices(db, appointmentKey ? appointmentKey.split(' ') : []);
  }, [db, appointmentKey]);
  // Clients must cover the shown cards (a card never shows a known client as a walk-in); invoices may lag
  // a moment behind a new appointment, which has none yet.
  const clientsReady =
    clients !== undefined && (clients.key === clientKey || (clientKey ?? '').split(' ').every((id) => !id || clients.map.has(id)));
  const last = useRef<DayData | undefined>(undefined);
  const data = useMemo(() => {
    if (!shown || !salon || !clientsReady || !invoices) return undefined;
    return { ...shown, services: salon.services, groups: salon.groups, names: salon.names, clients: clients.map, invoices };
  }, [shown, salon, clientsReady, clients, invoices]);
  const viewOf = (day: string) => `${salonId} ${day} ${mode} ${showArchive} ${language}`;
  const view = viewOf(date);
  const lastView = useRef('');
  // A day next to the last one, read ahead and unchanged since: shown at once while this day's reads run.
  const ahead = db && lastView.current !== view ? readAhead(db, view) : undefined;
  // Unchanged rows, lists and maps keep the identity they had in the last data given out (or the day read ahead).
  const shared = useMemo(
    () => (data ? shareDay(lastView.current === view ? last.current : (ahead ?? last.current), data) : undefined),
    // The base only saves repaints; the data decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data],
  );
  // While a re-read of the same day waits for its clients, the last data stays on screen (or the day read ahead,
  // kept as the last from its first render: a write meanwhile does not take it back before the live data comes).
  const given = shared ?? (lastView.current === view ? last.current : ahead);
  useEffect(() => {
    if (!given) return;
    last.current = given;
    lastView.current = view;
  }, [given, view]);
  // The day as its live reads gave it stays at hand for coming back to it (day-read-ahead.ts), kept again at each
  // delivery of those reads (`data`), also one that changed nothing on screen.
  useEffect(() => {
    if (db && shared) keepShown(db, view, shared);
  }, [db, view, shared, data]);
  // Once the day is on screen, the days before and after it are read ahead in the page's idle time.
  const shownView = shared ? view : null;
  useEffect(() => {
    if (!shownView || !db || !salonId) return;
    const days = new Map(nextTo(date).map((day) => [viewOf(day), day]));
    return keepReadingAhead(db, [...days.keys()], (key) => readDay(db, salonId, days.get(key) ?? date, mode, showArchive, language));
    // salonId, date, mode, showArchive and language are in shownView.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownView, db]);
  return given;
}
