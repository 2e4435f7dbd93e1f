import { useCallback, useEffect } from 'react';
import type { Drop } from '../../domain/rules/appointment-move';
import { dateOf, minutesOfDay } from '../../domain/rules/time';
import type { BookingMode, NewAppointmentValues } from '../../domain/schemas/appointment-form';
import type { AppointmentRow } from '../../domain/entities';
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

/** Fields a refusal of updateAppointment may name; a move shows the message whatever its field. */
const FIELDS = ['startTime', 'startDate', 'master', 'cabinet', 'client', 'service', 'duration'];

/**
 * A card dropped somewhere (part 1 §2, §4): the move command (appointment.move, sent as updateAppointment).
 * The card moves at once, marked pending until the server confirms. A refusal, by the local rules (paid,
 * grouped across dates, overlap, hours) or by the server while the page waits, is shown as `message`; one
 * arriving later (offline work) lands in the conflicts list, which reopens Edit Appointment with the
 * attempted place and the message.
 */
export function useMoveAppointment(mode: BookingMode) {
  const server = useServerErrorLater('appointment');
  const { report, clear } = server;
  useEffect(() => {
    void firstPaint.then(loadMoveParts).catch(() => undefined);
  }, []);
  const move = useCallback(
    async (a: AppointmentRow, drop: Drop) => {
      let parts: Awaited<ReturnType<typeof loadMoveParts>>;
      try {
        parts = await loadMoveParts();
      } catch (error) {
        report(error);
        return;
      }
      const [{ isSamePlace, moveInput, placementOf }, { submitCommand }] = parts;
      const placement = placementOf(a, drop);
      if (isSamePlace(a, placement)) return;
      clear();
      const values: NewAppointmentValues & { mode: BookingMode; appointmentId: string } = {
        mode,
        appointmentId: a.id,
        client: a.clientId,
        date: dateOf(placement.startAt),
        notes: a.notes,
        lines: [
          {
            id: a.id,
            master: placement.masterId,
            cabinet: placement.cabinetId,
            service: a.serviceId,
            duration: a.duration,
            startTime: minutesOfDay(placement.startAt),
          },
        ],
      };
      try {
        await submitCommand('appointment.move', moveInput(a, placement), { form: { kind: 'appointment.edit', values } });
      } catch (error) {
        report(error);
      }
    },
    [mode, report, clear],
  );
  const message = server.formError ?? FIELDS.map((f) => server.forField(f)).find(Boolean) ?? null;
  return { move, message, dismiss: clear };
}
