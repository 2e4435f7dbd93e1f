import { useStore, type AnyFormApi } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useDialogForm } from './dialog-forms';

/**
 * A <form> that hands submit to TanStack Form (no browser validation: the shared schema decides), or to
 * `onSubmit` when given (see submit-when-valid.ts). Inside a Dialog it registers the form, so closing asks before
 * discarding what was typed (dialog-forms.ts).
 */
export function FormShell({
  form,
  className = 'form',
  onSubmit,
  saved,
  children,
}: {
  form: AnyFormApi;
  className?: string;
  onSubmit?: () => void;
  /** The values the form stored while staying open (Sale after Pay, Invoice after Save): nothing to lose then. */
  saved?: unknown;
  children: ReactNode;
}) {
  useDialogForm(form, saved);
  return (
    <form
      className={className}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (onSubmit) onSubmit();
        else void form.handleSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** The form's submit button: disabled while submitting, and while equal to its defaults when `requireChange` (an undone change counts as none). */
export function SubmitButton({
  form,
  children,
  block = false,
  requireChange = false,
  isBlocked = false,
}: {
  form: AnyFormApi;
  children: ReactNode;
  block?: boolean;
  requireChange?: boolean;
  /** Something outside the form's values holds the submit back (a warning not yet confirmed). */
  isBlocked?: boolean;
}) {
  const busyOrUnchanged = useStore(form.store, (s) => s.isSubmitting || (requireChange && s.isDefaultValue));
  const disabled = busyOrUnchanged || isBlocked;
  return (
    <Button type="submit" variant="primary" isDisabled={disabled} className={block ? 'btn-block' : undefined}>
      {children}
    </Button>
  );
}
