import { useStore } from '@tanstack/react-form';
import { useEffect, useState } from 'react';
import { CommandRefusal } from '../../domain/command-refusal';
import type { ServerErrorShape } from '../../domain/errors';
import type { SalonRow } from '../../domain/entities';
import { MESSAGE_KINDS, MESSAGE_LANGUAGES, type MessageKind, type MessageLanguage } from '../../domain/rules/client-messages';
import { fillTemplate, PLACEHOLDERS, salonTemplate, type MessageTemplate, type TemplateValues } from '../../domain/rules/message-templates';
import { formatMinutes } from '../../domain/rules/settings';
import { addDays, dayText } from '../../domain/rules/time';
import { messageTemplateSchema, type MessageTemplateFormValues } from '../../domain/schemas/settings';
import { catalogSource, useLanguage, useT } from '../../i18n';
import { submitCommand } from '../../sync/submit-command';
import { Button } from '../button';
import { useCommandForm } from '../command-form';
import { FormMessage, FormTextField } from '../form-field';
import { ChoiceSelect } from '../choice-select';
import { FormShell, SubmitButton } from '../form-shell';
import { salonAdministrators } from '../../db/queries/staff';
import { useSalonRows } from '../sync/use-salon-rows';
import { useSalonToday } from '../salon/use-salon';
import { SettingsSection } from '../settings-section';

export const MESSAGE_TEMPLATE_FORM_KIND = 'settings.messageTemplate';

export interface ReopenedTemplate {
  values: MessageTemplateFormValues & { kind: MessageKind; language: MessageLanguage };
  error: ServerErrorShape;
  conflictId: number;
}

/** The catalog's text of a kind in a language, as its source reads (the default an owner starts from). */
function useDefaultTemplate(kind: MessageKind, language: MessageLanguage): MessageTemplate | null {
  const [text, setText] = useState<{ key: string; template: MessageTemplate } | null>(null);
  const key = `${kind}.${language}`;
  useEffect(() => {
    let live = true;
    void Promise.all([
      catalogSource(language, `clientMessage.${kind}.subject`),
      catalogSource(language, `clientMessage.${kind}.body`),
    ]).then(([subject, body]) => live && setText({ key, template: { subject, body } }));
    return () => {
      live = false;
    };
  }, [key, kind, language]);
  return text?.key === key ? text.template : null;
}

/**
 * Admin settings → Message texts (issue 57 item 4, decision 080): the salon's own text of each message in each
 * language, with placeholders, a preview filled with a sample visit, and a way back to the default. Writes
 * salon.updateMessageTemplate, offline too.
 */
