import type { AnyFormApi } from '@tanstack/react-form';
import * as v from 'valibot';

/**
 * Submit for a form on the hot path (New Appointment on a busy day): values that already pass `schema` go
 * straight to `send`, with only isSubmitting set around it. TanStack Form's handleSubmit marks every field
 * touched and validates each one and then the form again, re-rendering every field on the way (about 25 ms of
 * the 100 ms from Create Appointment to the painted card, busy day, 2-core machine); it still runs when the
 * values do not pass, to show the messages.
 */
export async function submitWhenValid<T>(form: AnyFormApi, schema: v.GenericSchema, send: (values: T) => Promise<void>): Promise<void> {
  if (form.state.isSubmitting) return;
  const values = form.state.values as T;
  if (!v.safeParse(schema, values).success) {
    await form.handleSubmit();
    return;
  }
  form.baseStore.setState((s) => ({ ...s, isSubmitting: true }));
  try {
    await send(values);
  } finally {
    form.baseStore.setState((s) => ({ ...s, isSubmitting: false }));
  }
}
