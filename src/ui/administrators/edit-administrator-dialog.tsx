import * as v from 'valibot';
import type { ServerErrorShape } from '../../domain/errors';
import { administratorName, editAdministratorFormSchema, type EditAdministratorFormValues } from '../../domain/schemas/administrator';
import { DEFAULT_PHONE_PREFIX, formatPhoneAsTyped } from '../../domain/schemas/phone';
import type { AdministratorRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { useCommandForm } from '../command-form';
import { FormMessage } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { ConfirmDeleteDialog } from '../list-page/confirm-delete-dialog';
import { submitCommand } from '../../sync/submit-command';
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
  const { form, server } = useCommandForm<EditAdministratorFormValues>({
    operation: 'administrator',
    refusal,
    schema: editAdministratorFormSchema,
    defaultValues: initialValues ?? valuesOfAdministrator(administrator),
    send: (value) => {
      const fields = v.parse(editAdministratorFormSchema, value);
      const ref: FormRef = { kind: 'administrator.edit', values: { ...value, administratorId: administrator.id } };
      return submitCommand(
        'administrator.update',
        { salonId: administrator.salonId, administratorId: administrator.id, ...fields },
        { form: ref, conflictId },
      );
    },
    onDone: onClose,
  });

  return (
    <Dialog title={t('administrator.edit.title')} isOpen onClose={onClose}>
      <FormShell form={form} server={server}>
        {readOnly ? <FormMessage kind="info">{t('administrators.readOnly')}</FormMessage> : null}
        {administrator.phone ? null : <FormMessage kind="info">{t('administrator.phoneMissing')}</FormMessage>}
        <div className="form-grid">
          <form.AppField name="firstName">
            {(field) => (
              <field.TextField label={t('administrator.firstName')} autoComplete="off" autoFocus={!readOnly} isReadOnly={readOnly} />
            )}
          </form.AppField>
          <form.AppField name="lastName">
            {(field) => <field.TextField label={t('administrator.lastName')} autoComplete="off" isReadOnly={readOnly} />}
          </form.AppField>
          <div className="field">
            <span className="field-label">{t('administrator.email')}</span>
            <span className="field-static">{administrator.email}</span>
          </div>
          <form.AppField name="phone">{(field) => <field.Phone label={t('administrator.phone')} isReadOnly={readOnly} />}</form.AppField>
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
