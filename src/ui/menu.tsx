import { useState, type ReactNode } from 'react';
import { useLoadedAfterPaint } from './after-paint';
import { PlainButton } from './plain-button';
import type { MenuEntry } from './menu-entry';

export type { MenuEntry } from './menu-entry';

type Popover = typeof import('./menu-popover');
const loadPopover = () => import('./menu-popover');
const popover: { current: Popover | null } = { current: null };

/**
 * A button opening a menu of links and actions. The menu's code (react-aria's collections and overlays)
 * loads after the first paint: until then the same button stands in, and a press on it (or a mouse button
 * going down on it) opens the menu as soon as it is there.
 */
export function DropdownMenu({
  label,
  ariaLabel,
  items,
  className,
}: {
  label: ReactNode;
  ariaLabel?: string;
  items: MenuEntry[];
  className?: string;
}) {
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  const loaded = useLoadedAfterPaint(loadPopover, popover, pressed);
  if (loaded) {
    return (
      <loaded.MenuPopover
        label={label}
        ariaLabel={ariaLabel}
        items={items}
        className={className}
        defaultOpen={pressed}
        autoFocus={focused && !pressed}
      />
    );
  }
  // A native button until the menu's code is here: the first paint needs no React Aria (decision 048).
  return (
    <PlainButton
      variant="ghost"
      aria-label={ariaLabel}
      aria-haspopup="menu"
      aria-expanded={false}
      className={`menu-button ${className ?? ''}`}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      // A mouse press opens the menu from its start, as React Aria's does: when the menu's code arrives between
      // the button going down and coming up, the button it swaps in never sees that click, and the menu would
      // stay shut (i18n.spec lost such a click once in CI). Touch still opens at the click, after a scroll.
      onPointerDown={(event) => event.pointerType === 'mouse' && event.button === 0 && setPressed(true)}
      onPress={() => setPressed(true)}
    >
      {label}
      <span aria-hidden className="menu-caret">
        ▾
      </span>
    </PlainButton>
  );
}
