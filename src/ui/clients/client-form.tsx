import { useStore } from '@tanstack/react-form';
import { useEffect, useMemo } from 'react';
import * as v from 'valibot';
import { CommandRefusal } from '../../domain/command-refusal';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { isOwnerOrSysadmin } from '../../domain/roles';
import { canSetBirthday } from '../../domain/rules/permissions';
import {
  birthdayFromForm,
  birthdayToForm,
  BLANK_CLIENT_FORM,
  clientFormSchema,
  type ClientFormValues,
} from '../../domain/schemas/client-form';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';
import type { ClientRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { BirthdayField } from '../birthday-field';
import { Button } from '../button';
import { FormRadioGroup } from '../form-choice';
import { useCommandForm } from '../command-form';
import { FormMessage, FormTextField } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { PhoneField } from '../phone-field';
import { submitCommand, type CommandOutcome } from '../../sync/submit-command';
import { usePhoneLookup } from '../salon/use-phone-lookup';
import { dayTimeText } from '../../domain/rules/time';
import { clientMessagePrefs, MESSAGE_LANGUAGES } from '../../domain/rules/client-messages';
import type { FormRef } from '../../db/salon-db';
import { useSalonToday } from '../salon/use-salon';

export function valuesOfClient(c: ClientRow): ClientFormValues {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    gender: c.gender ?? '',
    phone: c.phone ? formatPhoneAsTyped(c.phone) : BLANK_CLIENT_FORM.phone,
    email: c.email ?? '',
    notes: c.notes,
    birthday: birthdayToForm(c.birthday),
    blocked: Boolean(c.blockedAt),
    ...clientMessagePrefs(c),
    language: c.language ?? '',
  };
}

const IDENTITY = ['firstName', 'lastName', 'phone', 'email', 'gender'] as const;

/**
 * New Client and client edit (part 1 §2, §4, §5). Writes through the client commands, so it works offline;
 * online it waits for the server and shows a refusal on its field (DESIGN.md §5.4). A GLOBAL client, or a
 * new one matched to an existing account by the phone lookup, keeps the account's name, phone, e-mail and
 * gender read-only. Masters read only.
 */
