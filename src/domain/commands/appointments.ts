import type { AppointmentOutcome } from '../entities';
import type { ServerErrorShape } from '../errors';
import { refusal } from '../refusals';
import type { Access } from '../roles';
import { moveRefusal } from '../rules/appointment-move';
import { checkBooking, type BookingLine } from '../rules/appointments';
import { findOverlap, type Booking } from '../rules/overlap';
import { canArchivePaid, canBookPastDays, canRemovePaid, limitedToOwnAppointments, ownsAll } from '../rules/permissions';
import type { SalonSettings } from '../rules/salon-defaults';
import { addMinutes } from '../rules/time';
import type { CommandValues } from './inputs';

/**
 * The rules of the appointment commands (part 1 §4-§8) as pure checks, run by the local command against the
 * mirror (src/db/commands/appointments.ts) and by the server inside its transaction
 * (server/modules/appointments/service.ts). Each side reads what a check needs and hands it over; the check
 * returns the first refusal, from the one table (src/domain/refusals.ts), or null.
 */

/** Who runs the command: the role rules' access and the session's salon. */
export interface Actor extends Access {
  salonId: string;
}

/**
 * The actor's own master rows in the salon, read when `limitedToOwnAppointments` holds (a master, the salon's
 * 'Masters may change colleagues' appointments' off), else null: nothing to read.
 */
export type OwnMasters = readonly string[] | null;

/** NOT_OWN_APPOINTMENT when the actor is limited to own appointments and one of `masterIds` is not theirs. */
function notOwn(actor: Actor, settings: SalonSettings | null, own: OwnMasters, masterIds: readonly (string | null)[]) {
  return limitedToOwnAppointments(actor, settings) && !ownsAll(own ?? [], masterIds) ? refusal('notOwnAppointment') : null;
}

/** The salon as the command sees it: its settings (null before the mirror has its row) and its date today. */
export interface SalonNow {
  settings: SalonSettings | null;
  /** YYYY-MM-DD in the salon's time zone. */
  today: string;
}

export type RefKind = 'master' | 'cabinet' | 'service' | 'client';

/** A line's master, cabinet, service or client that is gone or of another salon, on its field. */
export const refNotExists = (kind: RefKind): ServerErrorShape =>
  kind === 'client'
    ? refusal('clientNotExists', { field: 'client' })
    : refusal('appointmentNotExists', { field: kind, message: `This ${kind} does not exist` });

export interface LineRefs {
  master?: string | null;
  cabinet?: string | null;
  service?: string | null;
  client?: string | null;
}

/**
 * The references a check must find live in the salon: all of a new line's; of an edit only the changed ones
 * (a reference kept as it was stays valid even if, say, its master was deleted since).
 */
export function refsToFind(
  line: Required<LineRefs>,
  before?: { masterId: string | null; cabinetId: string | null; serviceId: string; clientId: string | null },
): LineRefs {
  if (!before) return line;
  return {
    master: line.master !== before.masterId ? line.master : null,
    cabinet: line.cabinet !== before.cabinetId ? line.cabinet : null,
    service: line.service !== before.serviceId ? line.service : null,
    client: line.client !== before.clientId ? line.client : null,
  };
}

const bookingOf = (
  id: string,
  l: { master: string | null; cabinet: string | null; startAt: string; duration: number },
): BookingLine & Booking => ({
  id,
  masterId: l.master,
  cabinetId: l.cabinet,
  startAt: l.startAt,
  duration: l.duration,
  endAt: addMinutes(l.startAt, l.duration),
});

/** createAppointments: salon, references, ids, then each line's day, hours and overlap (earlier lines included). */
export function checkCreateAppointments(
  input: CommandValues<'appointment.create'>,
  actor: Actor,
  reads: { salon: SalonNow; missing: RefKind | null; idTaken: boolean; busy: readonly Booking[]; own: OwnMasters },
): ServerErrorShape | null {
  if (input.salon !== actor.salonId) return refusal('notSessionSalon');
  if (reads.missing) return refNotExists(reads.missing);
  const others = notOwn(
    actor,
    reads.salon.settings,
    reads.own,
    input.appointments.map((l) => l.master ?? null),
  );
  if (others) return others;
  const ids = input.appointments.map((l) => l.id);
  if (reads.idTaken || new Set(ids).size !== ids.length) return refusal('appointmentExists');
  const lines = input.appointments.map((l) => bookingOf(l.id, l));
  const env = { schedule: reads.salon.settings?.schedule ?? null, today: reads.salon.today, canBookPast: canBookPastDays(actor) };
  for (const [i, line] of lines.entries()) {
    const broken = checkBooking(line, { ...env, others: [...reads.busy, ...lines.slice(0, i)] });
    if (broken) return broken;
  }
  return null;
}

