import { Button as AriaButton, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';

/** A pick-one list of a screen's own state, not a form field (what a section shows: a message kind, a language). */
export function ChoiceSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const byKey = new Map(options.map((o) => [o.value as string, o.value]));
  return (
    <Select
      className="field"
      selectedKey={value}
      onSelectionChange={(key) => {
        const picked = key === null ? undefined : byKey.get(String(key));
        if (picked !== undefined) onChange(picked);
      }}
    >
      <Label className="field-label">{label}</Label>
      <AriaButton className="field-input select-button">
        <SelectValue className="select-value" />
        <span aria-hidden className="menu-caret">
          ▾
        </span>
      </AriaButton>
      <Popover className="popover select-popover">
        <ListBox className="menu select-list">
          {options.map((o) => (
            <ListBoxItem key={o.value} id={o.value} className="menu-item" textValue={o.label}>
              {o.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
