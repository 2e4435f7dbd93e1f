import { Button as AriaButton, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';

/** A choice of times (minutes from midnight) shown as 'HH:mm'; used by the working-time dialog. */
export function TimeSelect({
  label,
  value,
  options,
  onChange,
  error,
  isDisabled,
}: {
  label: string;
  value: number | '';
  options: { value: number; label: string }[];
  onChange: (value: number) => void;
  error?: string | null;
  isDisabled?: boolean;
}) {
  return (
    <Select
      className="field"
      selectedKey={value === '' ? null : String(value)}
      onSelectionChange={(key) => key !== null && onChange(Number(key))}
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      validationBehavior="aria"
    >
      <Label className="field-label">{label}</Label>
      <AriaButton className="field-input select-button">
        <SelectValue />
        <span aria-hidden>▾</span>
      </AriaButton>
      <FieldError className="field-error">{error}</FieldError>
      <Popover className="select-popover">
        <ListBox className="select-list" items={options.map((o) => ({ id: String(o.value), ...o }))}>
          {(item) => (
            <ListBoxItem id={item.id} className="select-option" textValue={item.label}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
