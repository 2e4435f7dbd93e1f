import { useEffect } from 'react';
import type { ServerErrorShape } from '../../domain/errors';
import type { BookingMode, NewAppointmentValues } from '../../domain/schemas/appointment-form';
import type { InvoiceFormValues } from '../../domain/schemas/invoice';
import type { InvoiceReopen } from '../invoices/invoice-form';
import { reopenStore, useReopened } from '../sync/reopen-store';
import { openDialogStore } from '../open-dialog-store';

/**
 * The open appointment dialog (part 1 §2): New Appointment (header button, free slot) or Edit Appointment (a
 * card), either also reopened from the conflicts list with the attempted values and the refusal; Edit Appointment
 * may open on its Invoice tab (`tab`), with a refused invoice save or payment (`invoice`).
 */
export type AppointmentDialogState =
  | { kind: 'new'; mode: BookingMode; values: NewAppointmentValues; refusal?: ServerErrorShape; conflictId?: number }
  | {
      kind: 'edit';
      mode: BookingMode;
      appointmentId: string;
      values?: NewAppointmentValues;
      refusal?: ServerErrorShape;
      conflictId?: number;
      tab?: 'invoice';
      invoice?: InvoiceReopen;
    }
  | null;

const store = openDialogStore<Exclude<AppointmentDialogState, null>>();

export const appointmentDialogs = { open: store.open, close: store.close };

/**
 * A refused offline invoice save or payment comes back to its appointment's Invoice tab (DESIGN.md §5.4): the
 * conflicts list goes to the appointments screen (the catalogue's screen of invoice.edit), whose dialogs read this store.
 */
function useReopenedInvoice() {
  const reopened = useReopened('invoice');
  useEffect(() => {
    if (!reopened) return;
    reopenStore.set(null);
    const { mode, appointmentId, ...values } = reopened.values as InvoiceFormValues & { mode?: BookingMode; appointmentId: string };
    const invoice = { values, refusal: reopened.error, conflictId: reopened.conflictId };
    appointmentDialogs.open({ kind: 'edit', mode: mode ?? 'masters', appointmentId, tab: 'invoice', invoice });
  }, [reopened]);
}

/** The open dialog, as a store read (no side effects). */
export function useAppointmentDialogState(): AppointmentDialogState {
  return store.useOpen();
}

/** The open dialog, for the screens that host it: they also take refused invoices back to their Invoice tab. */
export function useAppointmentDialog(): AppointmentDialogState {
  useReopenedInvoice();
  return useAppointmentDialogState();
}
