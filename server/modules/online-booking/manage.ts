import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { freeSlots } from '../../../src/domain/rules/free-slots';
import { nameIn } from '../../../src/domain/rules/names';
import { changeDeadline, clientMayChange } from '../../../src/domain/rules/online-booking';
import { addMinutes, dateOf } from '../../../src/domain/rules/time';
import type { App } from '../../app';
import type { Db, Tx } from '../../db/client';
import { bumpRevReading } from '../../db/rev';
import { appointments, clients, invoices, masters, onlineBookings, services } from '../../db/schema';
import { AppError } from '../../graphql/errors';
import type { Lang } from '../../i18n';
import type { SalonEvent } from '../../pubsub';
import { appointmentRow, wallTime } from '../../sync/rows';
import { planClientMessages } from '../client-messages/schedule';
import { hostOf, MANAGE_PATH, pageWriter, slotTaken } from './book';
import { bookedMail, byPageMail, type BookedVisit } from './mail';
import { nowAt, rulesOf, salonPage, slotSource, type LivePage } from './page';

/**
 * A booking's manage link (issue 61 item 4): the client sees the visit as it stands now (the salon may have moved it),
 * and until the salon's window closes cancels it or moves it to another free time of the same services with the same
 * master. Later, or once the visit is paid, the page says to call the salon.
 */
const notFound = () =>
  new AppError('NotExists', 'No booking at this link', { reason: 'BOOKING_NOT_FOUND', messageId: 'book.manageNotFound' });
const closed = () =>
  new AppError('NotAllowed', 'This booking can no longer be changed online', {
    reason: 'BOOKING_CHANGE_CLOSED',
    messageId: 'book.changeClosed',
  });

type Line = typeof appointments.$inferSelect;

interface Managed {
  booking: typeof onlineBookings.$inferSelect;
  page: LivePage;
  /** The booking's appointments still on the timetable, in time order. */
  lines: Line[];
}

async function managed(db: Db | Tx, app: App, token: string): Promise<Managed> {
  const id = app.onlineBookings.manage.idOf(token);
  if (!id) throw notFound();
  const [booking] = await db.select().from(onlineBookings).where(eq(onlineBookings.id, id));
  const page = booking ? await salonPage(db, booking.salonId) : null;
  if (!booking || !page) throw notFound();
  const lines = booking.cancelledAt
    ? []
    : await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.salonId, booking.salonId),
            inArray(appointments.id, booking.appointmentIds),
            isNull(appointments.deletedAt),
            eq(appointments.archived, false),
          ),
        )
        .orderBy(asc(appointments.startAt));
  return { booking, page, lines };
}

/** Whether the client may still change it: the window is open and nothing of it is paid. */
async function mayChange(db: Db | Tx, m: Managed): Promise<boolean> {
  const first = m.lines[0];
  if (!first || !clientMayChange(wallTime(first.startAt), nowAt(m.page), m.page.booking.cancelHours)) return false;
  const paid = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        inArray(
          invoices.appointmentId,
          m.lines.map((l) => l.id),
        ),
        eq(invoices.paid, true),
        isNull(invoices.deletedAt),
      ),
    )
    .limit(1);
  return paid.length === 0;
}

export interface ManagedView {
  salon: string;
  address: string;
  phone: string | null;
  services: string;
  master: string;
  serviceIds: string[];
  masterId: string | null;
  startAt: string | null;
  endAt: string | null;
  cancelled: boolean;
  changeUntil: string | null;
  /** The page's address while it is on: where the free times to move to are asked. */
  slug: string | null;
}

/** The services of a booking's lines, deleted ones too: their names and groups. */
async function servicesOf(db: Db | Tx, lines: Line[]) {
  if (lines.length === 0) return [];
  const ids = lines.map((l) => l.serviceId);
  return db
    .select({ id: services.id, names: services.nameVariants, groupId: services.groupId })
    .from(services)
    .where(inArray(services.id, ids));
}

async function viewOf(db: Db | Tx, m: Managed, lang: string): Promise<ManagedView> {
  const serviceRows = await servicesOf(db, m.lines);
  const masterId = m.lines[0]?.masterId ?? null;
  const [master] = masterId
    ? await db.select({ firstName: masters.firstName, lastName: masters.lastName }).from(masters).where(eq(masters.id, masterId))
    : [];
  const first = m.lines[0];
  const last = m.lines.at(-1);
  const open = await mayChange(db, m);
  return {
    salon: m.page.name,
    address: m.page.booking.address,
    phone: m.page.booking.phone,
    services: m.lines.map((l) => nameIn(serviceRows.find((s) => s.id === l.serviceId)?.names, lang)).join(', '),
    master: master ? [master.firstName, master.lastName ? `${master.lastName.slice(0, 1)}.` : ''].filter(Boolean).join(' ') : '',
    serviceIds: m.lines.map((l) => l.serviceId),
    masterId,
    startAt: first ? wallTime(first.startAt) : null,
    endAt: last ? wallTime(last.endAt) : null,
    cancelled: m.lines.length === 0,
    changeUntil: open && first ? changeDeadline(wallTime(first.startAt), m.page.booking.cancelHours) : null,
    slug: m.page.booking.enabled ? m.page.booking.slug : null,
  };
}

