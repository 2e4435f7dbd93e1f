import { useStore } from '@tanstack/react-form';
import { useEffect } from 'react';
import { ApiError, Docs, request } from '../../api';
import { newId } from '../../domain/ids';
import {
  addAdministratorInput,
  BLANK_ADMINISTRATOR_FORM,
  newAdministratorFormSchema,
  type NewAdministratorFormValues,
} from '../../domain/schemas/administrator';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';
import { useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { useCommandForm } from '../command-form';
import { FormMessage, FormTextField } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { useMasterLookup } from '../salon/use-master-lookup';
import { syncState } from '../../sync/sync-state';
import { useOnline } from '../use-online';

/**
 * New administrator (part 2 §2, §5): Create and Cancel. Online only (docs/decisions/022): the password goes
 * straight to the server, never into the outbox or the mirror. When the e-mail loses focus the server is asked
 * whether it has an account; if so its name and phone are shown read-only, no password is asked, and the
 * account is linked as it is. The new row reaches the list by the pull the engine runs right after.
 */
export function NewAdministratorDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const session = useSession();
  const online = useOnline();
  const { form, server } = useCommandForm<NewAdministratorFormValues>({
    operation: 'administrator',
    schema: newAdministratorFormSchema,
    defaultValues: BLANK_ADMINISTRATOR_FORM,
    send: async (value) => {
      try {
        await request(Docs.AddAdministratorDocument, { input: addAdministratorInput(value, session?.salon ?? '', newId()) });
      } catch (error) {
        // The account was made meanwhile (or the lookup did not run): show it as found, without a password.
        if (error instanceof ApiError && error.error.reason === 'ACCOUNT_ALREADY_EXISTS') lookup.check(value.email, '');
        throw error;
      }
      syncState.get().kick();
    },
    onDone: onClose,
  });
  const lookup = useMasterLookup(true, server.report);
  const existing = useStore(form.store, (s) => s.values.existing);

  // A found account fills the identity and needs no password (part 2 §4 EXISTS, as in the master form).
  useEffect(() => {
    const found = lookup.found;
    form.setFieldValue('existing', Boolean(found));
    if (!found) return;
    form.setFieldValue('firstName', found.firstName);
    form.setFieldValue('lastName', found.lastName);
    form.setFieldValue('phone', found.phone ? formatPhoneAsTyped(found.phone) : BLANK_ADMINISTRATOR_FORM.phone);
    form.setFieldValue('password', '');
    form.setFieldValue('passwordRepeat', '');
  }, [lookup.found, form]);
  const editEmail = () => {
    server.clear();
    lookup.reset();
  };

  return (
    <Dialog title={t('administrator.new.title')} isOpen onClose={onClose}>
      <FormShell form={form} server={server}>
        {online ? null : <FormMessage kind="info">{t('administrator.offline')}</FormMessage>}
        <div className="form-grid">
          <form.AppField name="firstName">
            {(field) => <field.TextField label={t('administrator.firstName')} autoComplete="off" autoFocus isReadOnly={existing} />}
          </form.AppField>
          <form.AppField name="lastName">
            {(field) => <field.TextField label={t('administrator.lastName')} autoComplete="off" isReadOnly={existing} />}
          </form.AppField>
          {/* Editing the e-mail also forgets the account looked up. */}
          <form.Field name="email">
            {(field) => (
              <div>
                <FormTextField
                  field={field}
                  label={t('administrator.email')}
                  type="email"
                  autoComplete="off"
                  serverError={server.forField('email')}
                  onEdit={editEmail}
                  onBlur={() => lookup.check(form.getFieldValue('email'), '')}
                />
                {lookup.status === 'CHECKING' ? (
                  <span className="field-description" role="status">
                    {t('administrator.lookup.checking')}
                  </span>
                ) : null}
                {existing ? (
                  <span className="field-description lookup-found" role="status">
                    ✓ {t('administrator.lookup.exists')}
                  </span>
                ) : null}
              </div>
            )}
          </form.Field>
          <form.AppField name="phone">{(field) => <field.Phone label={t('administrator.phone')} isReadOnly={existing} />}</form.AppField>
          {existing ? null : (
            <>
              <form.AppField name="password">
                {(field) => <field.TextField label={t('administrator.password')} type="password" autoComplete="new-password" />}
              </form.AppField>
              <form.AppField name="passwordRepeat">
                {(field) => <field.TextField label={t('administrator.passwordRepeat')} type="password" autoComplete="new-password" />}
              </form.AppField>
            </>
          )}
        </div>
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={onClose}>
            {t('common.cancel')}
          </Button>
          {online ? (
            <SubmitButton form={form}>{t('common.create')}</SubmitButton>
          ) : (
            <Button variant="primary" isDisabled>
              {t('common.create')}
            </Button>
          )}
        </div>
      </FormShell>
    </Dialog>
  );
}
