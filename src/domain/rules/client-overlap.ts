import { addMinutes } from './time';
import { overlaps } from './overlap';

/** A form line as the rule needs it: minutes from midnight on the form's date. */
export interface ClientOverlapLine {
  id: string;
  startTime: number | null;
  duration: number | null;
}

/** A booked appointment of the day, as the mirror holds it. */
export interface ClientOverlapBooked {
  id: string;
  clientId: string | null;
  masterId: string | null;
  cabinetId: string | null;
  serviceId?: string;
  startAt: string;
  endAt: string;
  archived?: boolean;
}

/** What the form's client is already in when a line starts: another line of the form, or a booked appointment. */
export type ClientOverlap =
  | { kind: 'line'; line: number; other: number; startAt: string }
  | { kind: 'booked'; line: number; appointment: ClientOverlapBooked; startAt: string };

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * Where the form would put one client in two chairs at once (docs/decisions/043-client-in-two-chairs.md):
 * each line that overlaps an earlier line of the same form, or a live appointment of the same client that
 * is not the one being edited. A walk-in (no client) is never in two chairs; lines without a time yet are
 * skipped. A warning the receptionist may confirm (a manicure and a pedicure together are real), not a refusal.
 */
export function clientOverlaps(
  client: string | null,
  date: string,
  lines: readonly ClientOverlapLine[],
  booked: Iterable<ClientOverlapBooked>,
  editingId: string | null = null,
): ClientOverlap[] {
  if (!client) return [];
  const spans = lines.map((l) =>
    l.startTime === null || !l.duration
      ? null
      : { startAt: `${date} ${clock(l.startTime)}`, endAt: addMinutes(`${date} ${clock(l.startTime)}`, l.duration) },
  );
  const theirs = [...booked].filter((a) => a.clientId === client && !a.archived && a.id !== editingId);
  const found: ClientOverlap[] = [];
  spans.forEach((span, i) => {
    if (!span) return;
    const other = spans.findIndex((s, j) => j < i && s !== null && overlaps(s, span));
    if (other >= 0) {
      found.push({ kind: 'line', line: i, other, startAt: span.startAt });
      return;
    }
    const appointment = theirs.find((a) => overlaps(a, span));
    if (appointment) found.push({ kind: 'booked', line: i, appointment, startAt: span.startAt });
  });
  return found;
}

/** A key that changes when the overlaps do, so a confirmation holds only for what was confirmed. */
export const overlapKey = (found: readonly ClientOverlap[]) =>
  found.map((o) => (o.kind === 'line' ? `${o.line}~${o.other}@${o.startAt}` : `${o.line}~${o.appointment.id}@${o.startAt}`)).join('|');
