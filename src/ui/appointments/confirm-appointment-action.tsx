import { useState } from 'react';
import type { AppointmentRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { submitCommand } from '../../sync/submit-command';
import { useServerError } from '../use-server-error';
import { YesNoDialog } from '../yes-no-dialog';
import { appointmentDialogs } from './appointment-dialogs';

/**
 * Delete Appointment and Archive Appointment confirmations, Yes/No (part 1 §2). Both are commands: the card
 * goes (or fades) at once; a refusal (a paid invoice another device just made) reaches this dialog online,
 * or the conflicts list later.
 */
export function ConfirmAppointmentAction({
  kind,
  appointment,
  onClose,
}: {
  kind: 'delete' | 'archive';
  appointment: AppointmentRow;
  onClose: () => void;
}) {
  const t = useT();
  const server = useServerError('appointment');
  const [busy, setBusy] = useState(false);
  const yes = async () => {
    setBusy(true);
    server.clear();
    try {
      if (kind === 'delete') await submitCommand('appointment.delete', { appointmentId: appointment.id }, { form: null });
      else
        await submitCommand(
          'appointment.archive',
          { salon: appointment.salonId, appointmentId: appointment.id, archived: !appointment.archived },
          { form: null },
        );
      onClose();
      appointmentDialogs.close();
    } catch (error) {
      server.report(error);
      setBusy(false);
    }
  };
  const title =
    kind === 'delete'
      ? t('appointment.deleteTitle')
      : appointment.archived
        ? t('appointment.unarchiveTitle')
        : t('appointment.archiveTitle');
  return (
    <YesNoDialog
      title={title}
      question={
        kind === 'delete'
          ? t('appointment.deleteQuestion')
          : appointment.archived
            ? t('appointment.unarchiveQuestion')
            : t('appointment.archiveQuestion')
      }
      error={server.formError}
      yesVariant={kind === 'delete' ? 'danger' : 'primary'}
      isYesDisabled={busy}
      onYes={() => void yes()}
      onClose={onClose}
    />
  );
}
