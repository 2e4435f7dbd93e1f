import { and, eq, isNull, ne } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  checkArchiveAppointment,
  checkCreateAppointments,
  checkDeleteAppointment,
  checkMarkNoShow,
  checkUpdateAppointment,
  refsToFind,
  type Actor,
  type CurrentAppointment,
} from '../../../src/domain/commands/appointments';
import type { ServerErrorShape } from '../../../src/domain/errors';
import { groupIdOf } from '../../../src/domain/rules/appointments';
import { endOf, type Booking } from '../../../src/domain/rules/overlap';
import { dateOf } from '../../../src/domain/rules/time';
import type {
  archiveAppointmentSchema,
  createAppointmentsSchema,
  deleteAppointmentSchema,
  markNoShowSchema,
  updateAppointmentSchema,
} from '../../../src/domain/schemas/appointment';
import { appointments, invoiceItems, invoices } from '../../db/schema';
import { fromShape } from '../../graphql/errors';
import type { AppointmentPayload } from '../../pubsub';
import type { Writer } from '../../sync/command';
import { appointmentRow, wallTime } from '../../sync/rows';
import { cancelNoShowNote, planClientMessages } from '../client-messages/schedule';
import { appointmentOf, busyAround, currentSalon, invoiceOf, missingRef, ownMasters, refsAndIds, type AppointmentDbRow } from './checks';

/** Rules of part 1 §4-§8, re-checked on the server inside the command's transaction (DESIGN.md §1). */
type In<S extends v.GenericSchema> = v.InferOutput<S>;

export const appointmentView = (row: AppointmentDbRow): AppointmentPayload => ({ ...appointmentRow(row), rev: row.rev });

function added(w: Writer, row: AppointmentDbRow): AppointmentPayload {
  const view = appointmentView(row);
  w.emit({ topic: 'appointmentAdded', salon: w.salonId, payload: view });
  return view;
}

/** The caller as the shared checks take it (src/domain/commands/appointments.ts). */
export const actorOf = (w: Writer): Actor => ({ role: w.viewer.role, isOwner: w.viewer.isOwner, salonId: w.salonId });
/** Throws a shared check's refusal, if any, as the API's error. */
export const check = (broken: ServerErrorShape | null) => {
  if (broken) throw fromShape(broken);
};
const bookingOf = (id: string, l: { master: string | null; cabinet: string | null; startAt: string; duration: number }): Booking => ({
  id,
  masterId: l.master,
  cabinetId: l.cabinet,
  startAt: l.startAt,
  endAt: endOf(l.startAt, l.duration),
});
const currentOf = (row: AppointmentDbRow | null): CurrentAppointment | null => (row ? appointmentRow(row) : null);

/** createAppointments: one or more service lines booked together (several lines share a group). */
export async function createAppointments(w: Writer, input: In<typeof createAppointmentsSchema>) {
  const rev = await w.rev();
  const lines = input.appointments;
  const ids = lines.map((l) => l.id);
  const candidates = lines.map((l) => bookingOf(l.id, l));
  // Ids are global: an id taken in any salon, even by a deleted appointment, is refused.
  const { missing, idTaken } = await refsAndIds(w, lines, ids);
  const busy = await busyAround(w, candidates);
  const salon = await currentSalon(w);
  const own = await ownMasters(w, salon.settings);
  check(checkCreateAppointments(input, actorOf(w), { salon, missing, idTaken, busy, own }));

  const groupId = groupIdOf(
    input.group,
    lines.map((l) => l.id),
  );
  const authorRole = w.viewer.role === 'MASTER' ? 'MASTER' : 'ADMIN';
  const rows = await w.tx
    .insert(appointments)
    .values(
      lines.map((l, i) => ({
        id: l.id,
        salonId: w.salonId,
        masterId: l.master,
        cabinetId: l.cabinet,
        clientId: l.client,
        serviceId: l.service,
        authorId: w.viewer.user.id,
        authorRole,
        startAt: l.startAt,
        endAt: candidates[i]?.endAt as string,
        duration: l.duration,
        notes: l.notes,
        groupId,
        rev,
      })),
    )
    .returning();
  // One confirmation and one set of reminders for the booking, at its first line's time.
  const first = [...lines].sort((a, b) => (a.startAt < b.startAt ? -1 : 1))[0];
  if (first) await planClientMessages(w, 'BOOKED', { id: first.id, clientId: first.client, startAt: first.startAt });
  // Answer in the order of the input lines.
  return ids.map((id) => added(w, rows.find((r) => r.id === id) as AppointmentDbRow));
}

/** updateAppointment: the edit form and drag-and-drop moves. */
export async function updateAppointment(w: Writer, input: In<typeof updateAppointmentSchema>) {
  const rev = await w.rev();
  const current = currentOf(await appointmentOf(w, input.appointmentId));
  const endAt = endOf(input.startAt, input.duration);
  const paid = current ? Boolean((await invoiceOf(w, current.id))?.paid) : false;
  const missing = current ? await missingRef(w, [refsToFind(input, current)]) : null;
  const busy = current && !current.archived ? await busyAround(w, [bookingOf(current.id, input)], current.id) : [];
  const salon = await currentSalon(w);
  const own = await ownMasters(w, salon.settings);
  check(checkUpdateAppointment(input, actorOf(w), { salon, current, paid, missing, busy, own }));
  const id = (current as CurrentAppointment).id;
  const [row] = await w.tx
    .update(appointments)
    .set({
      masterId: input.master,
      cabinetId: input.cabinet,
      clientId: input.client,
      serviceId: input.service,
      duration: input.duration,
      startAt: input.startAt,
      endAt,
      notes: input.notes,
      rev,
    })
    .where(eq(appointments.id, id))
    .returning();
  if ((current as CurrentAppointment).startAt !== input.startAt) {
    await planClientMessages(w, 'MOVED', { id, clientId: input.client, startAt: input.startAt });
  }
  return added(w, row as AppointmentDbRow);
}

