import { useMemo, useState } from 'react';
import { ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { fuzzyFilter } from '../../domain/rules/search';
import { useT } from '../../i18n';

export interface ServiceChoice {
  id: string;
  name: string;
  duration: number;
  color: string;
}

/** Service of a line, searched fuzzily at the spec's 0.3 threshold (part 1 §5). */
export function ServiceCombo({ label, services, value, onChange, errorMessage, isDisabled }: { label: string; services: ServiceChoice[]; value: string | null; onChange: (s: ServiceChoice | null) => void; errorMessage?: string | null; isDisabled?: boolean }) {
  const t = useT();
  const selected = services.find((s) => s.id === value) ?? null;
  const [typed, setTyped] = useState<string | null>(null);
  const items = useMemo(() => (typed ? fuzzyFilter(services, ['name'], typed) : services), [services, typed]);
  return (
    <ComboBox
      className="field"
      items={items}
      selectedKey={value}
      inputValue={typed ?? selected?.name ?? ''}
      onInputChange={(text) => setTyped(text)}
      onSelectionChange={(key) => {
        setTyped(null);
        onChange(services.find((s) => s.id === key) ?? null);
      }}
      defaultFilter={() => true}
      menuTrigger="focus"
      allowsEmptyCollection
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
    >
      <Label className="field-label">{label}</Label>
      <Input className="field-input" placeholder={t('appointment.searchService')} />
      <FieldError className="field-error">{errorMessage}</FieldError>
      <Popover className="popover select-popover" placement="bottom start">
        <ListBox<ServiceChoice> className="menu select-list" renderEmptyState={() => <p className="muted selector-empty">{t('appointment.noServices')}</p>}>
          {(s) => (
            <ListBoxItem id={s.id} textValue={s.name} className="menu-item">
              <span className="legend-swatch" style={{ background: s.color, display: 'inline-block', marginRight: 8 }} aria-hidden />
              {s.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
