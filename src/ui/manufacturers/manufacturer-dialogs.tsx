import * as v from 'valibot';
import { salonManufacturers } from '../../db/queries/inventory';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { manufacturerFormSchema, type ManufacturerFormValues } from '../../domain/schemas/manufacturer';
import type { ManufacturerRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { ConfirmDeleteDialog } from '../list-page/confirm-delete-dialog';
import { useCommandForm } from '../command-form';
import { FormMessage } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { submitCommand } from '../../sync/submit-command';
import type { FormRef } from '../../db/salon-db';
import { useSalonRows } from '../sync/use-salon-rows';

/** The salon's manufacturers from the mirror: offline as online. */
export function useManufacturers(): ManufacturerRow[] | undefined {
  return useSalonRows(salonManufacturers);
}

/** Add and Edit manufacturer (part 2 §2, §5): the name, required ('Enter manufacturer name'). */
export function ManufacturerDialog({
  manufacturer,
  initialValues,
  refusal,
  conflictId,
  onClose,
}: {
  manufacturer: ManufacturerRow | null;
  initialValues?: ManufacturerFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
  onClose: () => void;
}) {
  const t = useT();
  const session = useSession();
  const { form, server } = useCommandForm<ManufacturerFormValues>({
    operation: 'manufacturer',
    refusal,
    schema: manufacturerFormSchema,
    defaultValues: initialValues ?? { name: manufacturer?.name ?? '' },
    send: (value) => {
      const { name } = v.parse(manufacturerFormSchema, value);
      const ref: FormRef = {
        kind: manufacturer ? 'manufacturer.edit' : 'manufacturer.new',
        values: { ...value, manufacturerId: manufacturer?.id ?? null },
      };
      return manufacturer
        ? submitCommand('manufacturer.update', { manufacturerId: manufacturer.id, name }, { form: ref, conflictId })
        : submitCommand('manufacturer.add', { id: newId(), salon: session?.salon ?? '', name }, { form: ref, conflictId });
    },
    onDone: onClose,
  });

  return (
    <Dialog title={t(manufacturer ? 'manufacturer.edit.title' : 'manufacturer.new.title')} isOpen onClose={onClose} size="sm">
      <FormShell form={form} server={server}>
        <form.AppField name="name">
          {(field) => <field.TextField label={t('manufacturer.name')} autoComplete="off" autoFocus />}
        </form.AppField>
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={onClose}>
            {t('common.cancel')}
          </Button>
          <SubmitButton form={form} requireChange={!initialValues}>
            {t(manufacturer ? 'common.save' : 'common.create')}
          </SubmitButton>
        </div>
      </FormShell>
    </Dialog>
  );
}

/** Delete confirmation; the row leaves at once and a later refusal is kept in the conflicts list. */
export function DeleteManufacturerDialog({ manufacturer, onClose }: { manufacturer: ManufacturerRow | null; onClose: () => void }) {
  const t = useT();
  return (
    <ConfirmDeleteDialog
      title={t('manufacturer.delete.title')}
      question={manufacturer ? t('manufacturer.delete.question', { manufacturerName: manufacturer.name }) : t('manufacturer.notExists')}
      operation="manufacturer"
      run={
        manufacturer ? () => submitCommand('manufacturer.delete', { manufacturerId: manufacturer.id }, { form: null, wait: false }) : null
      }
      onClose={onClose}
    />
  );
}
