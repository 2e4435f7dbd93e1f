import { addMinutes } from './time';

/** Half-open spans [startAt, endAt) of wall times overlap when each starts before the other ends. */
export function overlaps(a: { startAt: string; endAt: string }, b: { startAt: string; endAt: string }): boolean {
  return a.startAt < b.endAt && b.startAt < a.endAt;
}

export interface Booking {
  id: string;
  masterId: string | null;
  cabinetId: string | null;
  startAt: string;
  endAt: string;
  archived?: boolean;
}

/**
 * The first booking that takes the same master or cabinet at an overlapping time (archived ones free
 * their time; docs/decisions/008-archived-appointments-free-time.md). The database enforces the same rule.
 */
export function findOverlap(candidate: Booking, others: Iterable<Booking>): Booking | null {
  for (const other of others) {
    if (other.id === candidate.id || other.archived) continue;
    const sameMaster = candidate.masterId !== null && other.masterId === candidate.masterId;
    const sameCabinet = candidate.cabinetId !== null && other.cabinetId === candidate.cabinetId;
    if ((sameMaster || sameCabinet) && overlaps(candidate, other)) return other;
  }
  return null;
}

export const endOf = (startAt: string, duration: number) => addMinutes(startAt, duration);
