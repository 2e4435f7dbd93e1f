import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { Docs, request } from '../api';
import { updateSession } from '../db/session';
import { profileSchema } from '../domain/schemas/access';
import { DEFAULT_PHONE_PREFIX, formatPhoneAsTyped } from '../domain/schemas/phone';
import { useT } from '../i18n';
import { useSession } from './auth/use-session';
import { Button } from './button';
import { FormShell, SubmitButton } from './form-shell';
import { Dialog } from './dialog';
import { dialogs, useOpenDialog } from './dialog-store';
import { FormMessage, FormTextField, schemaValidator } from './form-field';
import { PhoneField } from './phone-field';
import { useServerError } from './use-server-error';

/** Profile dialog (part 2 §2): name and phone of the signed-in user; opened from the user menu or by itself. */
export function ProfileDialog() {
  const t = useT();
  const session = useSession();
  const open = useOpenDialog() === 'profile';
  return (
    <Dialog title={t('profile.title')} isOpen={open} onClose={dialogs.close} size="sm">
      {open && session ? <ProfileForm /> : null}
    </Dialog>
  );
}

type ProfileValues = { firstName: string; lastName: string; phone: string };

function ProfileForm() {
  const t = useT();
  const session = useSession();
  const server = useServerError('profile');
  const form = useForm({
    defaultValues: {
      firstName: session?.firstName ?? '',
      lastName: session?.lastName ?? '',
      phone: session?.phone ? formatPhoneAsTyped(session.phone) : DEFAULT_PHONE_PREFIX,
    } as ProfileValues,
    validators: { onChange: schemaValidator<ProfileValues>(profileSchema), onSubmit: schemaValidator<ProfileValues>(profileSchema) },
    onSubmit: async ({ value }) => {
      server.clear();
      try {
        const { updateProfile } = await request(Docs.UpdateProfileDocument, { input: v.parse(profileSchema, value) });
        await updateSession({ firstName: updateProfile.firstName, lastName: updateProfile.lastName, phone: updateProfile.phone });
        dialogs.close();
      } catch (error) {
        server.report(error);
      }
    },
  });
  return (
    <FormShell form={form}>
      {!session?.phone ? <FormMessage kind="info">{t('profile.phoneMissing')}</FormMessage> : null}
      <div className="field">
        <span className="field-label">{t('profile.email')}</span>
        <span className="field-static">{session?.email}</span>
      </div>
      <form.Field name="firstName">
        {(field) => (
          <FormTextField
            field={field}
            label={t('profile.firstName')}
            autoComplete="given-name"
            serverError={server.forField('firstName')}
            onEdit={server.clear}
          />
        )}
      </form.Field>
      <form.Field name="lastName">
        {(field) => <FormTextField field={field} label={t('profile.lastName')} autoComplete="family-name" />}
      </form.Field>
      <form.Field name="phone">
        {(field) => <PhoneField field={field} label={t('profile.phone')} serverError={server.forField('phone')} onEdit={server.clear} />}
      </form.Field>
      <FormMessage>{server.formError}</FormMessage>
      <div className="form-actions">
        <Button variant="ghost" onPress={dialogs.close}>
          {t('common.cancel')}
        </Button>
        <SubmitButton form={form} requireChange>
          {t('common.save')}
        </SubmitButton>
      </div>
    </FormShell>
  );
}
