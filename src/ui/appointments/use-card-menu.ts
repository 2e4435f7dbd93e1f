import { useState } from 'react';
import type { AppointmentRow } from '../../domain/entities';
import type { CardAction } from './card-actions';
import type { AppointmentAction } from './confirm-appointment-action';

/** The action a card's menu asked to confirm. */
export interface CardConfirm {
  kind: AppointmentAction;
  appointment: AppointmentRow;
  lateByDefault: boolean | null;
  /** The card the menu was opened on, which takes the focus back when the confirmation closes. */
  card: HTMLElement | null;
}

/**
 * A card's menu on a page (issue 57): Edit opens the appointment's dialog; the other items ask their Yes/No
 * (confirm-appointment-action.tsx), which the page renders from `confirm` once the popup has gone.
 */
export function useCardMenu(hidePopup: () => void, openEdit: (a: AppointmentRow) => void) {
  const [confirm, setConfirm] = useState<CardConfirm | null>(null);
  return {
    confirm,
    onAction: (appointment: AppointmentRow, card: HTMLElement | null) => (action: CardAction) => {
      hidePopup();
      if (action.kind === 'edit') openEdit(appointment);
      else setConfirm({ kind: action.kind, appointment, lateByDefault: action.lateByDefault, card });
    },
    close: () => {
      const card = confirm?.card;
      setConfirm(null);
      if (card?.isConnected) requestAnimationFrame(() => card.focus());
    },
  };
}
