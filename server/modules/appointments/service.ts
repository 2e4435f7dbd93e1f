import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type * as v from 'valibot';
import { moveRefusal } from '../../../src/domain/rules/appointment-move';
import { checkBooking, type BookingEnv, type BookingLine, groupIdOf } from '../../../src/domain/rules/appointments';
import { endOf, findOverlap, type Booking } from '../../../src/domain/rules/overlap';
import { canArchivePaid, canBookPastDays, canRemovePaid } from '../../../src/domain/rules/permissions';
import { dateOf } from '../../../src/domain/rules/time';
import type {
  archiveAppointmentSchema, createAppointmentsSchema, deleteAppointmentSchema, updateAppointmentSchema,
} from '../../../src/domain/schemas/appointment';
import { appointments, invoiceItems, invoices } from '../../db/schema';
import { forbidden } from '../../graphql/errors';
import { fromShape, refused } from '../../graphql/refusals';
import type { AppointmentPayload } from '../../pubsub';
import type { Writer } from '../../sync/command';
import { appointmentRow, wallTime } from '../../sync/rows';
import { busyAround, currentSalon, findAppointment, invoiceOf, requireRefs, type AppointmentDbRow } from './checks';

/** Rules of part 1 §4-§8, re-checked on the server inside the command's transaction (DESIGN.md §1). */
type In<S extends v.GenericSchema> = v.InferOutput<S>;

export const appointmentView = (row: AppointmentDbRow): AppointmentPayload => ({ ...appointmentRow(row), rev: row.rev });

function added(w: Writer, row: AppointmentDbRow): AppointmentPayload {
  const view = appointmentView(row);
  w.emit({ topic: 'appointmentAdded', salon: w.salonId, payload: view });
  return view;
}

function requireSessionSalon(w: Writer, salonId: string) {
  if (salonId !== w.salonId) throw forbidden('NOT_THE_SESSION_SALON');
}

/**
 * The shared booking rule (src/domain/rules/appointments.ts, the same the local command runs): past day,
 * salon hours, overlap with busy bookings and with earlier lines of the same batch.
 */
function assertBookable(lines: Line[], env: Omit<BookingEnv, 'others'>, busy: Booking[]) {
  lines.forEach((line, i) => {
    const refusal = checkBooking(line, { ...env, others: [...busy, ...lines.slice(0, i)] });
    if (refusal) throw fromShape(refusal);
  });
}
type Line = BookingLine & Booking;
const lineOf = (id: string, l: { master: string | null; cabinet: string | null; startAt: string; duration: number }): Line => ({
  id, masterId: l.master, cabinetId: l.cabinet, startAt: l.startAt, duration: l.duration, endAt: endOf(l.startAt, l.duration),
});

/** createAppointments: one or more service lines booked together (several lines share a group). */
export async function createAppointments(w: Writer, input: In<typeof createAppointmentsSchema>) {
  requireSessionSalon(w, input.salon);
  const rev = await w.rev();
  const { settings, today } = await currentSalon(w);
  const lines = input.appointments;
  await requireRefs(w, lines);
  const ids = lines.map((l) => l.id);
  if (new Set(ids).size !== ids.length) throw refused('appointmentExists');
  // Ids are global: an id taken in any salon, even by a deleted appointment, is refused.
  const taken = await w.tx.select({ id: appointments.id }).from(appointments).where(inArray(appointments.id, ids));
  if (taken.length > 0) throw refused('appointmentExists');
  const candidates = lines.map((l) => lineOf(l.id, l));
  const env = { schedule: settings.schedule, today, canBookPast: canBookPastDays(w.viewer) };
  assertBookable(candidates, env, await busyAround(w, candidates));

  const groupId = groupIdOf(input.group, lines.map((l) => l.id));
  const authorRole = w.viewer.role === 'MASTER' ? 'MASTER' : 'ADMIN';
  const rows = await w.tx
    .insert(appointments)
    .values(
      lines.map((l, i) => ({
        id: l.id, salonId: w.salonId, masterId: l.master, cabinetId: l.cabinet, clientId: l.client, serviceId: l.service,
        authorId: w.viewer.user.id, authorRole, startAt: l.startAt, endAt: candidates[i]?.endAt as string, duration: l.duration,
        notes: l.notes, groupId, rev,
      })),
    )
    .returning();
  // Answer in the order of the input lines.
  return ids.map((id) => added(w, rows.find((r) => r.id === id) as AppointmentDbRow));
}

