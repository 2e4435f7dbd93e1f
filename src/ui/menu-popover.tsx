import type { ReactNode } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, Separator, type Key } from 'react-aria-components';
import { Button } from './button';
import type { MenuEntry } from './menu-entry';

/**
 * The dropdown itself (react-aria: keyboard and screen reader ready), a chunk of its own that loads after
 * the first paint (menu.tsx). `defaultOpen`: pressed before it loaded, it opens as it arrives.
 */
export function MenuPopover({
  label,
  ariaLabel,
  items,
  className,
  defaultOpen,
  autoFocus,
}: {
  label: ReactNode;
  ariaLabel?: string;
  items: MenuEntry[];
  className?: string;
  defaultOpen?: boolean;
  autoFocus?: boolean;
}) {
  const onAction = (key: Key) => items.find((i) => i.id === key)?.onAction?.();
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button variant="ghost" aria-label={ariaLabel} className={`menu-button ${className ?? ''}`} autoFocus={autoFocus}>
        {label}
        <span aria-hidden className="menu-caret">
          ▾
        </span>
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
