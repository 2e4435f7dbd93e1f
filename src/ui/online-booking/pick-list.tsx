import type { AnyFieldApi } from '@tanstack/react-form';
import { useStore } from '@tanstack/react-form';
import { Checkbox, CheckboxGroup, FieldError, Label } from 'react-aria-components';
import { useT } from '../../i18n';
import { Button } from '../button';
import { firstError } from '../form-field';

export interface PickOption {
  id: string;
  label: string;
  /** A heading the option sits under (a service's group). */
  group?: string;
}

/**
 * A list of ids chosen with checkboxes (the services and masters offered online), with Select all and Clear. */
export function PickList({
  field,
  label,
  options,
  empty,
  serverError,
  onEdit,
  isReadOnly,
}: {
  field: AnyFieldApi;
  label: string;
  options: PickOption[];
  empty: string;
  serverError: string | null;
  onEdit: () => void;
  isReadOnly: boolean;
}) {
  const t = useT();
  const submitted = useStore(field.form.store, (s) => s.submissionAttempts > 0);
  const value = field.state.value as string[];
  const error = submitted || field.state.meta.isDirty ? firstError(field.state.meta.errors) : null;
  const set = (ids: string[]) => {
    field.handleChange(ids);
    onEdit();
  };
  const groups = [...new Set(options.map((o) => o.group ?? ''))];
  return (
    <CheckboxGroup
      className="field pick-list"
      value={value}
      onChange={set}
      isReadOnly={isReadOnly}
      isInvalid={Boolean(error ?? serverError)}
      validationBehavior="aria"
    >
      <Label className="field-label">{label}</Label>
      {options.length === 0 ? <p className="section-note">{empty}</p> : null}
      {isReadOnly || options.length === 0 ? null : (
        <div className="pick-list-actions">
          <Button variant="ghost" onPress={() => set(options.map((o) => o.id))}>
            {t('onlineBooking.selectAll')}
          </Button>
          <Button variant="ghost" onPress={() => set([])}>
            {t('onlineBooking.selectNone')}
          </Button>
        </div>
      )}
      {groups.map((group) => (
        <div key={group} className="pick-list-group">
          {group ? <p className="pick-list-heading">{group}</p> : null}
          <div className="choice-list">
            {options
              .filter((o) => (o.group ?? '') === group)
              .map((o) => (
                <Checkbox key={o.id} value={o.id} className="choice">
                  <span className="choice-box" aria-hidden />
                  {o.label}
                </Checkbox>
              ))}
          </div>
        </div>
      ))}
      <FieldError className="field-error">{error ? t(error) : serverError}</FieldError>
    </CheckboxGroup>
  );
}
