import { useLiveQuery } from 'dexie-react-hooks';
import { memo } from 'react';
import { appointmentById, appointmentCountOfGroup } from '../../db/queries/appointments';
import { invoiceOfAppointment } from '../../db/queries/invoices';
import type { ServerErrorShape } from '../../domain/errors';
import { minutesOfDay } from '../../domain/rules/time';
import type { BookingMode, NewAppointmentValues } from '../../domain/schemas/appointment-form';
import { useT } from '../../i18n';
import { Dialog } from '../dialog';
import { FormMessage } from '../form-message';
import { useSyncDb } from '../sync/use-sync-state';
import { appointmentDialogs, useAppointmentDialogState } from './appointment-dialogs';
import { AppointmentFormDialog } from './appointment-form-dialog';

/**
 * Edit Appointment (part 1 §2): the appointment from the mirror as one service line, its invoice (paid locks
 * it) and its group (booked together: the date stays). Gone meanwhile (deleted on another device): says so.
 */
export const EditAppointmentDialog = memo(function EditAppointmentDialog({
  appointmentId,
  mode,
  values,
  refusal,
  conflictId,
}: {
  appointmentId: string;
  mode: BookingMode;
  values?: NewAppointmentValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
}) {
  const t = useT();
  const db = useSyncDb();
  // Opened on the Invoice tab (Create Invoice, or a refused invoice brought back by the conflicts list).
  const dialog = useAppointmentDialogState();
  const invoiceTab =
    dialog?.kind === 'edit' && dialog.appointmentId === appointmentId
      ? { openInvoice: dialog.tab === 'invoice', invoiceReopen: dialog.invoice }
      : {};
  const loaded = useLiveQuery(async () => {
    if (!db) return undefined;
    const appointment = await appointmentById(db, appointmentId);
    if (!appointment) return null;
    const [invoice, groupSize] = await Promise.all([
      invoiceOfAppointment(db, appointmentId),
      appointment.groupId ? appointmentCountOfGroup(db, appointment.groupId) : Promise.resolve(1),
    ]);
    return { appointment, paid: Boolean(invoice?.paid), hasInvoice: Boolean(invoice), grouped: groupSize > 1 };
  }, [db, appointmentId]);
  if (loaded === undefined) return null;
  if (loaded === null) {
    return (
      <Dialog title={t('appointment.edit')} isOpen onClose={appointmentDialogs.close} size="sm">
        <FormMessage>{t('appointment.notExists')}</FormMessage>
      </Dialog>
    );
  }
  const a = loaded.appointment;
  const initial: NewAppointmentValues = values ?? {
    client: a.clientId,
    date: a.startAt.slice(0, 10),
    notes: a.notes,
    lines: [
      {
        id: a.id,
        master: a.masterId,
        cabinet: a.cabinetId,
        service: a.serviceId,
        duration: a.duration,
        startTime: minutesOfDay(a.startAt),
      },
    ],
  };
  return (
    <AppointmentFormDialog
      key={`${a.id}:${invoiceTab.invoiceReopen?.conflictId ?? ''}`}
      mode={mode}
      values={initial}
      refusal={refusal}
      conflictId={conflictId}
      edit={{ ...loaded, ...invoiceTab }}
    />
  );
});
