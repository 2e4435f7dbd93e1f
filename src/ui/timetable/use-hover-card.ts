import { useEffect, useRef, useState } from 'react';
import type { AppointmentRow } from '../../domain/entities';

/** The hover popup's timing: it opens after a short rest on a card and stays while the pointer moves into it. */
export function useHoverCard() {
  const [shown, setShown] = useState<{ appointment: AppointmentRow; rect: DOMRect } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const later = (fn: () => void, ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return {
    shown,
    onHover: (appointment: AppointmentRow, rect: DOMRect | null) =>
      rect ? later(() => setShown({ appointment, rect }), 350) : later(() => setShown(null), 200),
    keep: () => timer.current && clearTimeout(timer.current),
    leave: () => later(() => setShown(null), 200),
    hide: () => {
      if (timer.current) clearTimeout(timer.current);
      setShown(null);
    },
  };
}
