import type { ServerErrorShape } from '../errors';
import type { UpdateAppointmentInput } from '../schemas/appointment';
import { addMinutes, dateOf, minutesOfDay } from './time';
import { refusal } from '../refusals';

/**
 * Moving an appointment by drag and drop (part 1 §2, §4; part 2 §2 'Master Appointments'): where a drop
 * lands, the updateAppointment input it sends, and the rules that refuse it. Pure, so the timetable, the
 * master calendar, the local command and the server all say the same.
 */

/** What a move reads of the appointment. */
export interface Movable {
  id: string;
  masterId: string | null;
  cabinetId: string | null;
  clientId: string | null;
  serviceId: string;
  duration: number;
  startAt: string;
  notes: string;
  groupId: string | null;
}

/** Where the appointment goes: the master and cabinet it keeps or takes, and its new start. */
export interface Placement {
  masterId: string | null;
  cabinetId: string | null;
  startAt: string;
}

/**
 * A drop: the column's provider (a master column takes the master, a cabinet column the cabinet; the other
 * stays, as the spec's drag sends the cabinet in cabinet mode only), the column's date, and how many salon
 * steps the card went down (negative: up).
 */
export interface Drop {
  kind: 'master' | 'cabinet';
  providerId: string;
  date: string;
  steps: number;
  step: number;
}

const LAST_MINUTE = 24 * 60 - 1;

/**
 * Where a drop puts the appointment. The start keeps its time of day, moved by whole steps and held inside
 * the column's date (a card dragged above midnight stays on its day; the salon's hours then refuse it).
 */
export function placementOf(a: Pick<Movable, 'masterId' | 'cabinetId' | 'startAt'>, drop: Drop): Placement {
  const minutes = Math.min(LAST_MINUTE, Math.max(0, minutesOfDay(a.startAt) + drop.steps * drop.step));
  return {
    masterId: drop.kind === 'master' ? drop.providerId : a.masterId,
    cabinetId: drop.kind === 'cabinet' ? drop.providerId : a.cabinetId,
    startAt: addMinutes(`${drop.date} 00:00`, minutes),
  };
}

/** Whether the placement changes nothing (a drop back where the card was sends no command). */
export const isSamePlace = (a: Pick<Movable, 'masterId' | 'cabinetId' | 'startAt'>, p: Placement): boolean =>
  a.masterId === p.masterId && a.cabinetId === p.cabinetId && a.startAt === p.startAt;

/** The updateAppointment input of a move: everything but the provider and the start stays as it is. */
export function moveInput(a: Movable, p: Placement): UpdateAppointmentInput {
  return {
    appointmentId: a.id,
    master: p.masterId,
    cabinet: p.cabinetId,
    client: a.clientId,
    service: a.serviceId,
    duration: a.duration,
    startAt: p.startAt,
    notes: a.notes,
  };
}

export const paidLocked = (): ServerErrorShape => refusal('appointmentPaidLocked');

export const groupDateLocked = (): ServerErrorShape => refusal('groupDateLocked');

/**
 * The first rule a change of start or provider breaks, or null (part 1 §4): a paid appointment is locked;
 * appointments booked together keep their date. Anyone who may edit an appointment may move it, masters
 * included, whoever's it is (docs/decisions/033-masters-and-others-appointments.md). The booking rules
 * (hours, past days, overlap) follow in checkBooking, as for every edit.
 */
export function moveRefusal(
  before: Pick<Movable, 'startAt' | 'groupId'>,
  after: Placement,
  env: { paid: boolean },
): ServerErrorShape | null {
  if (env.paid) return paidLocked();
  if (before.groupId && dateOf(before.startAt) !== dateOf(after.startAt)) return groupDateLocked();
  return null;
}
