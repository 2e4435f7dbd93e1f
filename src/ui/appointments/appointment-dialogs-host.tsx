import { lazy, memo } from 'react';
import { withWholeCatalog } from '../../i18n';
import type { BookingMode, NewAppointmentValues } from '../../domain/schemas/appointment-form';
import { LoadBoundary } from '../load-failed';
import { appointmentDialogs, useAppointmentDialog } from './appointment-dialogs';

// The appointment form loads the first time it opens.
const AppointmentFormDialog = lazy(() =>
  withWholeCatalog(import('./appointment-form-dialog')).then((m) => ({ default: m.AppointmentFormDialog })),
);
const EditAppointmentDialog = lazy(() =>
  withWholeCatalog(import('./edit-appointment-dialog')).then((m) => ({ default: m.EditAppointmentDialog })),
);
const newLine = () => withWholeCatalog(import('./appointment-form-dialog')).then((m) => m.emptyLine);

/** Opens New Appointment on `date` with one line, prefilled with `patch` (a free slot's provider and time). */
export async function openNewAppointment(mode: BookingMode, date: string, patch: Partial<NewAppointmentValues['lines'][number]> = {}) {
  const emptyLine = await newLine();
  appointmentDialogs.open({ kind: 'new', mode, values: { client: null, date, notes: '', lines: [emptyLine(patch)] } });
}

/**
 * New Appointment and Edit Appointment of the timetable and the master calendar (part 1 §2). Memoised: the
 * page re-renders on every change of the day's rows (a booking's echo, its commit, the re-read), and an open
 * form re-rendered with it would hold the frame that paints the new card.
 */
export const AppointmentDialogsHost = memo(function AppointmentDialogsHost() {
  const dialog = useAppointmentDialog();
  if (dialog?.kind === 'new') {
    return (
      <LoadBoundary onFailed={appointmentDialogs.close}>
        <AppointmentFormDialog mode={dialog.mode} values={dialog.values} refusal={dialog.refusal} conflictId={dialog.conflictId} />
      </LoadBoundary>
    );
  }
  if (dialog?.kind === 'edit') {
    return (
      <LoadBoundary onFailed={appointmentDialogs.close}>
        <EditAppointmentDialog
          appointmentId={dialog.appointmentId}
          mode={dialog.mode}
          values={dialog.values}
          refusal={dialog.refusal}
          conflictId={dialog.conflictId}
        />
      </LoadBoundary>
    );
  }
  return null;
});
