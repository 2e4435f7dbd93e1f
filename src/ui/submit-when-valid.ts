import type { AnyFormApi } from '@tanstack/react-form';
import * as v from 'valibot';

/** Forms whose values are being sent: a second press sends nothing, before the button looks busy. */
const sending = new WeakSet<AnyFormApi>();

/** A send answered sooner never shows the busy button (no flash); a slower one shows it from then on. */
export const BUSY_AFTER_MS = 150;

/**
 * Submit for a form on the hot path (New Appointment on a busy day): values that already pass `schema` go
 * straight to `send`. TanStack Form's handleSubmit marks every field touched and validates each one and then
 * the form again, re-rendering every field on the way (about 25 ms of the 100 ms from Create Appointment to
 * the painted card, busy day, 2-core machine); it still runs when the values do not pass, to show the
 * messages.
 *
 * isSubmitting (the busy, disabled button) comes BUSY_AFTER_MS after the press, not in it: repainting the
 * button is a frame of the whole busy page, and in the press it came before the command's transaction had
 * its answer and before the new card's frame. A second press in between sends nothing all the same.
 */
export async function submitWhenValid<T>(form: AnyFormApi, schema: v.GenericSchema, send: (values: T) => Promise<void>): Promise<void> {
  if (form.state.isSubmitting || sending.has(form)) return;
  const values = form.state.values as T;
  if (!v.safeParse(schema, values).success) {
    await form.handleSubmit();
    return;
  }
  sending.add(form);
  const busy = setTimeout(() => form.baseStore.setState((s) => ({ ...s, isSubmitting: true })), BUSY_AFTER_MS);
  try {
    await send(values);
  } finally {
    clearTimeout(busy);
    sending.delete(form);
    if (form.state.isSubmitting) form.baseStore.setState((s) => ({ ...s, isSubmitting: false }));
  }
}
