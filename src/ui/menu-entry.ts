import type { ReactNode } from 'react';

/**
 * One entry of a DropdownMenu. Its own file so that menu-popover.tsx (loaded after the first paint) and menu.tsx
 * (which loads it) both use it without importing each other.
 */
export interface MenuEntry {
  id: string;
  label: ReactNode;
  /** Client route to open; otherwise `onAction` runs. */
  href?: string;
  onAction?: () => void;
  selected?: boolean;
  separatorBefore?: boolean;
}
