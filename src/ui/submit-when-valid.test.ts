import { FormApi, type AnyFormApi } from '@tanstack/react-form';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BUSY_AFTER_MS, submitWhenValid } from './submit-when-valid';

const schema = v.object({ name: v.pipe(v.string(), v.minLength(1, 'required')) });
type Values = v.InferOutput<typeof schema>;

function formWith(name: string, onSubmit: (values: Values) => void): AnyFormApi {
  const form = new FormApi({ defaultValues: { name }, validators: { onSubmit: schema }, onSubmit: ({ value }) => onSubmit(value) });
  form.mount();
  // The form's own generics are narrower than AnyFormApi's (the dialog's useForm result is assignable).
  return form as unknown as AnyFormApi;
}

describe('submitWhenValid', () => {
  it('sends passing values at once, submitting from BUSY_AFTER_MS while the send runs, touching no field', async () => {
    const sent: Values[] = [];
    const form = formWith('Anna', () => sent.push({ name: 'by handleSubmit' }));
    let submittingAtSend = true;
    let submittingLater = false;
    await submitWhenValid<Values>(form, schema, async (values) => {
      submittingAtSend = form.state.isSubmitting;
      sent.push(values);
      await new Promise((resolve) => setTimeout(resolve, BUSY_AFTER_MS + 20));
      submittingLater = form.state.isSubmitting;
    });
    expect(sent).toEqual([{ name: 'Anna' }]);
    expect(submittingAtSend).toBe(false);
    expect(submittingLater).toBe(true);
    expect(form.state.isSubmitting).toBe(false);
    expect(form.state.submissionAttempts).toBe(0);
  });

  it('hands values that do not pass to handleSubmit, which shows the messages and sends nothing', async () => {
    const sent: unknown[] = [];
    const form = formWith('', (values) => sent.push(values));
    await submitWhenValid<Values>(form, schema, async (values) => void sent.push(values));
    expect(sent).toEqual([]);
    expect(form.state.submissionAttempts).toBe(1);
    expect(form.state.errors.length).toBeGreaterThan(0);
  });

  it('a second press while the first send runs sends nothing more', async () => {
    const sent: Values[] = [];
    const form = formWith('Anna', () => undefined);
    let release = () => {};
    const first = submitWhenValid<Values>(
      form,
      schema,
      (values) => new Promise<void>((resolve) => ((release = resolve), sent.push(values))),
    );
    await submitWhenValid<Values>(form, schema, async (values) => void sent.push(values));
    release();
    await first;
    expect(sent).toHaveLength(1);
  });

  it('a send that fails still ends the submitting state', async () => {
    const form = formWith('Anna', () => undefined);
    const slowRefusal = () => new Promise<void>((_, reject) => setTimeout(() => reject(new Error('refused')), BUSY_AFTER_MS + 20));
    await expect(submitWhenValid<Values>(form, schema, slowRefusal)).rejects.toThrow('refused');
    expect(form.state.isSubmitting).toBe(false);
  });

  it('a send answered sooner than BUSY_AFTER_MS never shows the busy state', async () => {
    const form = formWith('Anna', () => undefined);
    await submitWhenValid<Values>(form, schema, async () => undefined);
    await new Promise((resolve) => setTimeout(resolve, BUSY_AFTER_MS + 20));
    expect(form.state.isSubmitting).toBe(false);
  });
});