/** updateAppointment: the edit form and drag-and-drop moves. */
export async function updateAppointment(w: Writer, input: In<typeof updateAppointmentSchema>) {
  const rev = await w.rev();
  const current = await findAppointment(w, input.appointmentId);
  const before = appointmentRow(current);
  const endAt = endOf(input.startAt, input.duration);
  // Paid locks it, a group keeps its date (the local command runs the same rule).
  const paid = Boolean((await invoiceOf(w, current.id))?.paid);
  const broken = moveRefusal(before, { masterId: input.master, cabinetId: input.cabinet, startAt: input.startAt }, { paid });
  if (broken) throw fromShape(broken);
  // A reference kept as it was stays valid even if, say, its master was deleted since.
  await requireRefs(w, [{
    master: input.master !== before.masterId ? input.master : null,
    cabinet: input.cabinet !== before.cabinetId ? input.cabinet : null,
    service: input.service !== before.serviceId ? input.service : null,
    client: input.client !== before.clientId ? input.client : null,
  }]);
  // Hours and past days bind only a new time: a master change of a past appointment stays possible.
  const retimed = input.startAt !== before.startAt || input.duration !== before.duration;
  const { settings, today } = await currentSalon(w);
  const env = {
    schedule: retimed ? settings.schedule : null,
    today,
    canBookPast: canBookPastDays(w.viewer) || input.startAt === before.startAt,
  };
  // Archived appointments hold no time (docs/decisions/008): only the hours and day rules apply to them.
  const candidate = lineOf(current.id, input);
  assertBookable([candidate], env, current.archived ? [] : await busyAround(w, [candidate], current.id));
  const [row] = await w.tx
    .update(appointments)
    .set({
      masterId: input.master, cabinetId: input.cabinet, clientId: input.client, serviceId: input.service, duration: input.duration,
      startAt: input.startAt, endAt, notes: input.notes, rev,
    })
    .where(eq(appointments.id, current.id))
    .returning();
  return added(w, row as AppointmentDbRow);
}

/** deleteAppointment: soft delete (pull sends a tombstone); a group left with one appointment dissolves. */
export async function deleteAppointment(w: Writer, input: In<typeof deleteAppointmentSchema>) {
  const rev = await w.rev();
  const current = await findAppointment(w, input.appointmentId);
  const invoice = await invoiceOf(w, current.id);
  if (invoice?.paid && !canRemovePaid(w.viewer)) throw refused('removePaidForbidden');
  const now = new Date();
  await w.tx.update(appointments).set({ deletedAt: now, rev }).where(eq(appointments.id, current.id));
  if (invoice && !invoice.paid) {
    // A draft invoice means nothing without its appointment; a paid one stays for the books.
    await w.tx.update(invoices).set({ deletedAt: now, rev }).where(eq(invoices.id, invoice.id));
    await w.tx.update(invoiceItems).set({ deletedAt: now, rev }).where(and(eq(invoiceItems.invoiceId, invoice.id), isNull(invoiceItems.deletedAt)));
  }
  if (current.groupId) {
    const rest = await w.tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.salonId, w.salonId), eq(appointments.groupId, current.groupId), isNull(appointments.deletedAt), ne(appointments.id, current.id)));
    if (rest.length === 1) {
      const [single] = await w.tx.update(appointments).set({ groupId: null, rev }).where(eq(appointments.id, (rest[0] as { id: string }).id)).returning();
      added(w, single as AppointmentDbRow);
    }
  }
  w.emit({ topic: 'appointmentDeleted', salon: w.salonId, payload: { id: current.id, date: dateOf(wallTime(current.startAt)) } });
  return { appointmentId: current.id };
}

/** archiveAppointment: archived appointments free their time (docs/decisions/008); unarchiving takes it again. */
export async function archiveAppointment(w: Writer, input: In<typeof archiveAppointmentSchema>) {
  requireSessionSalon(w, input.salon);
  const rev = await w.rev();
  const current = await findAppointment(w, input.appointmentId);
  if ((await invoiceOf(w, current.id))?.paid) {
    const { settings } = await currentSalon(w);
    if (!canArchivePaid(w.viewer, settings)) throw refused('archivePaidForbidden');
  }
  if (current.archived === input.archived) return { appointment: appointmentView(current) };
  if (!input.archived) {
    // Unarchiving takes the time back: it must still be free.
    const candidate: Booking = appointmentRow(current);
    const busy = await busyAround(w, [candidate], current.id);
    if (findOverlap(candidate, busy)) throw refused('timeOverlaps');
  }
  const [row] = await w.tx
    .update(appointments)
    .set({ archived: input.archived, archivedAt: input.archived ? new Date() : null, rev })
    .where(eq(appointments.id, current.id))
    .returning();
  return { appointment: added(w, row as AppointmentDbRow) };
}