export function ClientForm({
  client,
  initialValues,
  refusal,
  conflictId,
  readOnly = false,
  onDone,
  onCancel,
  onRefused,
}: {
  /** The client being edited; none for New Client. */
  client?: ClientRow;
  /** Values to start from (a refused change reopened from the conflicts list). */
  initialValues?: ClientFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
  readOnly?: boolean;
  onDone: (outcome: CommandOutcome, clientId: string) => void;
  onCancel: () => void;
  /** Handles a refusal itself (true) instead of showing it: New Client from the appointment dialog. */
  onRefused?: (error: ServerErrorShape, phone: string | null) => Promise<boolean>;
}) {
  const t = useT();
  const session = useSession();
  const isNew = !client;
  const defaults = useMemo(() => (client ? valuesOfClient(client) : BLANK_CLIENT_FORM), [client]);
  const today = useSalonToday();
  const lookup = usePhoneLookup(isNew && !readOnly);

  const { form, server } = useCommandForm<ClientFormValues>({
    operation: 'client',
    refusal,
    schema: clientFormSchema,
    defaultValues: initialValues ?? defaults,
    send: async (value) => {
      const fields = v.parse(clientFormSchema, value);
      const ref: FormRef = { kind: isNew ? 'client.new' : 'client.edit', values: { ...value, clientId: client?.id ?? null } };
      try {
        if (client) {
          const outcome = await submitCommand(
            'client.update',
            { salonId: client.salonId, clientId: client.id, ...fields },
            { form: ref, conflictId },
          );
          onDone(outcome, client.id);
        } else {
          const id = newId();
          const userId = lookup.found?.id ?? null;
          const outcome = await submitCommand(
            'client.create',
            { id, salon: session?.salon ?? '', ...fields, userId },
            { form: ref, conflictId },
          );
          onDone(outcome, id);
        }
      } catch (error) {
        // A refusal the caller handled (onRefused) shows nothing; the rest shows as the server's message.
        if (error instanceof CommandRefusal && onRefused && (await onRefused(error.error, fields.phone))) return;
        throw error;
      }
    },
  });

  // A change reopened from the conflicts list shows the server's refusal at once.

  // The account found by the phone lookup fills the identity fields (part 1 §4 EXISTS).
  useEffect(() => {
    const found = lookup.found;
    if (!found) return;
    form.setFieldValue('firstName', found.firstName);
    form.setFieldValue('lastName', found.lastName);
    if (found.email) form.setFieldValue('email', found.email);
    if (found.gender === 'MALE' || found.gender === 'FEMALE') form.setFieldValue('gender', found.gender);
  }, [lookup.found, form]);

  const birthday = useStore(form.store, (s) => s.values.birthday);
  const blocked = useStore(form.store, (s) => s.values.blocked);
  const dirty = useStore(
    form.store,
    (s) =>
      IDENTITY.some((k) => s.values[k] !== BLANK_CLIENT_FORM[k]) || s.values.notes !== '' || s.values.birthday !== '' || s.values.blocked,
  );
  const access = { isOwner: Boolean(session?.isOwner), role: session?.role ?? ('ADMIN' as const) };
  const birthdayRuleBroken =
    !canSetBirthday(access, birthdayFromForm(birthday), client?.birthday ?? null, today) && /^\d{2}\.\d{2}\.\d{4}$/.test(birthday);
  const identityLocked = readOnly || client?.type === 'GLOBAL' || lookup.status === 'EXISTS';
  // An account without a gender leaves it to the form (the server keeps the form's then), so it stays open.
  const foundGender = lookup.found?.gender === 'MALE' || lookup.found?.gender === 'FEMALE';
  const genderLocked = readOnly || (client?.type === 'GLOBAL' && Boolean(client.gender)) || (lookup.status === 'EXISTS' && foundGender);
  const mayPickAnyDate = isOwnerOrSysadmin(access);
  const blockedNote =
    client?.blockedAt && blocked
      ? t('client.blockedOn', {
          date: dayTimeText(client.blockedAt),
          name: client.blockedBy ? `${client.blockedBy.firstName} ${client.blockedBy.lastName}`.trim() : '—',
        })
      : null;

  return (
    <FormShell form={form} server={server}>
      {client?.type === 'GLOBAL' && !readOnly ? <FormMessage kind="info">{t('client.globalHint')}</FormMessage> : null}
      <div className="form-grid">
        <form.AppField name="firstName">
          {(field) => <field.TextField label={t('client.firstName')} autoComplete="off" isReadOnly={identityLocked} />}
        </form.AppField>
        <form.Field name="lastName">
          {(field) => <FormTextField field={field} label={t('client.lastName')} autoComplete="off" isReadOnly={identityLocked} />}
        </form.Field>
        {readOnly && !client?.phone ? null : (
          <form.Field name="phone">
            {(field) => (
              <div className="field-span">
                <PhoneField
                  field={field}
                  label={t('client.phone')}
                  isReadOnly={identityLocked}
                  serverError={server.forField('phone')}
                  onEdit={() => {
                    server.clear();
                    lookup.reset();
                  }}
                  onBlur={() => lookup.check(field.state.value as string)}
                />
                {lookup.status === 'CHECKING' ? (
                  <span className="field-description" role="status">
                    {t('client.lookup.checking')}
                  </span>
                ) : null}
                {lookup.status === 'EXISTS' ? (
                  <span className="field-description" role="status">
                    {t('client.lookup.exists')}
                  </span>
                ) : null}
              </div>
            )}
          </form.Field>
        )}
        <form.AppField name="email">
          {(field) => <field.TextField label={t('client.email')} type="email" autoComplete="off" isReadOnly={identityLocked} />}
        </form.AppField>
        <form.Field name="gender">
          {(field) => (
            <FormRadioGroup
              field={field}
              label={t('client.gender')}
              isReadOnly={genderLocked}
              options={[
                { value: 'MALE', label: t('client.gender.male') },
                { value: 'FEMALE', label: t('client.gender.female') },
              ]}
            />
          )}
        </form.Field>
        <form.Field name="birthday">
          {(field) => (
            <BirthdayField
              field={field}
              label={t('client.birthday')}
              minDate={mayPickAnyDate ? null : today}
              isReadOnly={readOnly}
              serverError={birthdayRuleBroken ? t('client.birthdayFromToday') : server.forField('birthday')}
            />
          )}
        </form.Field>
        <form.AppField name="language">
          {(field) => (
            <field.Select
              label={t('client.messageLanguage')}
              isReadOnly={readOnly}
              options={[
                { value: '', label: t('client.messageLanguage.salon') },
                ...MESSAGE_LANGUAGES.map((lang) => ({ value: lang, label: t(`lang.${lang}`) })),
              ]}
            />
          )}
        </form.AppField>
        <form.Field name="notes">
          {(field) => (
            <div className="field-span">
              <FormTextField field={field} label={t('client.notes')} multiline isReadOnly={readOnly} />
            </div>
          )}
        </form.Field>
        <form.AppField name="blocked">
          {(field) => <field.Checkbox label={t('client.blocked')} isReadOnly={readOnly} description={blockedNote} />}
        </form.AppField>
        <form.AppField name="messageConsent">
          {(field) => <field.Checkbox label={t('client.messageConsent')} isReadOnly={readOnly} />}
        </form.AppField>
      </div>
      <FormMessage>{server.formError}</FormMessage>
      {readOnly ? null : (
        <div className="form-actions">
          {isNew ? (
            <Button
              variant="ghost"
              isDisabled={!dirty}
              onPress={() => {
                form.reset(BLANK_CLIENT_FORM);
                lookup.reset();
                server.clear();
              }}
            >
              {t('common.clear')}
            </Button>
          ) : null}
          <Button variant="ghost" onPress={onCancel}>
            {t('common.cancel')}
          </Button>
          {birthdayRuleBroken ? (
            <Button variant="primary" isDisabled>
              {isNew ? t('common.add') : t('common.save')}
            </Button>
          ) : (
            <SubmitButton form={form} requireChange={!initialValues}>
              {isNew ? t('common.add') : t('common.save')}
            </SubmitButton>
          )}
        </div>
      )}
    </FormShell>
  );
}
