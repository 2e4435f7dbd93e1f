import { bindField } from './command-form';
import { useStore, type AnyFieldApi } from '@tanstack/react-form';
import { Checkbox, CheckboxGroup, FieldError, Label } from 'react-aria-components';
import { nameIn } from '../domain/rules/names';
import { useLanguage, useT } from '../i18n';
import { firstError } from './form-field';
import { useServiceGroups } from './salon/use-salon-setup';

/** The salon's service groups as checkboxes bound to a form field (cabinets and masters, part 2 §2). */
export function ServiceGroupsField({
  field,
  label,
  emptyText,
  serverError,
  onEdit,
}: {
  field: AnyFieldApi;
  label: string;
  emptyText: string;
  serverError: string | null;
  onEdit: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const groups = useServiceGroups();
  const submitted = useStore(field.form.store, (s) => s.submissionAttempts > 0);
  const clientError = submitted ? firstError(field.state.meta.errors) : null;
  const message = clientError ? t(clientError) : serverError;
  return (
    <CheckboxGroup
      className="field field-span"
      value={field.state.value as string[]}
      onChange={(value) => {
        field.handleChange(value);
        onEdit();
      }}
      isInvalid={Boolean(message)}
      validationBehavior="aria"
    >
      <Label className="field-label">{label}</Label>
      {groups && groups.length === 0 ? <span className="field-description">{emptyText}</span> : null}
      <div className="choice-list">
        {(groups ?? []).map((g) => (
          <Checkbox key={g.id} value={g.id} className="choice">
            <span className="choice-box" aria-hidden />
            {nameIn(g.nameVariants, language)}
          </Checkbox>
        ))}
      </div>
      <FieldError className="field-error">{message}</FieldError>
    </CheckboxGroup>
  );
}

/** The field bound to its form.AppField (src/ui/command-form.tsx). */
export const BoundServiceGroupsField = bindField(ServiceGroupsField);
