import { useSyncExternalStore } from 'react';

/**
 * The card being dragged, by its appointment's id (draggable-card.tsx sets it): it stays in its place, faded,
 * while its copy moves. Each card reads only whether it is that one, so a drag's start repaints two cards, not the
 * day's every card.
 */
let lifted: string | null = null;
const listeners = new Set<() => void>();

export function setLiftedCard(id: string | null): void {
  if (id === lifted) return;
  lifted = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useLiftedCard = (id: string): boolean => useSyncExternalStore(subscribe, () => lifted === id);
