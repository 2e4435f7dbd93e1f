import * as v from 'valibot';
import { Docs, request } from '../api';
import { updateSession } from '../db/session';
import { profileSchema } from '../domain/schemas/access';
import { DEFAULT_PHONE_PREFIX, formatPhoneAsTyped } from '../domain/schemas/phone';
import { useT } from '../i18n';
import { useSession } from './session/use-session';
import { Button } from './button';
import { useCommandForm } from './command-form';
import { FormShell, SubmitButton } from './form-shell';
import { Dialog } from './dialog';
import { dialogs, useOpenDialog } from './dialog-store';
import { FormMessage, FormTextField } from './form-field';

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
  const { form, server } = useCommandForm<ProfileValues>({
    operation: 'profile',
    schema: profileSchema,
    defaultValues: {
      firstName: session?.firstName ?? '',
      lastName: session?.lastName ?? '',
      phone: session?.phone ? formatPhoneAsTyped(session.phone) : DEFAULT_PHONE_PREFIX,
    },
    send: async (value) => {
      const { updateProfile } = await request(Docs.UpdateProfileDocument, { input: v.parse(profileSchema, value) });
      await updateSession({ firstName: updateProfile.firstName, lastName: updateProfile.lastName, phone: updateProfile.phone });
    },
    onDone: dialogs.close,
  });
  return (
    <FormShell form={form} server={server}>
      {!session?.phone ? <FormMessage kind="info">{t('profile.phoneMissing')}</FormMessage> : null}
      <div className="field">
        <span className="field-label">{t('profile.email')}</span>
        <span className="field-static">{session?.email}</span>
      </div>
      <form.AppField name="firstName">
        {(field) => <field.TextField label={t('profile.firstName')} autoComplete="given-name" />}
      </form.AppField>
      {/* Unbound: it shows no server message, and editing it leaves the last one shown. */}
      <form.Field name="lastName">
        {(field) => <FormTextField field={field} label={t('profile.lastName')} autoComplete="family-name" />}
      </form.Field>
      <form.AppField name="phone">{(field) => <field.Phone label={t('profile.phone')} />}</form.AppField>
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
