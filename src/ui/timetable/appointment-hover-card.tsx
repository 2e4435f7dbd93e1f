import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { AppointmentRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { AppointmentDetails } from './appointment-details';
import { popupPlace } from './popup-place';

const WIDTH = 320;

/**
 * The hover popup of a card (part 1 §2): the appointment's details (appointment-details.tsx) beside the card, or
 * below or above it where a side has no room (popup-place.ts), never covering it; `children` at its foot (the card's menu, appointments/card-popup.tsx).
 */
export function AppointmentHoverCard({
  appointment: a,
  rect,
  onEnter,
  onLeave,
  children,
}: {
  appointment: AppointmentRow;
  rect: DOMRect;
  onEnter: () => void;
  onLeave: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement | null>(null);
  const [height, setHeight] = useState(0);
  // Its height once drawn (the details load from the mirror, the menu after them): placed again as it grows.
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    setHeight(box.offsetHeight);
    const observer = new ResizeObserver(() => setHeight(box.offsetHeight));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className="hover-card"
      style={{ ...popupPlace(rect, { width: WIDTH, height }, { width: window.innerWidth, height: window.innerHeight }), width: WIDTH }}
      role="dialog"
      aria-label={t('hoverCard.title')}
      onMouseEnter={onEnter}
      onMouseLeave={onLeave}
      data-testid="hover-card"
    >
      <AppointmentDetails appointment={a} named />
      {children}
    </div>
  );
}
