import type { ReactNode } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, Separator, type Key } from 'react-aria-components';
import { Button } from './button';

export interface MenuEntry {
  id: string;
  label: ReactNode;
  /** Client route to open; otherwise `onAction` runs. */
  href?: string;
  onAction?: () => void;
  selected?: boolean;
  separatorBefore?: boolean;
}

/** A button opening a menu of links and actions (react-aria: keyboard and screen reader ready). */
export function DropdownMenu({ label, ariaLabel, items, className }: { label: ReactNode; ariaLabel?: string; items: MenuEntry[]; className?: string }) {
  const onAction = (key: Key) => items.find((i) => i.id === key)?.onAction?.();
  return (
    <MenuTrigger>
      <Button variant="ghost" aria-label={ariaLabel} className={`menu-button ${className ?? ''}`}>
        {label}
        <span aria-hidden className="menu-caret">▾</span>
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu className="menu" onAction={onAction}>
          {items.flatMap((item) => {
            const node = (
              <MenuItem key={item.id} id={item.id} href={item.href} className={`menu-item${item.selected ? ' menu-item-selected' : ''}`}>
                {item.label}
              </MenuItem>
            );
            return item.separatorBefore ? [<Separator key={`${item.id}-sep`} className="menu-separator" />, node] : [node];
          })}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
