import type { AppointmentRow } from '../entities';
import { addMinutes, isWallTime } from './time';

/**
 * Bookings the server refused after an offline spell (issue 63): the lines of a refused `appointment.create`,
 * as appointment rows the timetable shows as ghosts, marked refused, on the day and with the master or cabinet
 * they were made for. The refusal undid them in the mirror; the conflict keeps what was asked (its arguments).
 * A refused move or edit leaves its card where it was, so it has no ghost.
 */
export interface RefusedBooking {
  conflictId: number;
  row: AppointmentRow;
}

type Loose = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function refusedBookings(
  conflicts: readonly { id?: number; name: string; args: unknown; salonId: string; createdAt: string }[],
  date: string,
): RefusedBooking[] {
  const out: RefusedBooking[] = [];
  for (const c of conflicts) {
    if (c.name !== 'appointment.create' || c.id === undefined) continue;
    const outer = (c.args && typeof c.args === 'object' ? c.args : {}) as Loose;
    const input = (outer.input && typeof outer.input === 'object' ? outer.input : outer) as Loose;
    const lines = Array.isArray(input.appointments) ? (input.appointments as unknown[]) : [];
    for (const raw of lines) {
      const line = (raw && typeof raw === 'object' ? raw : {}) as Loose;
      const id = text(line.id);
      const startAt = text(line.startAt);
      const serviceId = text(line.service);
      const duration = typeof line.duration === 'number' && line.duration > 0 ? line.duration : null;
      if (!id || !startAt || !isWallTime(startAt) || !serviceId || duration === null || startAt.slice(0, 10) !== date) continue;
      out.push({
        conflictId: c.id,
        row: {
          id,
          salonId: c.salonId,
          masterId: text(line.master),
          cabinetId: text(line.cabinet),
          clientId: text(line.client),
          serviceId,
          authorId: null,
          authorRole: 'ADMIN',
          startAt,
          endAt: addMinutes(startAt, duration),
          duration,
          notes: text(line.notes) ?? '',
          groupId: text(input.group),
          archived: false,
          membershipId: null,
          createdAt: c.createdAt,
        },
      });
    }
  }
  return out;
}
