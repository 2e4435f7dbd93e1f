import { useStore } from '@tanstack/react-form';
import { useEffect, useMemo } from 'react';
import { ApiError, Docs, request } from '../../api';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';
import { BLANK_SUPPLIER_FORM, supplierFormSchema, supplierInput, type SupplierFormValues } from '../../domain/schemas/supplier';
import { useT } from '../../i18n';
import { Button } from '../button';
import { useCommandForm } from '../command-form';
import { FormMessage, FormTextField } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { PhoneField } from '../phone-field';
import { useMasterLookup } from '../salon/use-master-lookup';
import { useOnline } from '../use-online';
import { refreshSuppliers, type Supplier } from './use-suppliers';

const valuesOf = (s: Supplier): SupplierFormValues => ({
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email,
  phone: s.phone ? formatPhoneAsTyped(s.phone) : BLANK_SUPPLIER_FORM.phone,
  password: '',
  passwordRepeat: '',
  existing: true,
});

/**
 * The supplier's Personal Information (part 2 §2, §5): first and last name, e-mail, phone (+371 by default),
 * password and repeat. New: Add, Clear, Cancel, and the SUPPLIER lookup when the e-mail or phone loses focus
 * (EXISTS fills the identity read-only and asks no password). Edit: Save (disabled while unchanged) and Cancel;
 * a blank password keeps the account's. Online only: the password goes straight to the server.
 */
export function SupplierPersonalForm({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const t = useT();
  const online = useOnline();
  const initial = useMemo(() => (supplier ? valuesOf(supplier) : BLANK_SUPPLIER_FORM), [supplier]);
  const { form, server } = useCommandForm<SupplierFormValues>({
    operation: 'supplier',
    schema: supplierFormSchema,
    defaultValues: initial,
    send: async (value) => {
      try {
        const input = supplierInput(value);
        if (supplier) await request(Docs.UpdateSupplierDocument, { input: { supplierId: supplier.id, ...input } });
        else await request(Docs.CreateSupplierDocument, { input });
        await refreshSuppliers();
      } catch (error) {
        // The account exists: the lookup offers it, as if the e-mail had lost focus (the form shows the error).
        if (error instanceof ApiError && error.error.reason === 'ACCOUNT_ALREADY_EXISTS') lookup.check(value.email, '');
        throw error;
      }
    },
    onDone: onClose,
  });
  const lookup = useMasterLookup(!supplier, server.report, undefined, 'SUPPLIER');
  const existing = useStore(form.store, (s) => s.values.existing);
  const found = !supplier && existing;

  // A found account fills the identity read-only and needs no password (part 2 §4 EXISTS).
  useEffect(() => {
    if (supplier) return;
    const person = lookup.found;
    form.setFieldValue('existing', Boolean(person));
    if (!person) return;
    form.setFieldValue('firstName', person.firstName);
    form.setFieldValue('lastName', person.lastName ?? '');
    form.setFieldValue('email', person.email ?? '');
    form.setFieldValue('phone', person.phone ? formatPhoneAsTyped(person.phone) : BLANK_SUPPLIER_FORM.phone);
    form.setFieldValue('password', '');
    form.setFieldValue('passwordRepeat', '');
  }, [lookup.found, form, supplier]);
  const runLookup = () => lookup.check(form.getFieldValue('email'), form.getFieldValue('phone'));
  const editKey = () => {
    server.clear();
    if (found) lookup.reset();
  };

  return (
    <FormShell form={form} server={server}>
      {online ? null : <FormMessage kind="info">{t('supplier.offline')}</FormMessage>}
      <div className="form-grid">
        <form.AppField name="firstName">
          {(field) => <field.TextField label={t('supplier.firstName')} autoComplete="off" autoFocus isReadOnly={found} />}
        </form.AppField>
        <form.AppField name="lastName">
          {(field) => <field.TextField label={t('supplier.lastName')} autoComplete="off" isReadOnly={found} />}
        </form.AppField>
        {/* Unbound, as the phone: editing the e-mail also forgets a found account (editKey). */}
        <form.Field name="email">
          {(field) => (
            <div>
              <FormTextField
                field={field}
                label={t('supplier.email')}
                type="email"
                autoComplete="off"
                serverError={server.forField('email')}
                onEdit={editKey}
                onBlur={supplier ? undefined : runLookup}
              />
              {lookup.status === 'CHECKING' ? (
                <span className="field-description" role="status">
                  {t('supplier.lookup.checking')}
                </span>
              ) : null}
              {found ? (
                <span className="field-description lookup-found" role="status">
                  ✓ {t('supplier.lookup.exists')}
                </span>
              ) : null}
            </div>
          )}
        </form.Field>
        <form.Field name="phone">
          {(field) => (
            <PhoneField
              field={field}
              label={t('supplier.phone')}
              serverError={server.forField('phone')}
              onEdit={editKey}
              onBlur={supplier ? undefined : runLookup}
            />
          )}
        </form.Field>
        {found ? null : (
          <>
            <form.AppField name="password">
              {(field) => (
                <field.TextField
                  label={t('supplier.password')}
                  type="password"
                  autoComplete="new-password"
                  description={supplier ? t('supplier.passwordKeep') : undefined}
                />
              )}
            </form.AppField>
            {/* Unbound: it shows no server message of its own. */}
            <form.Field name="passwordRepeat">
              {(field) => (
                <FormTextField
                  field={field}
                  label={t('supplier.passwordRepeat')}
                  type="password"
                  autoComplete="new-password"
                  onEdit={server.clear}
                />
              )}
            </form.Field>
          </>
        )}
      </div>
      <FormMessage>{server.formError}</FormMessage>
      <div className="form-actions">
        <Button variant="ghost" onPress={onClose}>
          {t('common.cancel')}
        </Button>
        {supplier ? null : (
          <Button
            variant="ghost"
            onPress={() => {
              form.reset(BLANK_SUPPLIER_FORM);
              server.clear();
              lookup.reset();
            }}
          >
            {t('common.clear')}
          </Button>
        )}
        {online ? (
          <SubmitButton form={form} requireChange={Boolean(supplier)}>
            {t(supplier ? 'common.save' : 'common.add')}
          </SubmitButton>
        ) : (
          <Button variant="primary" isDisabled>
            {t(supplier ? 'common.save' : 'common.add')}
          </Button>
        )}
      </div>
    </FormShell>
  );
}
