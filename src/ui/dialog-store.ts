import { useSyncExternalStore } from 'react';

/** Dialogs opened from menus anywhere in the top bar (profile, new salon, sign out). */
type Name = 'profile' | 'newSalon' | 'signOut' | null;
let open: Name = null;
const listeners = new Set<() => void>();

export const dialogs = {
  open(name: Exclude<Name, null>) {
    open = name;
    listeners.forEach((l) => l());
  },
  close() {
    open = null;
    listeners.forEach((l) => l());
  },
};

export function useOpenDialog(): Name {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => open,
  );
}
