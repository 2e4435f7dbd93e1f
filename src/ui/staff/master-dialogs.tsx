import { useEffect, useMemo } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import * as v from 'valibot';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { BLANK_MASTER_FORM, MASTER_GENDERS, MASTER_STATUSES, masterFormSchema, type MasterFormValues } from '../../domain/schemas/master';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';
import type { MasterRow } from '../../domain/entities';
import { useIntl, useT } from '../../i18n';
import { typedPercent } from '../../domain/rules/commissions';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { ConfirmDeleteDialog } from '../list-page/confirm-delete-dialog';
import { useCommandForm } from '../command-form';
import { FormMessage, FormTextField } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { PhoneField } from '../phone-field';
import { submitCommand } from '../../sync/submit-command';
import { BoundServiceGroupsField } from '../service-groups-field';
import { MasterAccess } from './master-access';
import { alignedGroupRates, GroupCommissionFields, groupRatesOfMaster } from './group-commission-fields';
import { MasterAppointmentsTab } from './master-appointments-tab';
import { useMasterLookup } from '../salon/use-master-lookup';
import { fullName } from '../salon/use-clients';
import { useMasters } from '../salon/use-salon-setup';
import type { FormRef } from '../../db/salon-db';

export function valuesOfMaster(m: MasterRow, locale: string): MasterFormValues {
  return {
    firstName: m.firstName,
    lastName: m.lastName,
    gender: m.gender ?? '',
    phone: m.phone ? formatPhoneAsTyped(m.phone) : BLANK_MASTER_FORM.phone,
    email: m.email ?? '',
    status: m.status,
    serviceGroups: [...m.serviceGroupIds],
    serviceCommission: typedPercent(m.serviceCommission, locale),
    productCommission: typedPercent(m.productCommission, locale),
    groupCommissions: groupRatesOfMaster(m, locale),
  };
}

/**
 * New master (Create, Clear, Cancel) and Edit master (Save) (part 2 §2, §4, §5). Writes through the master
 * commands, so it works offline; online it waits for the server and shows a refusal on its field. A GLOBAL
 * master keeps the account's identity read-only: only services and status change.
 */
