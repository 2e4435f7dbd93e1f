import type { AnyFormApi } from '@tanstack/react-form';
import { createContext, useContext, useEffect, useRef } from 'react';

/**
 * The forms inside a dialog. A dialog asks before Escape, the backdrop or × discard what was typed into any of
 * them; FormShell registers its form, so every form dialog behaves the same way.
 */
export interface DialogForms {
  /** Registers whether a form holds what closing would lose; returns the unregistering function. */
  add: (isFilled: () => boolean) => () => void;
}

export const DialogFormsContext = createContext<DialogForms | null>(null);

/**
 * Typed into and not being saved: closing would lose it. An undone change counts as none. `saved` (the values a
 * form stored while it stays open, as Sale after Pay or Invoice after Save) counts as nothing to lose.
 */
export function isFilled(form: AnyFormApi, saved?: unknown): boolean {
  if (form.state.isSubmitting) return false;
  if (saved !== undefined) return JSON.stringify(form.state.values) !== JSON.stringify(saved);
  return !form.state.isDefaultValue;
}

/** Registers a form with the enclosing dialog, if any, while it is mounted. */
export function useDialogForm(form: AnyFormApi, saved?: unknown) {
  const forms = useContext(DialogFormsContext);
  const savedRef = useRef(saved);
  savedRef.current = saved;
  useEffect(() => forms?.add(() => isFilled(form, savedRef.current)), [forms, form]);
}
