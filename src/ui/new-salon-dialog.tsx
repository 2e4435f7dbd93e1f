import { useNavigate } from '@tanstack/react-router';
import { Docs, request } from '../api';
import { sessionStore } from '../db/session';
import { newSalonSchema } from '../domain/schemas/access';
import { useLanguage, useT } from '../i18n';
import { refreshViewer, switchSalon } from './session/actions';
import { Button } from './button';
import { useCommandForm } from './command-form';
import { FormShell, SubmitButton } from './form-shell';
import { Dialog } from './dialog';
import { dialogs, useOpenDialog } from './dialog-store';
import { FormMessage, FormTextField } from './form-field';

/**
 * "Create a new salon" (part 2 §4): create, set up, make the creator its master, switch to it, close.
 * The server sets the salon up in the same transaction; the two follow-up calls are idempotent.
 */
export function NewSalonDialog() {
  const t = useT();
  const open = useOpenDialog() === 'newSalon';
  return (
    <Dialog title={t('salon.new.title')} isOpen={open} onClose={dialogs.close} size="sm">
      {open ? <NewSalonForm /> : null}
    </Dialog>
  );
}

function NewSalonForm() {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const { form, server } = useCommandForm<{ name: string; address: string }>({
    operation: 'createSalon',
    schema: newSalonSchema,
    defaultValues: { name: '', address: '' },
    send: async (value) => {
      const { createSalon } = await request(Docs.CreateSalonDocument, {
        input: { name: value.name.trim(), address: value.address.trim(), lang: language },
      });
      await request(Docs.SetupNewSalonDocument, { input: { salon: createSalon.id, lang: language } });
      const userId = sessionStore.get()?.id;
      if (userId) await request(Docs.SetOwnerAsMasterDocument, { input: { salon: createSalon.id, user: userId } });
      await switchSalon(createSalon.id);
      await refreshViewer();
      dialogs.close();
      await navigate({ to: '/salon/appointments' });
    },
  });
  return (
    <FormShell form={form} server={server}>
      <form.AppField name="name">{(field) => <field.TextField label={t('salon.new.name')} autoFocus />}</form.AppField>
      {/* Unbound: it shows no server message, and editing it leaves the last one shown. */}
      <form.Field name="address">
        {(field) => <FormTextField field={field} label={t('salon.new.address')} autoComplete="street-address" />}
      </form.Field>
      <FormMessage>{server.formError}</FormMessage>
      <div className="form-actions">
        <Button variant="ghost" onPress={dialogs.close}>
          {t('common.cancel')}
        </Button>
        <SubmitButton form={form}>{t('common.create')}</SubmitButton>
      </div>
    </FormShell>
  );
}
