import { useStore, type AnyFormApi } from '@tanstack/react-form';
import type { MouseEvent, ReactNode } from 'react';
import { Button } from './button';
import { ServerErrorsProvider, type ServerErrors } from './command-form';
import { useDialogForm } from './dialog-forms';

/**
 * A <form> that hands submit to TanStack Form (no browser validation: the shared schema decides), or to
 * `onSubmit` when given (see submit-when-valid.ts). Inside a Dialog it registers the form, so closing asks before
 * discarding what was typed (dialog-forms.ts).
 *
 * With `submitOnClick` the click of its submit button submits (a mouse, a tap, Enter or Space on the button, Enter in
 * a field: each is that click) and the browser's own submission is cancelled: between the click and the submit
 * event Chromium activates the button and reads every field of the form for its autofill, 1.3 to 2 ms on New
 * Appointment before the booking could start (decision 055). Not for forms a password manager should see submitted.
 */
export function FormShell({
  form,
  className = 'form',
  onSubmit,
  submitOnClick = false,
  saved,
  server,
  children,
}: {
  form: AnyFormApi;
  /** The form's server errors (useCommandForm): its bound fields show theirs (command-form.tsx). */
  server?: ServerErrors;
  className?: string;
  onSubmit?: () => void;
  submitOnClick?: boolean;
  /** The values the form stored while staying open (Sale after Pay, Invoice after Save): nothing to lose then. */
  saved?: unknown;
  children: ReactNode;
}) {
  useDialogForm(form, saved);
  const submit = () => {
    if (onSubmit) onSubmit();
    else void form.handleSubmit();
  };
  return (
    <form
      className={className}
      noValidate
      onClickCapture={submitOnClick ? (e) => submittedByClick(e) && submit() : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {server ? <ServerErrorsProvider server={server}>{children}</ServerErrorsProvider> : children}
    </form>
  );
}

/** A click of the form's own submit button, taken from the browser (its default, the submission, cancelled). */
function submittedByClick(e: MouseEvent<HTMLFormElement>): boolean {
  const button = e.target instanceof Element ? e.target.closest('button') : null;
  if (!button || button.type !== 'submit' || button.form !== e.currentTarget || e.defaultPrevented) return false;
  e.preventDefault();
  return true;
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
