import { useSyncExternalStore } from 'react';

/**
 * Which dialog of a kind is open, for dialogs opened from anywhere and drawn by one host (the top bar's, the client
 * and appointment dialogs, the front desk's membership sale): `open` and `close` from any handler, `useOpen` in
 * the host and wherever the state is read.
 */
export function openDialogStore<S>() {
  let state: S | null = null;
  const listeners = new Set<() => void>();
  const tell = () => listeners.forEach((l) => l());
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  };
  const read = () => state;
  return {
    open(next: S) {
      state = next;
      tell();
    },
    close() {
      state = null;
      tell();
    },
    useOpen(): S | null {
      return useSyncExternalStore(subscribe, read, read);
    },
  };
}