export async function readManaged(app: App, token: string, lang: string): Promise<ManagedView> {
  const db = app.database.db;
  return viewOf(db, await managed(db, app, token), lang);
}

/** Runs a change of the booking under the salon's lock; its events go out on commit. */
async function change(
  app: App,
  token: string,
  apply: (tx: Tx, m: Managed, events: SalonEvent[], rev: number) => Promise<void>,
  lang: string,
): Promise<{ view: ManagedView; m: Managed }> {
  const events: SalonEvent[] = [];
  const done = await app.database.db.transaction(async (tx) => {
    const m0 = await managed(tx, app, token);
    const locked = await bumpRevReading(tx, m0.page.salonId);
    // Read again under the lock: the salon may have changed it meanwhile.
    const m = await managed(tx, app, token);
    if (!(await mayChange(tx, m))) throw closed();
    await apply(tx, m, events, locked.rev);
    events.push({ topic: 'salonChanged', salon: m.page.salonId, payload: { salon: m.page.salonId, rev: locked.rev } });
    await app.pubsub.stage(tx, events);
    const after = await managed(tx, app, token);
    return { view: await viewOf(tx, after, lang), m: after };
  });
  app.pubsub.deliver(events);
  return done;
}

/** The client cancels: the visit leaves the timetable, its reminders are stopped. */
export async function cancelManaged(app: App, token: string, lang: string): Promise<ManagedView> {
  const { view } = await change(
    app,
    token,
    async (tx, m, events, rev) => {
      const locked = { rev, settings: m.page.settings, timeZone: m.page.timeZone };
      const w = pageWriter(app, tx, m.page.salonId, locked, events);
      const now = new Date();
      for (const line of m.lines) {
        await tx.update(appointments).set({ deletedAt: now, rev }).where(eq(appointments.id, line.id));
        await planClientMessages(w, 'CANCELLED', { id: line.id, clientId: line.clientId, startAt: wallTime(line.startAt) });
        events.push({ topic: 'appointmentDeleted', salon: m.page.salonId, payload: { id: line.id, date: dateOf(wallTime(line.startAt)) } });
      }
      await tx.update(onlineBookings).set({ cancelledAt: now }).where(eq(onlineBookings.id, m.booking.id));
    },
    lang,
  );
  return view;
}

/**
 * The client moves it to `startAt`: the same services one after another with the same master, free then by the page's
 * rules (its own appointments not counting as busy). The client gets the confirmation again, with the new time.
 */
export async function moveManaged(app: App, token: string, startAt: string, lang: Lang): Promise<ManagedView> {
  const { view, m } = await change(
    app,
    token,
    async (tx, m, events, rev) => {
      const masterId = m.lines[0]?.masterId ?? null;
      if (!masterId) throw closed();
      const serviceRows = await servicesOf(tx, m.lines);
      const chosen = m.lines.map((l) => ({
        id: l.serviceId,
        groupId: serviceRows.find((s) => s.id === l.serviceId)?.groupId ?? '',
        duration: l.duration,
      }));
      const [master] = await tx
        .select({ id: masters.id, serviceGroupIds: masters.serviceGroupIds })
        .from(masters)
        .where(eq(masters.id, masterId));
      const date = dateOf(startAt);
      const source = await slotSource(
        tx,
        m.page,
        master ? [master] : [],
        date,
        date,
        m.lines.map((l) => l.id),
      );
      const request = { services: chosen, masterId, from: date, to: date, now: nowAt(m.page) };
      const slot = freeSlots(request, source, rulesOf(m.page.booking)).find((s) => s.startAt === startAt);
      if (!slot) throw slotTaken([]);
      const w = pageWriter(app, tx, m.page.salonId, { rev, settings: m.page.settings, timeZone: m.page.timeZone }, events);
      for (const [i, line] of m.lines.entries()) {
        const to = slot.lines[i]!;
        const [row] = await tx
          .update(appointments)
          .set({ startAt: to.startAt, endAt: addMinutes(to.startAt, to.duration), cabinetId: to.cabinetId, rev })
          .where(eq(appointments.id, line.id))
          .returning();
        events.push({ topic: 'appointmentAdded', salon: m.page.salonId, payload: { ...appointmentRow(row!), rev } });
        // The salon's reminders follow the visit; the page tells the client of the move itself, below.
        if (i === 0)
          await planClientMessages(w, 'MOVED', { id: line.id, clientId: line.clientId, startAt: to.startAt }, byPageMail('MOVED'));
      }
    },
    lang,
  );
  if (view.startAt && view.endAt) {
    const [client] = await app.database.db.select({ firstName: clients.firstName }).from(clients).where(eq(clients.id, m.booking.clientId));
    const visit: BookedVisit = {
      id: m.booking.id,
      salon: view.salon,
      address: view.address,
      phone: view.phone,
      timeZone: m.page.timeZone,
      name: client?.firstName ?? '',
      services: view.services,
      master: view.master,
      startAt: view.startAt,
      endAt: view.endAt,
      manageUrl: `${app.publicUrl}${MANAGE_PATH}${token}`,
      changeUntil: view.changeUntil,
    };
    await app.mailer.send(bookedMail(lang, m.booking.email, visit, hostOf(app), 'moved'));
  }
  return view;
}
