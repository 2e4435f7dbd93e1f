import { useStore, type AnyFieldApi } from '@tanstack/react-form';
import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  type Key,
} from 'react-aria-components';
import { useT } from '../i18n';
import { firstError } from './form-field';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

/**
 * A pick-one list bound to a form field (react-aria Select: keyboard, type-ahead, screen readers). Values may be
 * numbers (minutes) or strings; the field keeps the option's own type. Schema messages show once submitted or
 * changed, a server message for the field the same way.
 */
export function FormSelect<V extends string | number>({
  field,
  label,
  options,
  isReadOnly,
  serverError,
  onEdit,
}: {
  field: AnyFieldApi;
  label: string;
  options: SelectOption<V>[];
  isReadOnly?: boolean;
  serverError?: string | null;
  onEdit?: () => void;
}) {
  const t = useT();
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const clientError = submitted || field.state.meta.isDirty ? firstError(field.state.meta.errors) : null;
  const message = clientError ? t(clientError) : (serverError ?? null);
  const byKey = new Map(options.map((o) => [String(o.value), o.value]));
  return (
    <Select
      className="field"
      name={field.name}
      value={field.state.value == null ? null : String(field.state.value)}
      onChange={(key: Key | null) => {
        if (key === null || !byKey.has(String(key))) return;
        field.handleChange(byKey.get(String(key)));
        onEdit?.();
      }}
      isDisabled={isReadOnly}
      placeholder={t('common.select')}
      isInvalid={Boolean(message)}
      validationBehavior="aria"
    >
      <Label className="field-label">{label}</Label>
      <AriaButton className="field-input select-button">
        <SelectValue className="select-value" />
        <span aria-hidden className="menu-caret">
          ▾
        </span>
      </AriaButton>
      <FieldError className="field-error">{message}</FieldError>
      <Popover className="popover select-popover">
        <ListBox className="menu select-list">
          {options.map((o) => (
            <ListBoxItem key={String(o.value)} id={String(o.value)} className="menu-item" textValue={o.label}>
              {o.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
