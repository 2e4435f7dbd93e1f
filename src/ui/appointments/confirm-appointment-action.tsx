import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { invoiceOfAppointment } from '../../db/queries/invoices';
import { Checkbox } from 'react-aria-components';
import type { AppointmentRow } from '../../domain/entities';
import { useT, type MessageId } from '../../i18n';
import { submitCommand } from '../../sync/submit-command';
import { useServerError } from '../use-server-error';
import { useSyncDb } from '../sync/use-sync-state';
import { YesNoDialog } from '../yes-no-dialog';
import { appointmentDialogs } from './appointment-dialogs';

export type AppointmentAction = 'delete' | 'archive' | 'noShow';

const TEXTS: Record<AppointmentAction, Record<'on' | 'off', [MessageId, MessageId]>> = {
  delete: { on: ['appointment.deleteTitle', 'appointment.deleteQuestion'], off: ['appointment.deleteTitle', 'appointment.deleteQuestion'] },
  archive: {
    on: ['appointment.archiveTitle', 'appointment.archiveQuestion'],
    off: ['appointment.unarchiveTitle', 'appointment.unarchiveQuestion'],
  },
  noShow: {
    on: ['appointment.noShow.title', 'appointment.noShow.question'],
    off: ['appointment.noShow.unmarkTitle', 'appointment.noShow.unmarkQuestion'],
  },
};

/** The command a confirmed action sends; `late`: the client cancelled inside the window (decision 079). */
function send(kind: AppointmentAction, a: AppointmentRow, undoing: boolean, late: boolean) {
  if (kind === 'delete') return submitCommand('appointment.delete', { appointmentId: a.id, late }, { form: null });
  const salon = a.salonId;
  if (kind === 'archive') return submitCommand('appointment.archive', { salon, appointmentId: a.id, archived: !undoing }, { form: null });
  return submitCommand('appointment.markNoShow', { salon, appointmentId: a.id, noShow: !undoing }, { form: null });
}

/**
 * Delete, Archive and No-show confirmations, Yes/No (part 1 §2, decision 079). Each is a command: the card goes,
 * fades or is marked at once; a refusal (a paid invoice another device just made) reaches this dialog online, or the
 * conflicts list later. A delete inside the salon's window asks whether the client cancelled late (`lateByDefault`
 * ticks it), and keeps the appointment as a late cancellation then.
 */
export function ConfirmAppointmentAction({
  kind,
  appointment,
  lateByDefault = null,
  onClose,
}: {
  kind: AppointmentAction;
  appointment: AppointmentRow;
  /** Null: the delete is not a cancellation the client could make late (a walk-in, a paid one, a visit begun). */
  lateByDefault?: boolean | null;
  onClose: () => void;
}) {
  const t = useT();
  const server = useServerError('appointment');
  const [busy, setBusy] = useState(false);
  const [late, setLate] = useState(Boolean(lateByDefault));
  // What the dialog asked when it opened: the local effect changes the row before the server answers.
  const [undoing] = useState(() =>
    kind === 'archive' ? appointment.archived : kind === 'noShow' ? appointment.outcome === 'NO_SHOW' : false,
  );
  const db = useSyncDb();
  // Archiving a paid visit takes its invoice out of the Report's totals (issue 59 item 2): the question says so.
  const paid = useLiveQuery(
    async () => kind === 'archive' && db !== null && Boolean((await invoiceOfAppointment(db, appointment.id))?.paid),
    [db, kind, appointment.id],
  );
  const yes = async () => {
    setBusy(true);
    server.clear();
    try {
      await send(kind, appointment, undoing, kind === 'delete' && lateByDefault !== null && late);
      onClose();
      appointmentDialogs.close();
    } catch (error) {
      server.report(error);
      setBusy(false);
    }
  };
  const [title, question] = TEXTS[kind][undoing ? 'off' : 'on'];
  const asksLate = kind === 'delete' && lateByDefault !== null;
  return (
    <YesNoDialog
      title={t(title)}
      question={
        asksLate ? (
          <>
            {t(question)}
            <Checkbox className="choice confirm-choice" isSelected={late} onChange={setLate}>
              <span className="choice-box" aria-hidden />
              {t('appointment.lateCancel')}
            </Checkbox>
            {late ? <span className="field-description">{t('appointment.lateCancelNote')}</span> : null}
          </>
        ) : kind === 'archive' && !undoing && paid ? (
          <>
            {t(question)} {t('appointment.archivePaidNote')}
          </>
        ) : (
          t(question)
        )
      }
      error={server.formError}
      yesVariant={kind === 'delete' ? 'danger' : 'primary'}
      isYesDisabled={busy}
      onYes={() => void yes()}
      onClose={onClose}
    />
  );
}
