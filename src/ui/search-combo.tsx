import { useMemo, useState, type ReactNode } from 'react';
import { ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { fuzzyFilter } from '../domain/rules/search';

const NAME_ONLY = ['name'];

export interface ComboChoice {
  id: string;
  name: string;
  /** A second, muted part of the option (a price, the stock, a role). */
  detail?: string;
}

/**
 * A pick-one field searched fuzzily at the spec's 0.3 threshold (part 1 §5, §7): a booking line's service, an
 * invoice line's service or product and its seller. Typing filters; choosing sets the choice; while nothing is
 * typed the field shows the chosen name.
 */
export function SearchCombo<T extends ComboChoice>({
  label,
  choices,
  value,
  onChange,
  placeholder,
  emptyText,
  errorMessage,
  isDisabled,
  name,
  hideLabel = false,
  renderChoice,
  searchKeys = NAME_ONLY,
}: {
  label: string;
  choices: T[];
  value: string | null;
  onChange: (choice: T | null) => void;
  placeholder: string;
  emptyText: string;
  errorMessage?: string | null;
  isDisabled?: boolean;
  name?: string;
  /** The label stays for screen readers only (a table's column names it). */
  hideLabel?: boolean;
  /** The option's content; the name and the detail when absent. */
  renderChoice?: (choice: T) => ReactNode;
  /** The fields typing searches (the name when absent). */
  searchKeys?: string[];
}) {
  const selected = choices.find((c) => c.id === value) ?? null;
  const [typed, setTyped] = useState<string | null>(null);
  const items = useMemo(() => (typed ? fuzzyFilter(choices, searchKeys, typed) : choices), [choices, searchKeys, typed]);
  return (
    <ComboBox
      className="field"
      name={name}
      items={items}
      selectedKey={value}
      inputValue={typed ?? selected?.name ?? ''}
      onInputChange={(text) => setTyped(text)}
      onSelectionChange={(key) => {
        setTyped(null);
        onChange(choices.find((c) => c.id === key) ?? null);
      }}
      defaultFilter={() => true}
      menuTrigger="focus"
      allowsEmptyCollection
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
    >
      <Label className={hideLabel ? 'field-label visually-hidden' : 'field-label'}>{label}</Label>
      <Input className="field-input" placeholder={placeholder} />
      <FieldError className="field-error">{errorMessage}</FieldError>
      <Popover className="popover select-popover" placement="bottom start">
        <ListBox<T> className="menu select-list" renderEmptyState={() => <p className="muted selector-empty">{emptyText}</p>}>
          {(c) => (
            <ListBoxItem id={c.id} textValue={c.name} className="menu-item">
              {renderChoice ? (
                renderChoice(c)
              ) : (
                <>
                  {c.name}
                  {c.detail ? <span className="muted invoice-option-detail">{c.detail}</span> : null}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
