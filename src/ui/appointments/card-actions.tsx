import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { invoiceOfAppointment } from '../../db/queries/invoices';
import type { AppointmentRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { PlainButton } from '../plain-button';
import { useSyncDb } from '../sync/use-sync-state';
import type { AppointmentAction } from './confirm-appointment-action';
import { useAppointmentActions } from './use-appointment-actions';

/** What a card's menu asks the page to do: open the appointment, or confirm one of its actions. */
export type CardAction = { kind: 'edit' } | { kind: AppointmentAction; lateByDefault: boolean | null };

/**
 * A card's menu (issue 57): Edit, No-show (or Not a no-show), Archive (or Unarchive) and Delete, as Edit
 * Appointment offers them (use-appointment-actions.ts), at the foot of the card's popup. The popup opens on a rest
 * of the pointer, a long press, a right click or the context-menu key; opened as a menu (`focusFirst`) it takes
 * the focus to its first item.
 */
export function CardActions({
  appointment: a,
  focusFirst = false,
  onAction,
}: {
  appointment: AppointmentRow;
  focusFirst?: boolean;
  onAction: (action: CardAction) => void;
}) {
  const t = useT();
  const db = useSyncDb();
  const paid = useLiveQuery(async () => (db ? Boolean((await invoiceOfAppointment(db, a.id))?.paid) : undefined), [db, a.id]);
  const actions = useAppointmentActions(paid === undefined ? null : a, Boolean(paid));
  const first = useRef<HTMLButtonElement | null>(null);
  const ready = actions !== null;
  useEffect(() => {
    if (ready && focusFirst) first.current?.focus();
  }, [ready, focusFirst]);
  if (!actions) return null;
  const item = (label: string, action: CardAction, danger = false) => (
    <PlainButton
      key={action.kind}
      ref={action.kind === 'edit' ? first : undefined}
      variant={danger ? 'danger' : 'secondary'}
      onPress={() => onAction(action)}
    >
      {label}
    </PlainButton>
  );
  const late = actions.lateByDefault;
  return (
    <div className="hover-card-actions" role="group" aria-label={t('hoverCard.actions')} data-testid="card-actions">
      {item(t('common.edit'), { kind: 'edit' })}
      {actions.mayNoShow
        ? item(a.outcome === 'NO_SHOW' ? t('appointment.noShow.unmark') : t('appointment.noShow.mark'), {
            kind: 'noShow',
            lateByDefault: null,
          })
        : null}
      {actions.mayArchive
        ? item(a.archived ? t('appointment.unarchive') : t('appointment.archive'), { kind: 'archive', lateByDefault: null })
        : null}
      {actions.mayDelete ? item(t('common.delete'), { kind: 'delete', lateByDefault: late }, true) : null}
    </div>
  );
}
