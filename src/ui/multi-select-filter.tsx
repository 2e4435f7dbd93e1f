import { Button as AriaButton, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, type Key } from 'react-aria-components';
import { useT } from '../i18n';
import { Button } from './button';

/**
 * A list filter choosing several values (part 2 §2: Inventory's manufacturers, Statistics' promo codes): a
 * react-aria multi-select, so keyboard, type-ahead search and screen readers work; nothing chosen keeps every
 * row. Clear empties it.
 */
export function MultiSelectFilter({
  label,
  placeholder,
  items,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  /** `caption`: a second, quieter line (a master's salon, part 2 §2 Warehouse). */
  items: readonly { id: string; label: string; caption?: string }[];
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const t = useT();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 6, flex: 1 }}>
      <Select
        className="field"
        selectionMode="multiple"
        value={[...value].filter((id) => items.some((m) => m.id === id))}
        onChange={(keys: Key[]) => onChange(new Set(keys.map(String)))}
        placeholder={placeholder}
        style={{ minWidth: 220 }}
      >
        <Label className="visually-hidden">{label}</Label>
        <AriaButton className="field-input select-button">
          <SelectValue className="select-value" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {({ isPlaceholder, selectedText }) => (isPlaceholder ? placeholder : selectedText)}
          </SelectValue>
          <span aria-hidden className="menu-caret">
            ▾
          </span>
        </AriaButton>
        <Popover className="popover select-popover">
          <ListBox className="menu select-list">
            {items.map((m) => (
              <ListBoxItem key={m.id} id={m.id} className="menu-item" textValue={m.label}>
                {({ isSelected }) => (
                  <span style={{ display: 'flex', gap: 8 }}>
                    <span aria-hidden style={{ width: '1em' }}>
                      {isSelected ? '✓' : ''}
                    </span>
                    {m.label}
                    {m.caption ? <span className="muted">{m.caption}</span> : null}
                  </span>
                )}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </Select>
      {value.size > 0 ? (
        <Button variant="ghost" onPress={() => onChange(new Set())}>
          {t('common.clear')}
        </Button>
      ) : null}
    </div>
  );
}
