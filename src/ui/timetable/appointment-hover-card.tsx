import type { AppointmentRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { AppointmentDetails } from './appointment-details';

/** The hover popup of a card (part 1 §2): the appointment's details (appointment-details.tsx) beside the card, never covering it. */
export function AppointmentHoverCard({
  appointment: a,
  rect,
  onEnter,
  onLeave,
}: {
  appointment: AppointmentRow;
  rect: DOMRect;
  onEnter: () => void;
  onLeave: () => void;
}) {
  const t = useT();
  const width = 320;
  const left = rect.right + 8 + width < window.innerWidth ? rect.right + 8 : Math.max(8, rect.left - width - 8);
  const top = Math.min(Math.max(8, rect.top), window.innerHeight - 260);
  return (
    <div
      className="hover-card"
      style={{ left, top, width }}
      role="dialog"
      aria-label={t('hoverCard.title')}
      onMouseEnter={onEnter}
      onMouseLeave={onLeave}
      data-testid="hover-card"
    >
      <AppointmentDetails appointment={a} named />
    </div>
  );
}
