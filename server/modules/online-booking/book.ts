import { and, asc, eq, isNull } from 'drizzle-orm';
import { newId } from '../../../src/domain/ids';
import type { FreeSlot } from '../../../src/domain/rules/free-slots';
import { changeDeadline, clientMayChange, nearestStarts } from '../../../src/domain/rules/online-booking';
import { addDays, addMinutes, dateOf } from '../../../src/domain/rules/time';
import type { ConfirmBookingInput } from '../../../src/domain/schemas/online-booking';
import type { App } from '../../app';
import type { Tx } from '../../db/client';
import { exclusionViolation } from '../../db/errors';
import { bumpRevReading } from '../../db/rev';
import { appointments, clients, onlineBookings } from '../../db/schema';
import { AppError } from '../../graphql/errors';
import type { SalonEvent } from '../../pubsub';
import type { Writer } from '../../sync/command';
import { appointmentRow } from '../../sync/rows';
import { planClientMessages } from '../client-messages/schedule';
import { consumeCode } from './codes';
import { bookedMail, byPageMail, type BookedVisit } from './mail';
import { chosenOf, nowAt, offer, slotSource, slotsOf, type LivePage, type OfferedMaster, type OfferedService } from './page';

/** Where a booking's manage link points: PUBLIC_URL + this + the signed id. */
export const MANAGE_PATH = '/book/manage/';

/** The chosen time was taken meanwhile: the nearest free ones come with the refusal for the page to offer. */
export const slotTaken = (nearest: string[]) =>
  new AppError('AlreadyExists', 'This time has just been taken', {
    reason: 'SLOT_TAKEN',
    field: 'startAt',
    messageId: 'book.slotTaken',
    extra: { nearest },
  });

/** A client the salon blocked: refused politely, saying nothing of why. */
const notAccepted = () =>
  new AppError('NotAllowed', 'The salon cannot take this booking online', {
    reason: 'BOOKING_NOT_ACCEPTED',
    messageId: 'book.notAccepted',
  });

/**
 * The writer of a change the booking page makes (issue 61): not a user's, so no viewer; the salon's lock and rev are
 * taken first, as every command takes them, and its events go out when the transaction commits.
 */
export function pageWriter(
  app: App,
  tx: Tx,
  salonId: string,
  locked: { rev: number; settings: unknown; timeZone: string },
  events: SalonEvent[],
) {
  const writer: Writer = {
    tx,
    viewer: null as never,
    salonId,
    rev: async () => locked.rev,
    lockedSalon: async () => locked,
    emit: (event) => void events.push(event),
    jobs: app.jobs,
    sms: app.sms !== null,
  };
  return writer;
}

/** The salon's live client with this phone, the one the booking is for; else null. */
async function clientByPhone(tx: Tx, salonId: string, phone: string) {
  const [row] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.salonId, salonId), eq(clients.phone, phone), isNull(clients.deletedAt)))
    .orderBy(asc(clients.createdAt), asc(clients.id))
    .limit(1);
  return row ?? null;
}

export interface BookingDone {
  manageToken: string;
  visit: BookedVisit;
}

/**
 * Makes the booking (issue 61 items 2 and 5): under the salon's write lock, the time is checked free again with the
 * same rule the page showed it by, the client is found by phone (or made), and the lines become appointments by a
 * CLIENT, so the Report's "from application" counts them. Every open timetable hears of them on commit. A time taken
 * meanwhile is refused with the nearest free ones; a blocked client politely, with nothing said.
 */