export interface CurrentAppointment extends Booking {
  clientId: string | null;
  serviceId: string;
  duration: number;
  groupId: string | null;
  archived: boolean;
  outcome?: AppointmentOutcome | null;
}

/**
 * updateAppointment (the edit form and drag-and-drop moves): it exists; paid locks it and a group keeps its
 * date; changed references exist; then hours and past days bind only a new time (a master change of a past
 * appointment stays possible), and the overlap binds unless it is archived (archived ones hold no time,
 * docs/decisions/008).
 */
export function checkUpdateAppointment(
  input: CommandValues<'appointment.update'>,
  actor: Actor,
  reads: {
    salon: SalonNow;
    current: CurrentAppointment | null;
    paid: boolean;
    missing: RefKind | null;
    busy: readonly Booking[];
    own: OwnMasters;
  },
): ServerErrorShape | null {
  const { current } = reads;
  if (!current) return refusal('appointmentNotExists');
  const others = notOwn(actor, reads.salon.settings, reads.own, [current.masterId, input.master]);
  if (others) return others;
  const moved = moveRefusal(current, { masterId: input.master, cabinetId: input.cabinet, startAt: input.startAt }, { paid: reads.paid });
  if (moved) return moved;
  if (reads.missing) return refNotExists(reads.missing);
  const retimed = input.startAt !== current.startAt || input.duration !== current.duration;
  return checkBooking(bookingOf(current.id, input), {
    schedule: retimed ? (reads.salon.settings?.schedule ?? null) : null,
    today: reads.salon.today,
    canBookPast: canBookPastDays(actor) || input.startAt === current.startAt,
    others: current.archived ? [] : reads.busy,
  });
}

/**
 * deleteAppointment: it exists; a paid one only by the owner or a sysadmin (USER_DOES_NOT_HAVE_PERMISSION_TO_REMOVE);
 * kept as a late cancellation (`late`, decision 079) only a client's unpaid one.
 */
export function checkDeleteAppointment(
  actor: Actor,
  reads: {
    exists: boolean;
    paid: boolean;
    masterId: string | null;
    settings: SalonSettings | null;
    own: OwnMasters;
    late?: { clientId: string | null };
  },
): ServerErrorShape | null {
  if (!reads.exists) return refusal('appointmentNotExists');
  const others = notOwn(actor, reads.settings, reads.own, [reads.masterId]);
  if (others) return others;
  if (reads.paid && !canRemovePaid(actor)) return refusal('removePaidForbidden');
  if (reads.late) return outcomeRefusal(reads.late.clientId, reads.paid);
  return null;
}

/** A paid appointment or a walk-in has no outcome but the visit (decision 079). */
const outcomeRefusal = (clientId: string | null, paid: boolean): ServerErrorShape | null =>
  paid ? refusal('outcomePaid') : clientId ? null : refusal('outcomeWalkIn');

/**
 * markNoShow (decision 079): the session's salon; it exists and is not a late cancellation; the actor may change
 * it; a client's unpaid visit that has begun (`now`, the salon's wall time). Taking the mark back needs only the first.
 */
export function checkMarkNoShow(
  input: CommandValues<'appointment.markNoShow'>,
  actor: Actor,
  reads: { salon: SalonNow; current: CurrentAppointment | null; paid: boolean; own: OwnMasters; now: string },
): ServerErrorShape | null {
  if (input.salon !== actor.salonId) return refusal('notSessionSalon');
  const { current } = reads;
  if (!current || current.outcome === 'LATE_CANCEL') return refusal('appointmentNotExists');
  const others = notOwn(actor, reads.salon.settings, reads.own, [current.masterId]);
  if (others) return others;
  if (!input.noShow) return null;
  const broken = outcomeRefusal(current.clientId, reads.paid);
  if (broken) return broken;
  return current.startAt > reads.now ? refusal('noShowNotBegun') : null;
}

/**
 * archiveAppointment: the session's salon; it exists; a paid one needs the archive setting, the owner or a
 * sysadmin, never a master; unarchiving takes its time back, which must still be free.
 */
export function checkArchiveAppointment(
  input: CommandValues<'appointment.archive'>,
  actor: Actor,
  reads: { salon: SalonNow; current: CurrentAppointment | null; paid: boolean; busy: readonly Booking[]; own: OwnMasters },
): ServerErrorShape | null {
  if (input.salon !== actor.salonId) return refusal('notSessionSalon');
  const { current } = reads;
  if (!current) return refusal('appointmentNotExists');
  const others = notOwn(actor, reads.salon.settings, reads.own, [current.masterId]);
  if (others) return others;
  if (reads.paid && !canArchivePaid(actor, reads.salon.settings ?? { enableArchive: false })) return refusal('archivePaidForbidden');
  if (!input.archived && current.archived && findOverlap(current, reads.busy)) return refusal('timeOverlaps');
  return null;
}
