import { useStore, type AnyFieldApi } from '@tanstack/react-form';
import { useMemo, type ComponentProps } from 'react';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import * as v from 'valibot';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { typedPrice } from '../../domain/rules/money';
import { nameIn } from '../../domain/rules/names';
import { SERVICE_PALETTE } from '../../domain/rules/salon-defaults';
import { DEFAULT_NAME_LANGUAGE, NAME_LANGUAGES } from '../../domain/schemas/cabinet';
import {
  BLANK_SERVICE_FORM,
  BLANK_SERVICE_GROUP_FORM,
  SERVICE_GROUP_TYPES,
  serviceFormSchema,
  serviceGroupFormSchema,
  type ServiceFormValues,
  type ServiceGroupFormValues,
} from '../../domain/schemas/service';
import type { ServiceGroupRow, ServiceRow } from '../../domain/entities';
import { useLanguage, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { ConfirmDeleteDialog } from '../list-page/confirm-delete-dialog';
import { bindField, useCommandForm } from '../command-form';
import { firstError, FormMessage, type FormTextField } from '../form-field';
import { FormSelect } from '../form-select';
import { FormShell, SubmitButton } from '../form-shell';
import { submitCommand } from '../../sync/submit-command';
import { useServiceGroups } from './use-services';
import type { FormRef } from '../../db/salon-db';

const names = (n: { lv?: string; en?: string; ru?: string }) => ({ lv: n.lv ?? '', en: n.en ?? '', ru: n.ru ?? '' });
export const valuesOfGroup = (g: ServiceGroupRow): ServiceGroupFormValues => ({ nameVariants: names(g.nameVariants), type: g.type });
export const valuesOfService = (s: ServiceRow, locale: string): ServiceFormValues => ({
  nameVariants: names(s.nameVariants),
  duration: String(s.duration),
  price: typedPrice(s.price, locale),
  color: s.color,
});

/** 'none' stands for a group without a type in the select. */
const NO_TYPE = 'none';

/**
 * New and Edit service group (part 2 §2, §5): a name per language, Latvian (the default language) required,
 * and a type. Online it waits for the server so a refusal shows on its field; offline it closes and stays pending.
 */
export function ServiceGroupDialog({
  group,
  initialValues,
  refusal,
  conflictId,
  onClose,
}: {
  group: ServiceGroupRow | null;
  initialValues?: ServiceGroupFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
  onClose: () => void;
}) {
  const t = useT();
  const session = useSession();
  const defaults = useMemo(() => (group ? valuesOfGroup(group) : BLANK_SERVICE_GROUP_FORM), [group]);
  const { form, server } = useCommandForm<ServiceGroupFormValues>({
    operation: 'serviceGroup',
    refusal,
    schema: serviceGroupFormSchema,
    defaultValues: initialValues ?? defaults,
    send: (value) => {
      const fields = v.parse(serviceGroupFormSchema, value);
      const ref: FormRef = { kind: group ? 'serviceGroup.edit' : 'serviceGroup.new', values: { ...value, groupId: group?.id ?? null } };
      return group
        ? submitCommand('serviceGroup.update', { id: group.id, ...fields }, { form: ref, conflictId })
        : submitCommand('serviceGroup.create', { id: newId(), salon: session?.salon ?? '', ...fields }, { form: ref, conflictId });
    },
    onDone: onClose,
  });

  const typeOptions = [
    { value: NO_TYPE, label: t('serviceGroup.type.none') },
    ...SERVICE_GROUP_TYPES.map((type) => ({ value: type, label: t(`serviceGroup.type.${type}`) })),
  ];

  return (
    <Dialog title={t(group ? 'serviceGroup.edit.title' : 'serviceGroup.new.title')} isOpen onClose={onClose}>
      <FormShell form={form} server={server}>
        <div className="form-grid">
          <NameFields form={form} prefix="serviceGroup" />
          <form.AppField name="type">{() => <BoundTypeSelect options={typeOptions} label={t('serviceGroup.type')} />}</form.AppField>
        </div>
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={onClose}>
            {t('common.cancel')}
          </Button>
          <SubmitButton form={form} requireChange={!initialValues}>
            {t(group ? 'common.save' : 'common.create')}
          </SubmitButton>
        </div>
      </FormShell>
    </Dialog>
  );
}

/** The type select keeps null for 'No type' in the form; it shows no server message (bound, it only clears them). */
function TypeSelect({
  field,
  options,
  label,
  onEdit,
}: {
  field: AnyFieldApi;
  options: { value: string; label: string }[];
  label: string;
  onEdit: () => void;
}) {
  const proxy = {
    ...field,
    name: field.name,
    form: field.form,
    state: { ...field.state, value: field.state.value ?? NO_TYPE },
    handleChange: (value: string) => field.handleChange(value === NO_TYPE ? null : value),
  } as unknown as AnyFieldApi;
  return <FormSelect field={proxy} label={label} options={options} onEdit={onEdit} />;
}

const BoundTypeSelect = bindField(TypeSelect);

/** What the form's AppField hands its children here: the bound text field (src/ui/command-form.tsx). */
type WithTextField = { TextField: ReturnType<typeof bindField<ComponentProps<typeof FormTextField>>> };

/** The name per language of a form from useCommandForm (its FormShell gives the fields their server messages). */
function NameFields({
  form,
  prefix,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: any;
  prefix: 'serviceGroup' | 'service';
}) {
  const t = useT();
  return (
    <>
      {NAME_LANGUAGES.map((language) => (
        <form.AppField key={language} name={`nameVariants.${language}`}>
          {(field: WithTextField) => (
            <div className={language === DEFAULT_NAME_LANGUAGE ? 'field-span' : undefined}>
              <field.TextField
                label={t(`${prefix}.name.${language}`)}
                description={language === DEFAULT_NAME_LANGUAGE ? t('cabinet.name.required') : undefined}
                autoComplete="off"
                autoFocus={language === DEFAULT_NAME_LANGUAGE}
              />
            </div>
          )}
        </form.AppField>
      ))}
    </>
  );
}

/** The service palette as a radio group of swatches ('Select color that visually identifies service'). */
function ColorField({ field, serverError, onEdit }: { field: AnyFieldApi; serverError: string | null; onEdit: () => void }) {
  const t = useT();
  const submitted = useStore(field.form.store, (s) => s.submissionAttempts > 0);
  const clientError = submitted || field.state.meta.isDirty ? firstError(field.state.meta.errors) : null;
  const message = clientError ? t(clientError) : serverError;
  return (
    <RadioGroup
      className="field field-span"
      orientation="horizontal"
      value={(field.state.value as string) || null}
      onChange={(value) => {
        field.handleChange(value);
        onEdit();
      }}
      isInvalid={Boolean(message)}
      validationBehavior="aria"
    >
      <Label className="field-label">{t('service.color')}</Label>
      <div className="swatch-list">
        {SERVICE_PALETTE.map((color, i) => (
          <Radio key={color} value={color} className="swatch" style={{ background: color }}>
            <span className="visually-hidden">{t('service.colorOption', { number: i + 1 })}</span>
          </Radio>
        ))}
      </div>
      <FieldError className="field-error">{message}</FieldError>
    </RadioGroup>
  );
}

/** The colour field bound to its form.AppField (src/ui/command-form.tsx). */
const BoundColorField = bindField(ColorField);

/** New and Edit service (part 2 §2, §5): names per language, group, duration in minutes, price and colour. */
export function ServiceDialog({
  service,
  groupId,
  initialValues,
  refusal,
  conflictId,
  onClose,
}: {
  service: ServiceRow | null;
  groupId: string;
  initialValues?: ServiceFormValues & { groupId?: string };
  refusal?: ServerErrorShape;
  conflictId?: number;
  onClose: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const groups = useServiceGroups();
  const defaults = useMemo(
    () => ({ ...(service ? valuesOfService(service, language) : BLANK_SERVICE_FORM), groupId }),
    [service, groupId, language],
  );
  const schema = useMemo(
    () => v.object({ ...serviceFormSchema.entries, groupId: v.pipe(v.string(), v.nonEmpty('service.notExists')) }),
    [],
  );
  const { form, server } = useCommandForm<ServiceFormValues & { groupId: string }>({
    operation: 'service',
    refusal,
    schema,
    defaultValues: initialValues ? { groupId, ...initialValues } : defaults,
    send: (value) => {
      const { groupId: serviceGroupId, ...fields } = v.parse(schema, value);
      const ref: FormRef = { kind: service ? 'service.edit' : 'service.new', values: { ...value, serviceId: service?.id ?? null } };
      return service
        ? submitCommand('service.update', { id: service.id, serviceGroupId, ...fields }, { form: ref, conflictId })
        : submitCommand('service.create', { id: newId(), serviceGroupId, ...fields }, { form: ref, conflictId });
    },
    onDone: onClose,
  });

  const groupOptions = (groups ?? []).map((g) => ({ value: g.id, label: nameIn(g.nameVariants, language) }));

  return (
    <Dialog title={t(service ? 'service.edit.title' : 'service.new.title')} isOpen onClose={onClose}>
      <FormShell form={form} server={server}>
        <div className="form-grid">
          <NameFields form={form} prefix="service" />
          {/* The server names this field serviceGroupId: its message is read by that name. */}
          <form.Field name="groupId">
            {(field) => (
              <FormSelect
                field={field}
                label={t('service.group')}
                options={groupOptions}
                serverError={server.forField('serviceGroupId')}
                onEdit={server.clear}
              />
            )}
          </form.Field>
          <form.AppField name="duration">
            {(field) => <field.TextField label={t('service.durationMinutes')} inputMode="numeric" autoComplete="off" />}
          </form.AppField>
          <form.AppField name="price">{(field) => <field.TextField label={t('service.price')} autoComplete="off" />}</form.AppField>
          <form.AppField name="color">{() => <BoundColorField />}</form.AppField>
        </div>
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={onClose}>
            {t('common.cancel')}
          </Button>
          <SubmitButton form={form} requireChange={!initialValues}>
            {t(service ? 'common.save' : 'common.create')}
          </SubmitButton>
        </div>
      </FormShell>
    </Dialog>
  );
}

/**
 * Delete confirmation for a group (with its services) or a service. 'Delete failures for service and service
 * group are silently ignored' (part 2 §8): the row leaves at once and a later refusal is kept in the conflicts list.
 */
export function DeleteServiceDialog({
  target,
  onClose,
}: {
  target: { group: ServiceGroupRow } | { service: ServiceRow } | null;
  onClose: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const isGroup = target !== null && 'group' in target;
  const question = !target
    ? t('service.notExists')
    : 'group' in target
      ? t('serviceGroup.delete.question', { groupName: nameIn(target.group.nameVariants, language) })
      : t('service.delete.question', { serviceName: nameIn(target.service.nameVariants, language) });
  const run = !target
    ? null
    : 'group' in target
      ? () => submitCommand('serviceGroup.delete', { id: target.group.id }, { form: null, wait: false })
      : () => submitCommand('service.delete', { id: target.service.id }, { form: null, wait: false });
  return (
    <ConfirmDeleteDialog
      title={t(isGroup ? 'serviceGroup.delete.title' : 'service.delete.title')}
      question={question}
      operation="service"
      run={run}
      onClose={onClose}
    />
  );
}
