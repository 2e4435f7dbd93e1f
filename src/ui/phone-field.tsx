import type { AnyFieldApi } from '@tanstack/react-form';
import { formatPhoneAsTyped } from '../domain/schemas/phone';
import { FormTextField } from './form-field';

/** Phone input: +371 by default, formatted as typed; the schema strips it to + and digits (part 1 §5). */
export function PhoneField(props: {
  field: AnyFieldApi;
  label: string;
  serverError?: string | null;
  onEdit?: () => void;
  onBlur?: () => void;
  isReadOnly?: boolean;
}) {
  return <FormTextField {...props} type="tel" inputMode="tel" autoComplete="tel" format={formatPhoneAsTyped} />;
}
