import { useStore } from '@tanstack/react-form';
import { useMemo, useState } from 'react';
import { Checkbox, CheckboxGroup, FieldError, Label } from 'react-aria-components';
import type { ServerErrorShape } from '../../domain/errors';
import { DEFAULT_CLIENT_MESSAGES, REMINDER_LEADS, type ReminderLead } from '../../domain/rules/client-messages';
import { DEFAULT_LATE_CANCEL_HOURS, LATE_CANCEL_WINDOWS } from '../../domain/rules/outcomes';
import { formatMinutes } from '../../domain/rules/settings';
import { clientMessagesSchema, type ClientMessagesFormValues } from '../../domain/schemas/settings';
import type { SalonRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { submitCommand } from '../../sync/submit-command';
import { useCommandForm } from '../command-form';
import { FormMessage, firstError } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { useOnline } from '../use-online';
import { useMessageChannels } from './use-message-channels';
import { SettingsSection } from '../settings-section';
import { useSettingsFormSync } from '../settings-form-sync';

export const CLIENT_MESSAGES_FORM_KIND = 'settings.clientMessages';

/** Quiet hours start and end on the half hour. */
const HALF_HOURS = Array.from({ length: 48 }, (_, i) => i * 30);

/** The salon's choice, or the recommended one before it chose (SMS only where the server sends them). */
export function valuesOfClientMessages(salon: SalonRow, smsConfigured: boolean): ClientMessagesFormValues {
  const stored = salon.settings.clientMessages;
  return stored
    ? { lateCancelHours: DEFAULT_LATE_CANCEL_HOURS, ...stored, reminders: [...stored.reminders] }
    : { ...DEFAULT_CLIENT_MESSAGES, lateCancelHours: DEFAULT_LATE_CANCEL_HOURS, reminders: [24], sms: smsConfigured };
}

/**
 * Admin settings → Client messages (issue 57): which messages the salon's clients get, up to two reminders, the
 * channels and SMS quiet hours. Writes salon.updateClientMessages, offline too; until it is saved once, nothing is
 * sent. SMS can be switched on only where the server has an SMS provider (its answer kept for offline).
 */
export function ClientMessagesForm({
  salon,
  reopened,
  readOnly,
}: {
  salon: SalonRow;
  reopened: { values: ClientMessagesFormValues; error: ServerErrorShape; conflictId: number } | null;
  readOnly: boolean;
}) {
  const t = useT();
  const [saved, setSaved] = useState<'accepted' | 'pending' | null>(null);
  const channels = useMessageChannels(useOnline());
  const smsConfigured = channels.data?.messageChannels.sms ?? false;
  const defaults = useMemo(() => valuesOfClientMessages(salon, smsConfigured), [salon, smsConfigured]);
  const [conflictId, setConflictId] = useState<number | null>(reopened?.conflictId ?? null);
  const chosenBefore = Boolean(salon.settings.clientMessages);

  const { form, server } = useCommandForm<ClientMessagesFormValues>({
    operation: 'salonSettings',
    schema: clientMessagesSchema,
    defaultValues: reopened?.values ?? defaults,
    send: async (value) => {
      setSaved(null);
      const outcome = await submitCommand(
        'salon.updateClientMessages',
        { id: salon.id, clientMessages: value },
        { form: { kind: CLIENT_MESSAGES_FORM_KIND, values: value }, conflictId },
      );
      setConflictId(null);
      setSaved(outcome);
      form.reset(value);
    },
  });

  useSettingsFormSync(form, server, defaults, reopened);

  const submitted = useStore(form.store, (s) => s.submissionAttempts > 0);
  const format = salon.settings.schedule.format;
  const hours = HALF_HOURS.map((m) => ({ value: m, label: formatMinutes(m, format) }));
  const windows = LATE_CANCEL_WINDOWS.map((h) => ({ value: h, label: t('settings.clientMessages.lateCancelHours', { hours: h }) }));

  return (
    <SettingsSection id="settings-client-messages" title={t('settings.clientMessages.title')} note={t('settings.clientMessages.note')}>
      <FormShell form={form} server={server}>
        <fieldset className="form-fieldset">
          <legend className="field-label">{t('settings.clientMessages.messages')}</legend>
          <form.AppField name="confirmation">
            {(field) => <field.Checkbox label={t('settings.clientMessages.confirmation')} isReadOnly={readOnly} />}
          </form.AppField>
          <form.AppField name="moved">
            {(field) => <field.Checkbox label={t('settings.clientMessages.moved')} isReadOnly={readOnly} />}
          </form.AppField>
          <form.AppField name="cancelled">
            {(field) => <field.Checkbox label={t('settings.clientMessages.cancelled')} isReadOnly={readOnly} />}
          </form.AppField>
          <form.AppField name="noShow">
            {(field) => <field.Checkbox label={t('settings.clientMessages.noShow')} isReadOnly={readOnly} />}
          </form.AppField>
        </fieldset>
        <form.Field name="reminders">
          {(field) => {
            const error = submitted || field.state.meta.isDirty ? firstError(field.state.meta.errors) : null;
            return (
              <CheckboxGroup
                className="field"
                value={(field.state.value as ReminderLead[]).map(String)}
                onChange={(value) => {
                  field.handleChange(value.map(Number) as ReminderLead[]);
                  server.clear();
                }}
                isReadOnly={readOnly}
                isInvalid={Boolean(error)}
                validationBehavior="aria"
              >
                <Label className="field-label">{t('settings.clientMessages.reminders')}</Label>
                <div className="choice-list">
                  {REMINDER_LEADS.map((hours) => (
                    <Checkbox key={hours} value={String(hours)} className="choice">
                      <span className="choice-box" aria-hidden />
                      {t('settings.clientMessages.reminder', { hours })}
                    </Checkbox>
                  ))}
                </div>
                <FieldError className="field-error">{error ? t(error) : server.forField('clientMessages.reminders')}</FieldError>
              </CheckboxGroup>
            );
          }}
        </form.Field>
        <fieldset className="form-fieldset">
          <legend className="field-label">{t('settings.clientMessages.channels')}</legend>
          <form.AppField name="email">
            {(field) => <field.Checkbox label={t('settings.clientMessages.email')} isReadOnly={readOnly} />}
          </form.AppField>
          <form.AppField name="sms">
            {(field) => (
              <field.Checkbox
                label={t('settings.clientMessages.sms')}
                isReadOnly={readOnly || (!smsConfigured && !field.state.value)}
                description={smsConfigured ? undefined : t('settings.clientMessages.smsNotConfigured')}
              />
            )}
          </form.AppField>
        </fieldset>
        <div className="form-grid">
          <form.AppField name="quietFrom">
            {(field) => <field.Select label={t('settings.clientMessages.quietFrom')} options={hours} isReadOnly={readOnly} />}
          </form.AppField>
          <form.AppField name="quietTo">
            {(field) => <field.Select label={t('settings.clientMessages.quietTo')} options={hours} isReadOnly={readOnly} />}
          </form.AppField>
          <form.AppField name="lateCancelHours">
            {(field) => <field.Select label={t('settings.clientMessages.lateCancel')} options={windows} isReadOnly={readOnly} />}
          </form.AppField>
        </div>
        <FormMessage>{server.formError}</FormMessage>
        {saved ? (
          <FormMessage kind="success">{t(saved === 'accepted' ? 'settings.clientMessages.saved' : 'settings.savedOffline')}</FormMessage>
        ) : null}
        {readOnly ? null : (
          <div className="form-actions">
            <SubmitButton form={form} requireChange={chosenBefore && conflictId === null}>
              {t('common.save')}
            </SubmitButton>
          </div>
        )}
      </FormShell>
    </SettingsSection>
  );
}
