import { useEffect, useRef, useState } from 'react';
import type { AppointmentRow } from '../../domain/entities';

/**
 * A card's pointer or focus (its box), or leaving it (null): the hover popup. `menuFrom`: the card asked for its
 * menu (a right click, the context-menu key): the popup opens at once, and Escape gives the card its focus back.
 */
export type CardHover = (appointment: AppointmentRow, rect: DOMRect | null, menuFrom?: HTMLElement) => void;

interface Shown {
  appointment: AppointmentRow;
  rect: DOMRect;
  /** Opened as the card's menu, from this card. */
  menuFrom: HTMLElement | null;
}

/**
 * The hover popup's timing: it opens after a short rest on a card (or a long press on touch) and stays while the
 * pointer moves into it; a card's menu opens it at once. Escape dismisses it without moving the pointer (WCAG 1.4.13;
 * issue 63), and so does a press anywhere else, which is how a finger puts it away.
 */
export function useHoverCard() {
  const [shown, setShown] = useState<Shown | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const later = (fn: () => void, ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const menuFrom = shown?.menuFrom ?? null;
  const open = shown !== null;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (timer.current) clearTimeout(timer.current);
      setShown(null);
      if (menuFrom?.isConnected && document.activeElement?.closest('.hover-card')) menuFrom.focus();
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
  }, [open, menuFrom]);
  const onHover: CardHover = (appointment, rect, from) => {
    if (from && rect) {
      if (timer.current) clearTimeout(timer.current);
      setShown({ appointment, rect, menuFrom: from });
    } else if (rect) later(() => setShown({ appointment, rect, menuFrom: null }), 350);
    // Leaving the card (or its focus going into the menu it opened) keeps a menu: Escape or a press elsewhere ends it.
    else later(() => setShown((last) => (last?.menuFrom ? last : null)), 200);
  };
  return {
    shown,
    onHover,
    keep: () => timer.current && clearTimeout(timer.current),
    leave: () => later(() => setShown((last) => (last?.menuFrom ? last : null)), 200),
    hide: () => {
      if (timer.current) clearTimeout(timer.current);
      setShown(null);
    },
  };
}