export async function makeBooking(app: App, page: LivePage, input: ConfirmBookingInput, codeId: string): Promise<BookingDone> {
  const offered = await offer(app.database.db, page, input.lang);
  const services = chosenOf(offered, input.serviceIds, input.masterId);
  const date = dateOf(input.startAt);
  const events: SalonEvent[] = [];
  let booked: { id: string; slot: FreeSlot; clientName: string };
  try {
    booked = await app.database.db.transaction(async (tx) => {
      const locked = await bumpRevReading(tx, page.salonId);
      const w = pageWriter(app, tx, page.salonId, locked, events);
      const source = await slotSource(tx, page, offered.masters, date, date);
      const slot = slotsOf(page, source, services, input.masterId, date, date, nowAt(page)).find((s) => s.startAt === input.startAt);
      if (!slot) throw slotTaken([]);
      const existing = await clientByPhone(tx, page.salonId, input.client.phone);
      if (existing?.blockedAt) throw notAccepted();
      await consumeCode(tx, codeId);
      const clientId = existing?.id ?? newId();
      if (existing) {
        // A blank e-mail of a known client is filled; nothing else of the salon's record changes.
        if (!existing.email) await tx.update(clients).set({ email: input.client.email, rev: locked.rev }).where(eq(clients.id, clientId));
      } else {
        const { firstName, lastName, phone, email } = input.client;
        await tx
          .insert(clients)
          .values({ id: clientId, salonId: page.salonId, firstName, lastName, phone, email, language: input.lang, rev: locked.rev });
      }
      const ids = slot.lines.map(() => newId());
      const rows = await tx
        .insert(appointments)
        .values(
          slot.lines.map((line, i) => ({
            id: ids[i] as string,
            salonId: page.salonId,
            masterId: line.masterId,
            cabinetId: line.cabinetId,
            clientId,
            serviceId: line.serviceId,
            authorId: null,
            authorRole: 'CLIENT',
            startAt: line.startAt,
            endAt: addMinutes(line.startAt, line.duration),
            duration: line.duration,
            notes: i === 0 ? input.client.notes : '',
            groupId: ids.length > 1 ? (ids[0] as string) : null,
            rev: locked.rev,
          })),
        )
        .returning();
      for (const row of rows) w.emit({ topic: 'appointmentAdded', salon: page.salonId, payload: { ...appointmentRow(row), rev: row.rev } });
      // The salon's reminders as for any booking; the confirmation is this page's own mail, with its link.
      await planClientMessages(w, 'BOOKED', { id: ids[0] as string, clientId, startAt: slot.startAt }, byPageMail('CONFIRMATION'));
      const id = newId();
      await tx
        .insert(onlineBookings)
        .values({ id, salonId: page.salonId, clientId, appointmentIds: ids, email: input.client.email, lang: input.lang });
      events.push({ topic: 'salonChanged', salon: page.salonId, payload: { salon: page.salonId, rev: locked.rev } });
      await app.pubsub.stage(tx, events);
      return { id, slot, clientName: existing?.firstName ?? input.client.firstName };
    });
  } catch (error) {
    // The database's exclusion constraints are the last word, should a write have slipped past the lock.
    if (exclusionViolation(error) || (error instanceof AppError && error.extensions.reason === 'SLOT_TAKEN')) {
      throw slotTaken(await nearestFree(app, page, offered.masters, services, input.masterId, input.startAt));
    }
    throw error;
  }
  app.pubsub.deliver(events);
  const manageToken = app.onlineBookings.manage.tokenOf(booked.id);
  const visit = visitOf(app, page, booked.slot, services, offered.masters, booked.clientName, manageToken);
  await app.mailer.send(bookedMail(input.lang, input.client.email, visit, hostOf(app)));
  return { manageToken, visit };
}

/** The free starts nearest the wanted one, that day or the next week. */
async function nearestFree(
  app: App,
  page: LivePage,
  masters: OfferedMaster[],
  services: OfferedService[],
  masterId: string | null,
  wanted: string,
): Promise<string[]> {
  const from = dateOf(wanted);
  const to = addDays(from, 7);
  const source = await slotSource(app.database.db, page, masters, from, to);
  const slots = slotsOf(page, source, services, masterId, from, to, nowAt(page));
  return nearestStarts(
    slots.map((s) => s.startAt),
    wanted,
  );
}

export const hostOf = (app: App) => new URL(app.publicUrl || 'http://localhost').hostname;

/** The visit as the client's mail and the page's confirmation show it. */
export function visitOf(
  app: App,
  page: LivePage,
  slot: { startAt: string; endAt: string; masterId: string },
  services: { name: string }[],
  masters: OfferedMaster[],
  clientName: string,
  manageToken: string,
): BookedVisit {
  const now = nowAt(page);
  return {
    id: manageToken.split('.')[0] as string,
    salon: page.name,
    address: page.booking.address,
    phone: page.booking.phone,
    timeZone: page.timeZone,
    name: clientName,
    services: services.map((s) => s.name).join(', '),
    master: masters.find((m) => m.id === slot.masterId)?.name ?? '',
    startAt: slot.startAt,
    endAt: slot.endAt,
    manageUrl: `${app.publicUrl}${MANAGE_PATH}${manageToken}`,
    changeUntil: clientMayChange(slot.startAt, now, page.booking.cancelHours)
      ? changeDeadline(slot.startAt, page.booking.cancelHours)
      : null,
  };
}
