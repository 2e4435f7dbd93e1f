import { useCallback, useEffect, useRef, useState } from 'react';
import type { Drop, Placement } from '../../domain/rules/appointment-move';
import { dateOf, minutesOfDay } from '../../domain/rules/time';
import type { BookingMode, NewAppointmentValues } from '../../domain/schemas/appointment-form';
import type { AppointmentRow } from '../../domain/entities';
import type { KnownRows } from '../../sync/submit-command';
import type { MoveOutcome } from './grid-column';
import { firstPaint } from '../after-paint';
import { useServerErrorLater } from '../use-server-error-later';

/**
 * The move's rules and commands load after the page's first paint, not before it (initial JS, DESIGN.md §10), and are
 * here by the first drop, offline too.
 */
let moveParts: Promise<[typeof import('../../domain/rules/appointment-move'), typeof import('../../sync/submit-command')]> | null = null;
const loadMoveParts = () =>
  (moveParts ??= Promise.all([import('../../domain/rules/appointment-move'), import('../../sync/submit-command')]).catch(
    (error: unknown) => {
      moveParts = null;
      throw error;
    },
  ));

/** How long Undo stays after a move (issue 63). */
const UNDO_MS = 5000;

/** Fields a refusal of updateAppointment may name; a move shows the message whatever its field. */
const FIELDS = ['startTime', 'startDate', 'master', 'cabinet', 'client', 'service', 'duration'];

/**
 * A card dropped somewhere (part 1 §2, §4): the move command (appointment.move, sent as updateAppointment).
 * The card moves at once, marked pending until the server confirms. A refusal, by the local rules (paid,
 * grouped across dates, overlap, hours) or by the server while the page waits, is shown as `message`; one
 * arriving later (offline work) lands in the conflicts list, which reopens Edit Appointment with the
 * attempted place and the message. For 5 s after a move, `undo` moves the card back where it was (another move).
 */
export function useMoveAppointment(mode: BookingMode) {
  const server = useServerErrorLater('appointment');
  const { report, clear } = server;
  const [undo, setUndo] = useState<{ id: number; run: () => void } | null>(null);
  const undoSeq = useRef(0);
  useEffect(() => {
    void firstPaint.then(loadMoveParts).catch(() => undefined);
  }, []);
  const move = useCallback(
    async (a: AppointmentRow, drop: Drop, known: KnownRows | null = null): Promise<MoveOutcome> => {
      let parts: Awaited<ReturnType<typeof loadMoveParts>>;
      try {
        parts = await loadMoveParts();
      } catch (error) {
        report(error);
        return 'refused';
      }
      const [{ isSamePlace, moveInput, placementOf }, { submitCommand }] = parts;
      const placement = placementOf(a, drop);
      if (isSamePlace(a, placement)) return 'stayed';
      clear();
      setUndo(null);
      /** The move to `to` of the appointment `a` (as it was before the drop), as Edit Appointment would reopen it. */
      const send = (to: Placement, dayKnown: KnownRows | null) => {
        const values: NewAppointmentValues & { mode: BookingMode; appointmentId: string } = {
          mode,
          appointmentId: a.id,
          client: a.clientId,
          date: dateOf(to.startAt),
          notes: a.notes,
          lines: [
            {
              id: a.id,
              master: to.masterId,
              cabinet: to.cabinetId,
              service: a.serviceId,
              duration: a.duration,
              startTime: minutesOfDay(to.startAt),
            },
          ],
        };
        return submitCommand('appointment.move', moveInput(a, to), { form: { kind: 'appointment.edit', values }, known: dayKnown });
      };
      try {
        // The drop's card shows at its place in the next frame when the day shows the move fits (issue 65 item 2).
        await send(placement, known);
      } catch (error) {
        report(error);
        return 'refused';
      }
      const back = { masterId: a.masterId, cabinetId: a.cabinetId, startAt: a.startAt };
      const id = ++undoSeq.current;
      setUndo({ id, run: () => void send(back, null).catch(report) });
      setTimeout(() => setUndo((u) => (u?.id === id ? null : u)), UNDO_MS);
      return 'moved';
    },
    [mode, report, clear],
  );
  const message = server.formError ?? FIELDS.map((f) => server.forField(f)).find(Boolean) ?? null;
  const undoLast = undo
    ? () => {
        setUndo(null);
        undo.run();
      }
    : null;
  return { move, message, dismiss: clear, undo: undoLast };
}
