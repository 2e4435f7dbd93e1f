import { useStore, type AnyFieldApi } from '@tanstack/react-form';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { GenericSchema } from 'valibot';
import { FieldError, Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import { findBadText, INVALID_CHARACTERS_MESSAGE } from '../domain/schemas/text';
import { useT, type MessageId } from '../i18n';

export { FormMessage } from './form-message';

/**
 * Schema issues or message ids → the first message id to show. The shared schemas give only message ids
 * (src/i18n/catalogs.test.ts finds each in the catalogs).
 */
export function firstError(errors: readonly unknown[]): MessageId | null {
  for (const error of errors) {
    if (!error) continue;
    if (typeof error === 'string') return error as MessageId;
    if (typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message) as MessageId;
  }
  return null;
}

/**
 * A text input bound to a TanStack Form field. Errors are catalog ids from the shared valibot schema,
 * shown once the field was touched or the form submitted; a server error for this field shows the same way.
 */
export function FormTextField({
  field,
  label,
  type = 'text',
  autoComplete,
  description,
  serverError,
  onEdit,
  onBlur,
  isReadOnly,
  autoFocus,
  inputMode,
  format,
  multiline = false,
  placeholder,
}: {
  field: AnyFieldApi;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  description?: string;
  /** Translated message from the server for this field. */
  serverError?: string | null;
  onEdit?: () => void;
  /** Runs after the field lost focus (lookups). */
  onBlur?: () => void;
  isReadOnly?: boolean;
  autoFocus?: boolean;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  /** Reformats the value as typed (phones). */
  format?: (value: string) => string;
  multiline?: boolean;
  placeholder?: string;
}) {
  const t = useT();
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  // A field the user has not changed shows no error merely for losing focus: the message would push the
  // form down under a pointer on its way to the submit button (seen in lv, where messages wrap).
  const shown = submitted || (field.state.meta.isDirty && field.state.meta.isBlurred);
  const clientError = shown ? firstError(field.state.meta.errors) : null;
  const message = clientError ? t(clientError) : (serverError ?? null);
  return (
    <TextField
      className="field"
      name={field.name}
      type={type}
      value={String(field.state.value ?? '')}
      onChange={(value) => {
        field.handleChange(format ? format(value) : value);
        onEdit?.();
      }}
      onBlur={() => {
        field.handleBlur();
        onBlur?.();
      }}
      isInvalid={Boolean(message)}
      isReadOnly={isReadOnly}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      inputMode={inputMode}
      validationBehavior="aria"
    >
      <Label className="field-label">{label}</Label>
      {multiline ? (
        <TextArea className="field-input field-textarea" placeholder={placeholder} />
      ) : (
        <Input className="field-input" placeholder={placeholder} />
      )}
      {description && !message ? (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field-error">{message}</FieldError>
    </TextField>
  );
}

/**
 * A shared valibot schema as the form's validator. The schema's input type allows optional fields the
 * form always fills, so the types are bridged here, once. A NUL or half a character in any field is refused
 * on that field first, as the server and the local commands refuse it (src/domain/schemas/text.ts).
 */
export function schemaValidator<TValues>(schema: GenericSchema): StandardSchemaV1<TValues, unknown> {
  const standard = (schema as unknown as StandardSchemaV1<TValues, unknown>)['~standard'];
  return {
    '~standard': {
      ...standard,
      validate: (value) => {
        const bad = findBadText(value);
        return bad ? { issues: [{ message: INVALID_CHARACTERS_MESSAGE, path: bad }] } : standard.validate(value);
      },
    },
  };
}
