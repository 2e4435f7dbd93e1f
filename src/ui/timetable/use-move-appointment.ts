import { useCallback } from 'react';
import type { Drop } from '../../domain/rules/appointment-move';
import { dateOf, minutesOfDay } from '../../domain/rules/time';
import type { BookingMode, NewAppointmentValues } from '../../domain/schemas/appointment-form';
import type { AppointmentRow } from '../../domain/entities';
import { useServerErrorLater } from '../use-server-error-later';

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
  const move = useCallback(
    async (a: AppointmentRow, drop: Drop) => {
      // The move's rules and commands load with the first drop, not with the page (initial JS, DESIGN.md §10).
      const { isSamePlace, moveInput, placementOf } = await import('../../domain/rules/appointment-move');
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
        const [{ moveAppointment }, { submitCommand }] = await Promise.all([
          import('../../db/commands/appointments'),
          import('../../sync/submit-command'),
        ]);
        await submitCommand(moveAppointment, moveInput(a, placement), { form: { kind: 'appointment.edit', values } });
      } catch (error) {
        report(error);
      }
    },
    [mode, report, clear],
  );
  const message = server.formError ?? FIELDS.map((f) => server.forField(f)).find(Boolean) ?? null;
  return { move, message, dismiss: clear };
}