/**
 * deleteAppointment: soft delete (pull sends a tombstone); a group left with one appointment dissolves. A late
 * cancellation (`late`, decision 079) keeps the row, archived with its outcome, out of its group.
 */
export async function deleteAppointment(w: Writer, input: In<typeof deleteAppointmentSchema>) {
  const rev = await w.rev();
  const found = await appointmentOf(w, input.appointmentId);
  const invoice = found ? await invoiceOf(w, found.id) : null;
  // Only a master's delete depends on the salon's settings (masters limited to own appointments).
  const settings = w.viewer.role === 'MASTER' ? (await currentSalon(w)).settings : null;
  const own = settings ? await ownMasters(w, settings) : null;
  check(
    checkDeleteAppointment(actorOf(w), {
      exists: Boolean(found),
      paid: Boolean(invoice?.paid),
      masterId: found?.masterId ?? null,
      settings,
      own,
      late: input.late ? { clientId: found?.clientId ?? null } : undefined,
    }),
  );
  const current = found as AppointmentDbRow;
  const now = new Date();
  const [kept] = input.late
    ? await w.tx
        .update(appointments)
        .set({ archived: true, archivedAt: now, outcome: 'LATE_CANCEL', groupId: null, rev })
        .where(eq(appointments.id, current.id))
        .returning()
    : await w.tx.update(appointments).set({ deletedAt: now, rev }).where(eq(appointments.id, current.id)).returning();
  if (invoice && !invoice.paid) {
    // A draft invoice means nothing without its appointment; a paid one stays for the books.
    await w.tx.update(invoices).set({ deletedAt: now, rev }).where(eq(invoices.id, invoice.id));
    await w.tx
      .update(invoiceItems)
      .set({ deletedAt: now, rev })
      .where(and(eq(invoiceItems.invoiceId, invoice.id), isNull(invoiceItems.deletedAt)));
  }
  if (current.groupId) await dissolveGroup(w, current, rev);
  await planClientMessages(w, 'CANCELLED', { id: current.id, clientId: current.clientId, startAt: wallTime(current.startAt) });
  if (input.late) added(w, kept as AppointmentDbRow);
  else w.emit({ topic: 'appointmentDeleted', salon: w.salonId, payload: { id: current.id, date: dateOf(wallTime(current.startAt)) } });
  return { appointmentId: current.id };
}

/** The last one left of `current`'s group loses its group (part 1 §4). */
async function dissolveGroup(w: Writer, current: AppointmentDbRow, rev: number) {
  const rest = await w.tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.salonId, w.salonId),
        eq(appointments.groupId, current.groupId as string),
        isNull(appointments.deletedAt),
        ne(appointments.id, current.id),
      ),
    );
  if (rest.length !== 1) return;
  const [single] = await w.tx
    .update(appointments)
    .set({ groupId: null, rev })
    .where(eq(appointments.id, (rest[0] as { id: string }).id))
    .returning();
  added(w, single as AppointmentDbRow);
}

/** markNoShow (decision 079): the client did not come, or did after all; "we missed you" goes or is stopped. */
export async function markNoShow(w: Writer, input: In<typeof markNoShowSchema>) {
  const rev = await w.rev();
  const found = await appointmentOf(w, input.appointmentId);
  const paid = found ? Boolean((await invoiceOf(w, found.id))?.paid) : false;
  const salon = await currentSalon(w);
  const own = await ownMasters(w, salon.settings);
  check(checkMarkNoShow(input, actorOf(w), { salon, current: currentOf(found), paid, own, now: salon.now }));
  const current = found as AppointmentDbRow;
  const outcome = input.noShow ? 'NO_SHOW' : null;
  if (current.outcome === outcome) return { appointment: appointmentView(current) };
  const [row] = await w.tx.update(appointments).set({ outcome, rev }).where(eq(appointments.id, current.id)).returning();
  const appointment = { id: current.id, clientId: current.clientId, startAt: wallTime(current.startAt) };
  if (input.noShow) await planClientMessages(w, 'NO_SHOW', appointment);
  else await cancelNoShowNote(w, current.id);
  return { appointment: added(w, row as AppointmentDbRow) };
}

/** archiveAppointment: archived appointments free their time (docs/decisions/008); unarchiving takes it again. */
export async function archiveAppointment(w: Writer, input: In<typeof archiveAppointmentSchema>) {
  const rev = await w.rev();
  const found = await appointmentOf(w, input.appointmentId);
  const paid = found ? Boolean((await invoiceOf(w, found.id))?.paid) : false;
  // Unarchiving takes the time back: it must still be free.
  const busy = found && found.archived && !input.archived ? await busyAround(w, [appointmentRow(found)], found.id) : [];
  const salon = await currentSalon(w);
  const own = await ownMasters(w, salon.settings);
  check(checkArchiveAppointment(input, actorOf(w), { salon, current: currentOf(found), paid, busy, own }));
  const current = found as AppointmentDbRow;
  if (current.archived === input.archived) return { appointment: appointmentView(current) };
  const [row] = await w.tx
    .update(appointments)
    // Unarchived, a late cancellation is a booking again (decision 079).
    .set({
      archived: input.archived,
      archivedAt: input.archived ? new Date() : null,
      outcome: input.archived || current.outcome !== 'LATE_CANCEL' ? current.outcome : null,
      rev,
    })
    .where(eq(appointments.id, current.id))
    .returning();
  return { appointment: added(w, row as AppointmentDbRow) };
}