export function MessageTemplatesForm({
  salon,
  reopened,
  readOnly,
}: {
  salon: SalonRow;
  reopened: ReopenedTemplate | null;
  readOnly: boolean;
}) {
  const t = useT();
  const { language: uiLanguage } = useLanguage();
  const [kind, setKind] = useState<MessageKind>(reopened?.values.kind ?? 'CONFIRMATION');
  const [language, setLanguage] = useState<MessageLanguage>(reopened?.values.language ?? uiLanguage);
  const own = salonTemplate(salon.settings, kind, language);
  const fallback = useDefaultTemplate(kind, language);
  const placeholders = PLACEHOLDERS.map((p) => `{${p}}`).join(' ');
  return (
    <SettingsSection
      id="settings-message-templates"
      title={t('settings.templates.title')}
      note={t('settings.templates.note', { placeholders })}
    >
      <div className="form-grid">
        <ChoiceSelect
          label={t('settings.templates.kind')}
          value={kind}
          onChange={setKind}
          options={MESSAGE_KINDS.map((k) => ({ value: k, label: t(`clientMessages.kind.${k}`) }))}
        />
        <ChoiceSelect
          label={t('settings.templates.language')}
          value={language}
          onChange={setLanguage}
          options={MESSAGE_LANGUAGES.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
        />
      </div>
      {fallback ? (
        <TemplateEditor
          key={`${kind}.${language}.${reopened?.conflictId ?? ''}`}
          salon={salon}
          kind={kind}
          language={language}
          own={own}
          fallback={fallback}
          reopened={reopened && reopened.values.kind === kind && reopened.values.language === language ? reopened : null}
          readOnly={readOnly}
        />
      ) : (
        <p className="muted">{t('app.loading')}</p>
      )}
    </SettingsSection>
  );
}

function TemplateEditor({
  salon,
  kind,
  language,
  own,
  fallback,
  reopened,
  readOnly,
}: {
  salon: SalonRow;
  kind: MessageKind;
  language: MessageLanguage;
  own: MessageTemplate | null;
  fallback: MessageTemplate;
  reopened: ReopenedTemplate | null;
  readOnly: boolean;
}) {
  const t = useT();
  const [saved, setSaved] = useState<'saved' | 'reset' | 'pending' | null>(null);
  const [conflictId, setConflictId] = useState<number | null>(reopened?.conflictId ?? null);
  const send = async (template: MessageTemplate | null) => {
    setSaved(null);
    const outcome = await submitCommand(
      'salon.updateMessageTemplate',
      { id: salon.id, kind, language, template },
      { form: { kind: MESSAGE_TEMPLATE_FORM_KIND, values: { kind, language, ...(template ?? fallback) } }, conflictId },
    );
    setConflictId(null);
    setSaved(outcome === 'pending' ? 'pending' : template ? 'saved' : 'reset');
    form.reset(template ?? fallback);
  };
  const { form, server } = useCommandForm<MessageTemplateFormValues>({
    operation: 'salonSettings',
    schema: messageTemplateSchema,
    defaultValues: reopened ? { subject: reopened.values.subject, body: reopened.values.body } : (own ?? fallback),
    send: (value) => send({ subject: value.subject.trim(), body: value.body.trim() }),
  });
  useEffect(() => {
    if (reopened) server.report(new CommandRefusal(reopened.error));
  }, [reopened, server.report]); // eslint-disable-line react-hooks/exhaustive-deps

  const sample = useSample(salon);
  const values = useStore(form.store, (s) => s.values);
  const stop = useStopLine(language);
  return (
    <FormShell form={form} server={server}>
      <p className="muted" data-testid="template-state">
        {t(own ? 'settings.templates.custom' : 'settings.templates.default')}
      </p>
      <form.Field name="subject">
        {(field) => <FormTextField field={field} label={t('settings.templates.subject')} isReadOnly={readOnly} />}
      </form.Field>
      <form.Field name="body">
        {(field) => <FormTextField field={field} label={t('settings.templates.body')} multiline isReadOnly={readOnly} />}
      </form.Field>
      <section className="template-preview" aria-labelledby="template-preview-title" data-testid="template-preview">
        <h3 id="template-preview-title" className="field-label">
          {t('settings.templates.preview')}
        </h3>
        <p>
          <strong>{t('settings.templates.previewMail')}:</strong> {fillTemplate(values.subject, sample)}
        </p>
        <p data-testid="template-preview-body">{fillTemplate(values.body, sample)}</p>
        <p>
          <strong>{t('settings.templates.previewSms')}:</strong> {`${fillTemplate(values.body, sample)} ${stop}`}
        </p>
      </section>
      <FormMessage>{server.formError}</FormMessage>
      {saved ? (
        <FormMessage kind="success">
          {t(
            saved === 'pending' ? 'settings.savedOffline' : saved === 'saved' ? 'settings.templates.saved' : 'settings.templates.resetDone',
          )}
        </FormMessage>
      ) : null}
      {readOnly ? null : (
        <div className="form-actions">
          {own ? (
            <Button variant="secondary" onPress={() => void send(null).catch((error: unknown) => server.report(error))}>
              {t('settings.templates.reset')}
            </Button>
          ) : null}
          <SubmitButton form={form}>{t('common.save')}</SubmitButton>
        </div>
      )}
    </FormShell>
  );
}

/** A sample visit tomorrow at 10:00 at this salon, in the salon's time format, to fill the preview. */
function useSample(salon: SalonRow): TemplateValues {
  const t = useT();
  // The salon's phone is its owner's, who is an administrator row of the mirror too.
  const owner = useSalonRows(salonAdministrators)?.find((a) => a.userId === salon.administratorId);
  const today = useSalonToday();
  const service = t('settings.templates.sample.service');
  const master = 'Līga Ozola';
  return {
    name: t('settings.templates.sample.name'),
    salon: salon.name,
    address: salon.address,
    phone: owner?.phone ?? '',
    service,
    master,
    what: `${service} (${master})`,
    date: dayText(addDays(today, 1)),
    time: formatMinutes(600, salon.settings.schedule.format),
  };
}

/** How an SMS in `language` says to stop them, as the server appends it. */
function useStopLine(language: MessageLanguage): string {
  const [stop, setStop] = useState('');
  useEffect(() => {
    void catalogSource(language, 'clientMessage.smsStop').then(setStop);
  }, [language]);
  return stop;
}
