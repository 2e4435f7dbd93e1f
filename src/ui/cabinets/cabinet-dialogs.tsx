import { useMemo } from 'react';
import * as v from 'valibot';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { nameIn } from '../../domain/rules/names';
import {
  BLANK_CABINET_FORM,
  cabinetFormSchema,
  DEFAULT_NAME_LANGUAGE,
  NAME_LANGUAGES,
  type CabinetFormValues,
} from '../../domain/schemas/cabinet';
import type { CabinetRow } from '../../domain/entities';
import { useLanguage, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { ConfirmDeleteDialog } from '../list-page/confirm-delete-dialog';
import { useCommandForm } from '../command-form';
import { FormMessage } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { submitCommand } from '../../sync/submit-command';
import { BoundServiceGroupsField } from '../service-groups-field';
import type { FormRef } from '../../db/salon-db';

export function valuesOfCabinet(c: CabinetRow): CabinetFormValues {
  return {
    nameVariants: { lv: c.nameVariants.lv ?? '', en: c.nameVariants.en ?? '', ru: c.nameVariants.ru ?? '' },
    serviceGroups: [...c.serviceGroupIds],
  };
}

/**
 * New cabinet (Create) and Edit cabinet (Save) (part 2 §2, §5): a name per language, the default language's
 * (Latvian) required, and the service groups. Online it waits for the server, so a refusal shows on its field;
 * offline it closes and the change stays pending (DESIGN.md §5.4).
 */
export function CabinetDialog({
  cabinet,
  initialValues,
  refusal,
  conflictId,
  onClose,
}: {
  cabinet: CabinetRow | null;
  initialValues?: CabinetFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
  onClose: () => void;
}) {
  const t = useT();
  const session = useSession();
  const defaults = useMemo(() => (cabinet ? valuesOfCabinet(cabinet) : BLANK_CABINET_FORM), [cabinet]);
  const { form, server } = useCommandForm<CabinetFormValues>({
    operation: 'cabinet',
    refusal,
    schema: cabinetFormSchema,
    defaultValues: initialValues ?? defaults,
    send: (value) => {
      const fields = v.parse(cabinetFormSchema, value);
      const ref: FormRef = { kind: cabinet ? 'cabinet.edit' : 'cabinet.new', values: { ...value, cabinetId: cabinet?.id ?? null } };
      const salon = session?.salon ?? '';
      return cabinet
        ? submitCommand('cabinet.update', { id: cabinet.id, salon, ...fields }, { form: ref, conflictId })
        : submitCommand('cabinet.create', { id: newId(), salon, ...fields }, { form: ref, conflictId });
    },
    onDone: onClose,
  });

  return (
    <Dialog title={t(cabinet ? 'cabinet.edit.title' : 'cabinet.new.title')} isOpen onClose={onClose}>
      <FormShell form={form} server={server}>
        <div className="form-grid">
          {NAME_LANGUAGES.map((language) => (
            <form.AppField key={language} name={`nameVariants.${language}`}>
              {(field) => (
                <div className={language === DEFAULT_NAME_LANGUAGE ? 'field-span' : undefined}>
                  <field.TextField
                    label={t(`cabinet.name.${language}`)}
                    description={language === DEFAULT_NAME_LANGUAGE ? t('cabinet.name.required') : undefined}
                    autoComplete="off"
                    autoFocus={language === DEFAULT_NAME_LANGUAGE}
                  />
                </div>
              )}
            </form.AppField>
          ))}
          <form.AppField name="serviceGroups">
            {() => <BoundServiceGroupsField label={t('cabinet.serviceGroups')} emptyText={t('cabinet.noServiceGroups')} />}
          </form.AppField>
        </div>
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={onClose}>
            {t('common.cancel')}
          </Button>
          <SubmitButton form={form} requireChange={!initialValues}>
            {t(cabinet ? 'common.save' : 'common.create')}
          </SubmitButton>
        </div>
      </FormShell>
    </Dialog>
  );
}

/**
 * Delete confirmation (part 2 §2). 'Cabinet delete failure is silently ignored' (part 2 §8) by the old panel:
 * here the row leaves at once and a later refusal is kept in the conflicts list.
 */
export function DeleteCabinetDialog({ cabinet, onClose }: { cabinet: CabinetRow | null; onClose: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <ConfirmDeleteDialog
      title={t('cabinet.delete.title')}
      question={cabinet ? t('cabinet.delete.question', { cabinetName: nameIn(cabinet.nameVariants, language) }) : t('cabinet.notExists')}
      operation="cabinet"
      run={cabinet ? () => submitCommand('cabinet.delete', { id: cabinet.id }, { form: null, wait: false }) : null}
      onClose={onClose}
    />
  );
}
