import { useForm, useStore } from '@tanstack/react-form';
import { useEffect, useMemo, useState } from 'react';
import * as v from 'valibot';
import { CommandRefusal } from '../../domain/command-refusal';
import type { ServerErrorShape } from '../../domain/errors';
import { endOptions, formatMinutes, formatStep, startOptions, STEP_OPTIONS, type TimeFormat } from '../../domain/rules/settings';
import { generalSettingsFormSchema, type GeneralSettingsFormValues } from '../../domain/schemas/settings';
import type { SalonRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { FormRadioGroup } from '../form-choice';
import { FormMessage, FormTextField, schemaValidator } from '../form-field';
import { FormSelect } from '../form-select';
import { FormShell, SubmitButton } from '../form-shell';
import { submitCommand } from '../../sync/submit-command';
import { useServerError } from '../use-server-error';

export const GENERAL_FORM_KIND = 'settings.general';

export function valuesOfSalon(salon: SalonRow): GeneralSettingsFormValues {
  const { startAt, endAt, step, format } = salon.settings.schedule;
  return { name: salon.name, address: salon.address, startAt, endAt, step, format };
}

/** The server names schedule fields by their place in updateSalon's input; the form has them flat. */
const formField = (field: string | null | undefined) => (field ? field.replace(/^settings\.schedule\./, '') : field);

/**
 * Salon name, address and schedule (part 2 §2, §5). Writes salon.update: offline it is kept and sent later; online
 * it waits for the server and shows a refusal (a taken salon name) on its field.
 */
export function GeneralSettingsForm({
  salon,
  reopened,
  readOnly,
}: {
  salon: SalonRow;
  reopened: { values: GeneralSettingsFormValues; error: ServerErrorShape; conflictId: number } | null;
  readOnly: boolean;
}) {
  const t = useT();
  const server = useServerError('salonSettings');
  const [saved, setSaved] = useState<'accepted' | 'pending' | null>(null);
  const defaults = useMemo(() => valuesOfSalon(salon), [salon]);
  const [conflictId, setConflictId] = useState<number | null>(reopened?.conflictId ?? null);

  const form = useForm({
    defaultValues: reopened?.values ?? defaults,
    validators: {
      onChange: schemaValidator<GeneralSettingsFormValues>(generalSettingsFormSchema),
      onSubmit: schemaValidator<GeneralSettingsFormValues>(generalSettingsFormSchema),
    },
    onSubmit: async ({ value }) => {
      server.clear();
      setSaved(null);
      const fields = v.parse(generalSettingsFormSchema, value);
      try {
        const outcome = await submitCommand(
          'salon.update',
          {
            id: salon.id,
            name: fields.name,
            address: fields.address,
            settings: { schedule: { startAt: fields.startAt, endAt: fields.endAt, step: fields.step, format: fields.format } },
          },
          { form: { kind: GENERAL_FORM_KIND, values: value }, conflictId },
        );
        setConflictId(null);
        setSaved(outcome);
        form.reset(fields);
      } catch (error) {
        if (error instanceof CommandRefusal) server.report(new CommandRefusal({ ...error.error, field: formField(error.error.field) }));
        else server.report(error);
      }
    },
  });

  // A change reopened from the conflicts list shows the server's refusal at once.
  useEffect(() => {
    if (reopened) server.report(new CommandRefusal({ ...reopened.error, field: formField(reopened.error.field) }));
  }, [reopened, server.report]); // eslint-disable-line react-hooks/exhaustive-deps

  // Another device changed the salon: an untouched form follows the mirror.
  useEffect(() => {
    if (form.state.isDefaultValue && !reopened) form.reset(defaults);
  }, [defaults]); // eslint-disable-line react-hooks/exhaustive-deps

  const step = useStore(form.store, (s) => s.values.step);
  const format = useStore(form.store, (s) => s.values.format) as TimeFormat;
  const starts = startOptions(step).map((m) => ({ value: m, label: formatMinutes(m, format) }));
  const ends = endOptions(step).map((m) => ({ value: m, label: formatMinutes(m, format) }));

  return (
    <FormShell form={form}>
      <div className="form-grid">
        <form.Field name="name">
          {(field) => (
            <FormTextField
              field={field}
              label={t('settings.salonName')}
              autoComplete="organization"
              isReadOnly={readOnly}
              serverError={server.forField('name')}
              onEdit={server.clear}
            />
          )}
        </form.Field>
        <form.Field name="address">
          {(field) => (
            <FormTextField
              field={field}
              label={t('settings.address')}
              autoComplete="street-address"
              isReadOnly={readOnly}
              serverError={server.forField('address')}
              onEdit={server.clear}
            />
          )}
        </form.Field>
        <form.Field name="startAt">
          {(field) => (
            <FormSelect
              field={field}
              label={t('settings.startAt')}
              options={starts}
              isReadOnly={readOnly}
              serverError={server.forField('startAt')}
              onEdit={server.clear}
            />
          )}
        </form.Field>
        <form.Field name="endAt">
          {(field) => (
            <FormSelect
              field={field}
              label={t('settings.endAt')}
              options={ends}
              isReadOnly={readOnly}
              serverError={server.forField('endAt')}
              onEdit={server.clear}
            />
          )}
        </form.Field>
        <form.Field name="step">
          {(field) => (
            <FormSelect
              field={field}
              label={t('settings.step')}
              options={STEP_OPTIONS.map((s) => ({ value: s, label: formatStep(s) }))}
              isReadOnly={readOnly}
              onEdit={() => {
                // The other fields' rules depend on the step: check them again now.
                void form.validateField('startAt', 'change');
                void form.validateField('endAt', 'change');
              }}
            />
          )}
        </form.Field>
        <form.Field name="format">
          {(field) => (
            <FormRadioGroup
              field={field}
              label={t('settings.format')}
              isReadOnly={readOnly}
              options={[
                { value: 'HH:mm', label: t('settings.format.24h') },
                { value: 'hh:mm a', label: t('settings.format.12h') },
              ]}
            />
          )}
        </form.Field>
      </div>
      <FormMessage>{server.formError}</FormMessage>
      {saved ? <FormMessage kind="success">{t(saved === 'accepted' ? 'settings.saved' : 'settings.savedOffline')}</FormMessage> : null}
      {readOnly ? null : (
        <div className="form-actions">
          <SubmitButton form={form} requireChange={conflictId === null}>
            {t('common.save')}
          </SubmitButton>
        </div>
      )}
    </FormShell>
  );
}
