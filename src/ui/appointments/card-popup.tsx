import type { AppointmentRow } from '../../domain/entities';
import { AppointmentHoverCard } from '../timetable/appointment-hover-card';
import type { useHoverCard } from '../timetable/use-hover-card';
import { CardActions } from './card-actions';
import { ConfirmAppointmentAction } from './confirm-appointment-action';
import { useCardMenu } from './use-card-menu';

/**
 * A card's popup on a page: its details (timetable/appointment-hover-card.tsx) and its menu (card-actions.tsx), and
 * the Yes/No a menu item asks, which outlives the popup. Opened as the card's menu (a right click, the context-menu
 * key), the focus goes to the menu's first item. `hidden`: a dialog is open, so the popup is not shown. Loaded after
 * the timetable's first paint.
 */
export function CardPopupHost({
  hover,
  hidden,
  openEdit,
}: {
  hover: ReturnType<typeof useHoverCard>;
  hidden: boolean;
  openEdit: (a: AppointmentRow) => void;
}) {
  const menu = useCardMenu(hover.hide, openEdit);
  const { shown } = hover;
  return (
    <>
      {shown && !hidden ? (
        <AppointmentHoverCard appointment={shown.appointment} rect={shown.rect} onEnter={hover.keep} onLeave={hover.leave}>
          <CardActions
            appointment={shown.appointment}
            focusFirst={shown.menuFrom !== null}
            onAction={menu.onAction(shown.appointment, shown.menuFrom)}
          />
        </AppointmentHoverCard>
      ) : null}
      {menu.confirm ? (
        <ConfirmAppointmentAction
          kind={menu.confirm.kind}
          appointment={menu.confirm.appointment}
          lateByDefault={menu.confirm.lateByDefault}
          onClose={menu.close}
        />
      ) : null}
    </>
  );
}
