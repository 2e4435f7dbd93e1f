import { useStore, type AnyFieldApi } from '@tanstack/react-form';
import { Checkbox, FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { useT } from '../i18n';
import { firstError } from './form-field';

/** One of a few options bound to a form field (gender, say); its schema message shows once submitted or touched. */
export function FormRadioGroup({
  field,
  label,
  options,
  isReadOnly,
  serverError,
}: {
  field: AnyFieldApi;
  label: string;
  options: { value: string; label: string }[];
  isReadOnly?: boolean;
  serverError?: string | null;
}) {
  const t = useT();
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const clientError = submitted || field.state.meta.isDirty ? firstError(field.state.meta.errors) : null;
  const message = clientError ? t(clientError) : (serverError ?? null);
  return (
    <RadioGroup
      className="field"
      name={field.name}
      value={String(field.state.value ?? '')}
      onChange={(value) => field.handleChange(value)}
      isReadOnly={isReadOnly}
      isInvalid={Boolean(message)}
      orientation="horizontal"
      validationBehavior="aria"
    >
      <Label className="field-label">{label}</Label>
      <div className="choice-row">
        {options.map((o) => (
          <Radio key={o.value} value={o.value} className="choice">
            <span className="choice-mark" aria-hidden />
            {o.label}
          </Radio>
        ))}
      </div>
      <FieldError className="field-error">{message}</FieldError>
    </RadioGroup>
  );
}

/** A yes/no form field. */
export function FormCheckbox({
  field,
  label,
  isReadOnly,
  description,
}: {
  field: AnyFieldApi;
  label: string;
  isReadOnly?: boolean;
  description?: string | null;
}) {
  return (
    <div className="field">
      <Checkbox
        className="choice"
        name={field.name}
        isSelected={Boolean(field.state.value)}
        onChange={(v) => field.handleChange(v)}
        isReadOnly={isReadOnly}
      >
        <span className="choice-box" aria-hidden />
        {label}
      </Checkbox>
      {description ? <span className="field-description">{description}</span> : null}
    </div>
  );
}
