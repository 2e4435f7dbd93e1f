import { useSyncExternalStore } from 'react';
import type { ServerErrorShape } from '../../domain/errors';
import type { BookingMode, NewAppointmentValues } from '../../domain/schemas/appointment-form';

/**
 * The open appointment dialog (part 1 §2): New Appointment (header button, free slot) or Edit Appointment (a
 * card), either also reopened from the conflicts list with the attempted values and the refusal.
 */
export type AppointmentDialogState =
  | { kind: 'new'; mode: BookingMode; values: NewAppointmentValues; refusal?: ServerErrorShape; conflictId?: number }
  | { kind: 'edit'; mode: BookingMode; appointmentId: string; values?: NewAppointmentValues; refusal?: ServerErrorShape; conflictId?: number }
  | null;

let state: AppointmentDialogState = null;
const listeners = new Set<() => void>();

export const appointmentDialogs = {
  open(next: Exclude<AppointmentDialogState, null>) {
    state = next;
    listeners.forEach((l) => l());
  },
  close() {
    state = null;
    listeners.forEach((l) => l());
  },
};

export function useAppointmentDialog(): AppointmentDialogState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
