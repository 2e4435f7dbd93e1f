import { useEffect, useRef, useState } from 'react';
import type { AppointmentRow } from '../../domain/entities';

/**
 * The hover popup's timing: it opens after a short rest on a card (or a long press on touch) and stays while the
 * pointer moves into it. Escape dismisses it without moving the focus or the pointer (WCAG 1.4.13; issue 63), and so
 * does a press anywhere else, which is how a finger puts it away.
 */
export function useHoverCard() {
  const [shown, setShown] = useState<{ appointment: AppointmentRow; rect: DOMRect } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const later = (fn: () => void, ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const open = shown !== null;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (timer.current) clearTimeout(timer.current);
      setShown(null);
    };
    const onPress = (event: PointerEvent) => {
      if (event.target instanceof Element && event.target.closest('.hover-card')) return;
      if (timer.current) clearTimeout(timer.current);
      setShown(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [open]);
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