export function MasterDialog({
  master,
  initialValues,
  refusal,
  conflictId,
  initialTab = 'personalInformation',
  onClose,
}: {
  master: MasterRow | null;
  initialValues?: MasterFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
  /** The tab an edit dialog opens on (the master calendar's info button opens Appointments, part 2 §2). */
  initialTab?: 'personalInformation' | 'appointments';
  onClose: () => void;
}) {
  const t = useT();
  const session = useSession();
  const { locale } = useIntl();
  const defaults = useMemo(() => (master ? valuesOfMaster(master, locale) : BLANK_MASTER_FORM), [master, locale]);
  const { form, server } = useCommandForm<MasterFormValues>({
    operation: 'master',
    refusal,
    schema: masterFormSchema,
    defaultValues: initialValues ?? defaults,
    send: (value) => {
      const fields = v.parse(masterFormSchema, value);
      const ref: FormRef = { kind: master ? 'master.edit' : 'master.new', values: { ...value, masterId: master?.id ?? null } };
      const salon = session?.salon ?? '';
      return master
        ? submitCommand('master.update', { salonId: master.salonId, masterId: master.id, ...fields }, { form: ref, conflictId })
        : submitCommand('master.create', { id: newId(), salon, ...fields, userId: lookup.found?.id ?? null }, { form: ref, conflictId });
    },
    onDone: onClose,
  });
  const staff = useMasters();
  const lookup = useMasterLookup(!master, server.report, staff);
  const locked = master?.type === 'GLOBAL' || lookup.status === 'EXISTS';
  const foundGender = lookup.found?.gender === 'MALE' || lookup.found?.gender === 'FEMALE';
  const genderLocked = (master?.type === 'GLOBAL' && Boolean(master.gender)) || (lookup.status === 'EXISTS' && foundGender);

  // The account found by the lookup fills the identity fields and makes the master ACTIVE (part 2 §4 EXISTS).
  useEffect(() => {
    const found = lookup.found;
    if (!found) return;
    form.setFieldValue('firstName', found.firstName);
    form.setFieldValue('lastName', found.lastName);
    if (found.email) form.setFieldValue('email', found.email);
    if (found.phone) form.setFieldValue('phone', formatPhoneAsTyped(found.phone));
    if (found.gender === 'MALE' || found.gender === 'FEMALE') form.setFieldValue('gender', found.gender);
    form.setFieldValue('status', 'ACTIVE');
  }, [lookup.found, form]);
  const runLookup = () => lookup.check(form.getFieldValue('email'), form.getFieldValue('phone'));
  const editIdentityKey = () => {
    server.clear();
    lookup.reset();
  };

  const genderOptions = MASTER_GENDERS.map((g) => ({ value: g, label: t(`master.gender.${g}`) }));
  const statusOptions = MASTER_STATUSES.map((s) => ({ value: s, label: t(`master.status.${s}`) }));

  const personal = (
    <FormShell form={form} server={server}>
      {locked ? <FormMessage kind="info">{t('master.globalHint')}</FormMessage> : null}
      <div className="form-grid">
        <form.AppField name="firstName">
          {(field) => <field.TextField label={t('master.firstName')} autoComplete="off" autoFocus={!locked} isReadOnly={locked} />}
        </form.AppField>
        <form.AppField name="lastName">
          {(field) => <field.TextField label={t('master.lastName')} autoComplete="off" isReadOnly={locked} />}
        </form.AppField>
        {/* Editing the phone or the e-mail also forgets the lookup's account: these two keep their own onEdit. */}
        <form.Field name="phone">
          {(field) => (
            <PhoneField
              field={field}
              label={t('master.phone')}
              isReadOnly={master?.type === 'GLOBAL'}
              serverError={server.forField('phone')}
              onEdit={editIdentityKey}
              onBlur={runLookup}
            />
          )}
        </form.Field>
        <form.Field name="email">
          {(field) => (
            <div>
              <FormTextField
                field={field}
                label={t('master.email')}
                type="email"
                autoComplete="off"
                isReadOnly={master?.type === 'GLOBAL'}
                serverError={server.forField('email')}
                onEdit={editIdentityKey}
                onBlur={runLookup}
              />
              {lookup.status === 'CHECKING' ? (
                <span className="field-description" role="status">
                  {t('master.lookup.checking')}
                </span>
              ) : null}
              {lookup.status === 'EXISTS' ? (
                <span className="field-description lookup-found" role="status">
                  ✓ {t('master.lookup.exists')}
                </span>
              ) : null}
              {lookup.status === 'STAFFED' && lookup.staffed ? (
                <span className="field-description lookup-staffed" role="status">
                  {t('master.lookup.staffed', { name: fullName(lookup.staffed) })}
                </span>
              ) : null}
            </div>
          )}
        </form.Field>
        <form.AppField name="gender">
          {(field) => <field.Select label={t('master.gender')} options={genderOptions} isReadOnly={genderLocked} />}
        </form.AppField>
        <form.AppField name="status">{(field) => <field.Select label={t('master.status')} options={statusOptions} />}</form.AppField>
        {/* What she earns of her sales, for the Commissions report (issue 59 item 4); blank is none. */}
        <form.AppField name="serviceCommission">
          {(field) => (
            <field.TextField
              label={t('master.serviceCommission')}
              inputMode="text"
              autoComplete="off"
              description={t('master.commissionHint')}
            />
          )}
        </form.AppField>
        <form.AppField name="productCommission">
          {(field) => (
            <field.TextField
              label={t('master.productCommission')}
              inputMode="text"
              autoComplete="off"
              description={t('master.commissionHint')}
            />
          )}
        </form.AppField>
        <form.AppField
          name="serviceGroups"
          listeners={{
            onChange: ({ value }) =>
              form.setFieldValue('groupCommissions', alignedGroupRates(value, form.getFieldValue('groupCommissions'))),
          }}
        >
          {() => <BoundServiceGroupsField label={t('master.serviceGroups')} emptyText={t('master.noServiceGroups')} />}
        </form.AppField>
        <GroupCommissionFields form={form} serverError={server.forField('groupCommissions')} />
      </div>
      <FormMessage>{server.formError}</FormMessage>
      <div className="form-actions">
        <Button variant="ghost" onPress={onClose}>
          {t('common.cancel')}
        </Button>
        {master ? null : (
          <Button
            variant="ghost"
            onPress={() => {
              form.reset(BLANK_MASTER_FORM);
              server.clear();
              lookup.reset();
            }}
          >
            {t('master.clear')}
          </Button>
        )}
        <SubmitButton form={form} requireChange={!initialValues}>
          {t(master ? 'common.save' : 'common.create')}
        </SubmitButton>
      </div>
    </FormShell>
  );
  return (
    <Dialog title={t(master ? 'master.edit.title' : 'master.new.title')} isOpen onClose={onClose}>
      {master ? (
        <Tabs defaultSelectedKey={initialTab} className="tabs">
          <TabList aria-label={t('master.edit.title')} className="tab-list">
            <Tab id="personalInformation" className="tab">
              {t('master.tab.personalInformation')}
            </Tab>
            <Tab id="appointments" className="tab">
              {t('master.tab.appointments')}
            </Tab>
          </TabList>
          <TabPanel id="personalInformation" className="tab-panel">
            {personal}
            <MasterAccess master={master} />
          </TabPanel>
          <TabPanel id="appointments" className="tab-panel">
            <MasterAppointmentsTab masterId={master.id} />
          </TabPanel>
        </Tabs>
      ) : (
        personal
      )}
    </Dialog>
  );
}

/** Delete confirmation (part 2 §2): the row leaves at once; a refusal is listed, not shown (part 2 §7). */
export function DeleteMasterDialog({ master, onClose }: { master: MasterRow | null; onClose: () => void }) {
  const t = useT();
  return (
    <ConfirmDeleteDialog
      title={t('master.delete.title')}
      question={master ? t('master.delete.question', { first: master.firstName, last: master.lastName }) : t('master.notExists')}
      operation="master"
      run={
        master ? () => submitCommand('master.delete', { salonId: master.salonId, masterId: master.id }, { form: null, wait: false }) : null
      }
      onClose={onClose}
    />
  );
}
