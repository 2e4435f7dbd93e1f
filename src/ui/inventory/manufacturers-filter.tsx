import { Button as AriaButton, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, type Key } from 'react-aria-components';
import type { ManufacturerRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { Button } from '../button';

/**
 * The Manufacturers filter of the Inventory page (part 2 §2): a multi-select (react-aria Select, so keyboard,
 * type-ahead and screen readers work); nothing chosen shows every product. Clear empties it.
 */
export function ManufacturersFilter({
  manufacturers,
  value,
  onChange,
}: {
  manufacturers: ManufacturerRow[];
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const t = useT();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 6, flex: 1 }}>
      <Select
        className="field"
        selectionMode="multiple"
        value={[...value].filter((id) => manufacturers.some((m) => m.id === id))}
        onChange={(keys: Key[]) => onChange(new Set(keys.map(String)))}
        placeholder={t('inventory.allManufacturers')}
        style={{ minWidth: 220 }}
      >
        <Label className="visually-hidden">{t('inventory.manufacturers')}</Label>
        <AriaButton className="field-input select-button">
          <SelectValue className="select-value" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {({ isPlaceholder, selectedText }) => (isPlaceholder ? t('inventory.allManufacturers') : selectedText)}
          </SelectValue>
          <span aria-hidden className="menu-caret">
            ▾
          </span>
        </AriaButton>
        <Popover className="popover select-popover">
          <ListBox className="menu select-list">
            {manufacturers.map((m) => (
              <ListBoxItem key={m.id} id={m.id} className="menu-item" textValue={m.name}>
                {({ isSelected }) => (
                  <span style={{ display: 'flex', gap: 8 }}>
                    <span aria-hidden style={{ width: '1em' }}>
                      {isSelected ? '✓' : ''}
                    </span>
                    {m.name}
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
