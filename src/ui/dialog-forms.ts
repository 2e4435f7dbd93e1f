import type { AnyFormApi } from '@tanstack/react-form';
import { createContext, useContext, useEffect } from 'react';

/**
 * The forms inside a dialog. A dialog asks before Escape, the backdrop or × discard what was typed into any of
 * them; FormShell registers its form, so every form dialog behaves the same way.
 */
export interface DialogForms {
  add: (form: AnyFormApi) => () => void;
}

export const DialogFormsContext = createContext<DialogForms | null>(null);

/** Typed into and not being saved: closing would lose it. An undone change counts as none. */
export const isFilled = (form: AnyFormApi) => !form.state.isDefaultValue && !form.state.isSubmitting;

/** Registers a form with the enclosing dialog, if any, while it is mounted. */
export function useDialogForm(form: AnyFormApi) {
  const forms = useContext(DialogFormsContext);
  useEffect(() => forms?.add(form), [forms, form]);
}
