import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import type { ServerErrorShape } from '../../domain/errors';
import { administratorName, editAdministratorFormSchema, type EditAdministratorFormValues } from '../../domain/schemas/administrator';
import { DEFAULT_PHONE_PREFIX, formatPhoneAsTyped } from '../../domain/schemas/phone';
import type { AdministratorRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { FormMessage, FormTextField, schemaValidator } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { ConfirmDeleteDialog } from '../list-page/confirm-delete-dialog';
import { PhoneField } from '../phone-field';
import { submitCommand } from '../../sync/submit-command';
import { useServerError } from '../use-server-error';
import type { FormRef } from '../../db/salon-db';

export const valuesOfAdministrator = (a: AdministratorRow): EditAdministratorFormValues => ({
  firstName: a.firstName,
  lastName: a.lastName,
  phone: a.phone ? formatPhoneAsTyped(a.phone) : DEFAULT_PHONE_PREFIX,
});

/**
 * Edit administrator (part 2 §2, §5, §6): the name and phone, written by the administrator.update command (so it
 * works offline); the e-mail is the login name and stays as it is. Read-only for a viewer who may not manage
 * administrators. Warns when the administrator has no phone.
 */
export function EditAdministratorDialog({
  administrator,
  readOnly,
  initialValues,
  refusal,
  conflictId,
  onClose,
}: {
  administrator: AdministratorRow;
  readOnly: boolean;
  initialValues?: EditAdministratorFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
  onClose: () => void;
}) {
  const t = useT();
  const server = useServerError('administrator', refusal);
  const form = useForm({
    defaultValues: initialValues ?? valuesOfAdministrator(administrator),
    validators: {
      onChange: schemaValidator<EditAdministratorFormValues>(editAdministratorFormSchema),
      onSubmit: schemaValidator<EditAdministratorFormValues>(editAdministratorFormSchema),
    },
    onSubmit: async ({ value }) => {
      server.clear();
      const fields = v.parse(editAdministratorFormSchema, value);
      const ref: FormRef = { kind: 'administrator.edit', values: { ...value, administratorId: administrator.id } };
      try {
        await submitCommand(
          'administrator.update',
          { salonId: administrator.salonId, administratorId: administrator.id, ...fields },
          { form: ref, conflictId },
        );
        onClose();
      } catch (error) {
        server.report(error);
      }
    },
  });

  return (
    <Dialog title={t('administrator.edit.title')} isOpen onClose={onClose}>
      <FormShell form={form}>
        {readOnly ? <FormMessage kind="info">{t('administrators.readOnly')}</FormMessage> : null}
        {administrator.phone ? null : <FormMessage kind="info">{t('administrator.phoneMissing')}</FormMessage>}
        <div className="form-grid">
          <form.Field name="firstName">
            {(field) => (
              <FormTextField
                field={field}
                label={t('administrator.firstName')}
                autoComplete="off"
                autoFocus={!readOnly}
                isReadOnly={readOnly}
                serverError={server.forField('firstName')}
                onEdit={server.clear}
              />
            )}
          </form.Field>
          <form.Field name="lastName">
            {(field) => (
              <FormTextField
                field={field}
                label={t('administrator.lastName')}
                autoComplete="off"
                isReadOnly={readOnly}
                serverError={server.forField('lastName')}
                onEdit={server.clear}
              />
            )}
          </form.Field>
          <div className="field">
            <span className="field-label">{t('administrator.email')}</span>
            <span className="field-static">{administrator.email}</span>
          </div>
          <form.Field name="phone">
            {(field) => (
              <PhoneField
                field={field}
                label={t('administrator.phone')}
                isReadOnly={readOnly}
                serverError={server.forField('phone')}
                onEdit={server.clear}
              />
            )}
          </form.Field>
        </div>
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={onClose}>
            {t(readOnly ? 'common.close' : 'common.cancel')}
          </Button>
          {readOnly ? null : (
            <SubmitButton form={form} requireChange={!initialValues}>
              {t('common.save')}
            </SubmitButton>
          )}
        </div>
      </FormShell>
    </Dialog>
  );
}

/** Delete confirmation: the row leaves at once; a later refusal is kept in the conflicts list (part 2 §7: no message). */
export function DeleteAdministratorDialog({ administrator, onClose }: { administrator: AdministratorRow | null; onClose: () => void }) {
  const t = useT();
  return (
    <ConfirmDeleteDialog
      title={t('administrator.delete.title')}
      question={
        administrator ? t('administrator.delete.question', { name: administratorName(administrator) }) : t('administrator.notExists')
      }
      operation="administrator"
      run={
        administrator
          ? () =>
              submitCommand(
                'administrator.delete',
                { salonId: administrator.salonId, administratorId: administrator.id },
                { form: null, wait: false },
              )
          : null
      }
      onClose={onClose}
    />
  );
}
