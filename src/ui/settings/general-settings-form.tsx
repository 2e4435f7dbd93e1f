import { useStore } from '@tanstack/react-form';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { CommandRefusal } from '../../domain/command-refusal';
import type { ServerErrorShape } from '../../domain/errors';
import { endOptions, formatMinutes, formatStep, startOptions, STEP_OPTIONS, type TimeFormat } from '../../domain/rules/settings';
import { generalSettingsFormSchema, type GeneralSettingsFormValues } from '../../domain/schemas/settings';
import type { SalonRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { useCommandForm } from '../command-form';
import { FormRadioGroup } from '../form-choice';
import { FormMessage } from '../form-field';
import { FormSelect } from '../form-select';
import { FormShell, SubmitButton } from '../form-shell';
import { submitCommand } from '../../sync/submit-command';
import { useSettingsFormSync } from '../settings-form-sync';

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
  const [saved, setSaved] = useState<'accepted' | 'pending' | null>(null);
  const defaults = useMemo(() => valuesOfSalon(salon), [salon]);
  const [conflictId, setConflictId] = useState<number | null>(reopened?.conflictId ?? null);

  const { form, server } = useCommandForm<GeneralSettingsFormValues>({
    operation: 'salonSettings',
    schema: generalSettingsFormSchema,
    defaultValues: reopened?.values ?? defaults,
    send: async (value) => {
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
        throw error instanceof CommandRefusal ? new CommandRefusal({ ...error.error, field: formField(error.error.field) }) : error;
      }
    },
  });

  useSettingsFormSync(form, server, defaults, reopened, formField);

  const step = useStore(form.store, (s) => s.values.step);
  const format = useStore(form.store, (s) => s.values.format) as TimeFormat;
  const starts = startOptions(step).map((m) => ({ value: m, label: formatMinutes(m, format) }));
  const ends = endOptions(step).map((m) => ({ value: m, label: formatMinutes(m, format) }));

  return (
    <FormShell form={form} server={server}>
      <div className="form-grid">
        <form.AppField name="name">
          {(field) => <field.TextField label={t('settings.salonName')} autoComplete="organization" isReadOnly={readOnly} />}
        </form.AppField>
        <form.AppField name="address">
          {(field) => <field.TextField label={t('settings.address')} autoComplete="street-address" isReadOnly={readOnly} />}
        </form.AppField>
        <form.AppField name="startAt">
          {(field) => <field.Select label={t('settings.startAt')} options={starts} isReadOnly={readOnly} />}
        </form.AppField>
        <form.AppField name="endAt">
          {(field) => <field.Select label={t('settings.endAt')} options={ends} isReadOnly={readOnly} />}
        </form.AppField>
        {/* Step and format show no server message; the step's edit checks the range again instead of clearing one. */}
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
