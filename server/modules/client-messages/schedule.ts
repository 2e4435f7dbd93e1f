import { and, eq, inArray } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { newId } from '../../../src/domain/ids';
import { clientMessagesOf, plannedMessages, sendsAny, type AppointmentEvent } from '../../../src/domain/rules/client-messages';
import type { SalonSettings } from '../../../src/domain/rules/salon-defaults';
import { salonWallTime } from '../../../src/domain/rules/time';
import type { Tx } from '../../db/client';
import { clientMessages, clients, salons } from '../../db/schema';
import type { QueueRule } from '../../jobs/queue';
import type { Writer } from '../../sync/command';
import { messagesChanged, type ChangedMessage } from './changed';

/** The job queue of client messages (decision 075): a job per message, tried again with backoff. */
export const CLIENT_MESSAGE_QUEUE = 'client-message';
export const CLIENT_MESSAGE_RULE: QueueRule = { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 120 };
/** How many due messages one instance sends at once (decision 075): the provider's and the mail server's calls overlap. */
export const CLIENT_MESSAGE_BATCH = 50;
export interface ClientMessageJob {
  messageId: string;
}

/** The instant of a salon wall time 'YYYY-MM-DD HH:mm' in its zone (a time a DST change skips goes forward). */
export const instantOf = (wall: string, timeZone: string): Date =>
  new Date(Temporal.PlainDateTime.from(wall.replace(' ', 'T')).toZonedDateTime(timeZone).epochMilliseconds);

/** Pending messages an event makes moot: a move replaces the reminders, a cancellation everything not yet sent. */
async function cancelPending(tx: Tx, appointmentId: string, event: AppointmentEvent): Promise<ChangedMessage[]> {
  const kinds = event === 'MOVED' ? (['REMINDER'] as const) : (['CONFIRMATION', 'REMINDER', 'MOVED'] as const);
  return tx
    .update(clientMessages)
    .set({ status: 'CANCELLED', reason: event === 'MOVED' ? 'REPLACED' : 'APPOINTMENT_CANCELLED' })
    .where(
      and(
        eq(clientMessages.appointmentId, appointmentId),
        eq(clientMessages.status, 'SCHEDULED'),
        inArray(clientMessages.kind, [...kinds]),
      ),
    )
    .returning({ salonId: clientMessages.salonId, appointmentId: clientMessages.appointmentId, clientId: clientMessages.clientId });
}

/**
 * Schedules what an appointment's event tells its client (issue 57 item 2), in the transaction of the change: the
 * rows of `client_messages` and a job for each, due at its time. A move or a cancellation first cancels what it makes
 * moot. A walk-in, or a client the salon cannot reach on a channel it uses, gets nothing on that channel. The screens
 * listing the appointment's messages hear of any change once the transaction commits.
 */
export async function planClientMessages(
  w: Writer,
  event: AppointmentEvent,
  appointment: { id: string; clientId: string | null; startAt: string },
  /** Messages another path sends itself: an online booking's own mail replaces the e-mailed confirmation (issue 61). */
  skip: (message: { kind: string; channel: string }) => boolean = () => false,
): Promise<void> {
  if (!w.jobs) return;
  // Pending messages go even when the salon has since turned messages off: a move or a cancellation stops them.
  if (event === 'MOVED' || event === 'CANCELLED') {
    messagesChanged(await cancelPending(w.tx, appointment.id, event)).forEach((e) => w.emit(e));
  }
  if (!appointment.clientId) return;
  const salon =
    (await w.lockedSalon()) ??
    (await w.tx.select({ settings: salons.settings, timeZone: salons.timeZone }).from(salons).where(eq(salons.id, w.salonId)))[0];
  if (!salon) return;
  const settings = clientMessagesOf(salon.settings as SalonSettings);
  if (!sendsAny(settings)) return;
  const [client] = await w.tx
    .select({ email: clients.email, phone: clients.phone, consent: clients.messageConsent })
    .from(clients)
    .where(and(eq(clients.id, appointment.clientId), eq(clients.salonId, w.salonId)));
  // A client who unsubscribed (a mail's link, an SMS STOP, the client dialog) gets nothing.
  if (!client?.consent) return;
  const now = salonWallTime(new Date(), salon.timeZone);
  // SMS only where this server has a provider (decision 076).
  const reachable = { email: Boolean(client.email), sms: w.sms && Boolean(client.phone) };
  const planned = plannedMessages(event, appointment.startAt, now, settings, reachable).filter((m) => !skip(m));
  if (planned.length === 0) return;
  const rows = planned.map((m) => ({
    id: newId(),
    salonId: w.salonId,
    appointmentId: appointment.id,
    clientId: appointment.clientId,
    kind: m.kind,
    channel: m.channel,
    dueAt: instantOf(m.due, salon.timeZone),
  }));
  await w.tx.insert(clientMessages).values(rows);
  messagesChanged(rows).forEach((e) => w.emit(e));
  await w.jobs.sendManyIn<ClientMessageJob>(
    w.tx,
    CLIENT_MESSAGE_QUEUE,
    rows.map((row) => ({ data: { messageId: row.id }, startAfter: row.dueAt })),
  );
}

/** A "we missed you" note not yet sent is stopped when the no-show mark is taken back (decision 079). */
export async function cancelNoShowNote(w: Writer, appointmentId: string): Promise<void> {
  const rows = await w.tx
    .update(clientMessages)
    .set({ status: 'CANCELLED', reason: 'NOT_A_NO_SHOW' })
    .where(and(eq(clientMessages.appointmentId, appointmentId), eq(clientMessages.status, 'SCHEDULED'), eq(clientMessages.kind, 'NO_SHOW')))
    .returning({ salonId: clientMessages.salonId, appointmentId: clientMessages.appointmentId, clientId: clientMessages.clientId });
  messagesChanged(rows).forEach((e) => w.emit(e));
}
