import { useStore, type AnyFieldApi } from '@tanstack/react-form';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import * as v from 'valibot';
import { invoiceWithMembership } from '../../db/queries/invoices';
import type { FormRef } from '../../db/salon-db';
import type { InvoiceItemRow, InvoiceRow, MembershipRow, PaymentType } from '../../domain/entities';
import type { ServerErrorShape } from '../../domain/errors';
import { changesInvoice, editPaymentTypes, isMembershipItem } from '../../domain/rules/invoice-edit';
import { typedPrice } from '../../domain/rules/money';
import { canArchiveSale } from '../../domain/rules/sale';
import { editInvoiceFormSchema, type EditInvoiceFormValues } from '../../domain/schemas/invoice';
import { useIntl, useT } from '../../i18n';
import { submitCommand } from '../../sync/submit-command';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { useCommandForm } from '../command-form';
import { FormMessage } from '../form-field';
import { FormSelect } from '../form-select';
import { InvoiceHistory } from './invoice-history';
import { queryClient } from '../query-client';
import { FormShell, SubmitButton } from '../form-shell';
import { ConfirmDeleteDialog } from '../list-page/confirm-delete-dialog';
import { useSalonSettings } from '../salon/use-salon';
import { useSyncDb } from '../sync/use-sync-state';

/** What the dialog edits: a line of an invoice; the values a refused edit reopens with (conflicts list). */
export interface EditInvoiceTarget {
  invoiceId: string;
  itemId: string;
  values?: EditInvoiceFormValues & { archived?: boolean };
  refusal?: ServerErrorShape;
  conflictId?: number;
}

type Values = EditInvoiceFormValues & { archived: boolean };

/** The invoice and its membership from the mirror: undefined while reading, null when it is gone. */
function useInvoice(invoiceId: string) {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  return useLiveQuery(async () => (db && salonId ? invoiceWithMembership(db, salonId, invoiceId) : null), [db, salonId, invoiceId]);
}

function EditInvoiceForm({
  target,
  invoice,
  item,
  membership,
  onClose,
}: {
  target: EditInvoiceTarget;
  invoice: InvoiceRow;
  item: InvoiceItemRow;
  membership: MembershipRow | null;
  onClose: () => void;
}) {
  const t = useT();
  const { locale } = useIntl();
  const session = useSession();
  const settings = useSalonSettings();
  const [removing, setRemoving] = useState(false);
  const archivable = invoice.type === 'CART' && session !== null && canArchiveSale(session, settings ?? { enableArchive: false });
  const payments = editPaymentTypes(isMembershipItem(invoice, item, membership));
  const initial: Values = {
    price: typedPrice(item.price, locale),
    paymentType: item.paymentType,
    archived: invoice.archived,
  };
  const { form, server } = useCommandForm<Values>({
    operation: 'invoiceEdit',
    refusal: target.refusal,
    schema: editInvoiceFormSchema,
    defaultValues: target.values ? { ...initial, ...target.values } : initial,
    send: async (value) => {
      const { price, paymentType } = v.parse(editInvoiceFormSchema, value);
      const ref: FormRef = {
        kind: 'report.editInvoice',
        values: { price: value.price, paymentType: value.paymentType, invoiceId: invoice.id, itemId: item.id },
      };
      if (changesInvoice(item, { price, paymentType }) || target.conflictId !== undefined)
        await submitCommand(
          'invoice.edit',
          { invoiceId: invoice.id, itemId: item.id, price, paymentType },
          { form: ref, conflictId: target.conflictId },
        );
      if (archivable && value.archived !== invoice.archived)
        await submitCommand('sale.archive', { invoiceId: invoice.id, archived: value.archived }, { form: null, wait: false });
      // The history shows this edit the next time the dialog opens (once the server has it).
      void queryClient.invalidateQueries({ queryKey: ['invoiceChanges', invoice.id] });
    },
    onDone: onClose,
  });
  const paymentType = useStore(form.store, (s) => s.values.paymentType);

  if (removing) {
    return (
      <ConfirmDeleteDialog
        title={t('report.remove.title')}
        question={t('report.remove.question')}
        operation="invoiceEdit"
        run={() => submitCommand('invoice.delete', { userId: session?.id ?? '', invoiceId: invoice.id }, { form: null, wait: false })}
        onClose={onClose}
      />
    );
  }
  return (
    <Dialog title={t('report.edit.title')} isOpen onClose={onClose} size="sm">
      <FormShell form={form} server={server}>
        <form.AppField name="price">
          {(field) => (
            <field.TextField
              label={t('invoice.price')}
              inputMode="text"
              autoComplete="off"
              autoFocus
              // A MEMBERSHIP line costs the membership's price per use (decision 039).
              isReadOnly={paymentType === 'MEMBERSHIP'}
            />
          )}
        </form.AppField>
        {/* Choosing MEMBERSHIP, or leaving it, also sets the price. */}
        <form.Field name="paymentType">
          {(field: AnyFieldApi) => (
            <FormSelect
              field={field}
              label={t('invoice.paymentType')}
              options={payments.map((p) => ({ value: p, label: t(`payment.${p}`) }))}
              serverError={server.forField('paymentType')}
              onEdit={() => {
                server.clear();
                // MEMBERSHIP shows the price per use; leaving it brings back the line's own price (or keeps what was typed).
                const next = form.getFieldValue('paymentType') as PaymentType;
                if (next === 'MEMBERSHIP' && membership) form.setFieldValue('price', typedPrice(membership.pricePerUse, locale));
                else if (paymentType === 'MEMBERSHIP' && item.paymentType !== 'MEMBERSHIP')
                  form.setFieldValue('price', typedPrice(item.price, locale));
              }}
            />
          )}
        </form.Field>
        {archivable ? (
          <form.AppField name="archived">
            {(field) => (
              <field.Checkbox
                label={t('report.edit.archived')}
                // Ticking it takes the sale out of the Report's totals (issue 59 item 2): said before Save.
                description={field.state.value && !invoice.archived && invoice.paid ? t('report.edit.archivedNote') : null}
              />
            )}
          </form.AppField>
        ) : null}
        <FormMessage>{server.formError}</FormMessage>
        {invoice.paid ? <InvoiceHistory salonId={invoice.salonId} invoiceId={invoice.id} itemId={item.id} /> : null}
        <div className="form-actions">
          <Button variant="danger" className="form-actions-start" onPress={() => setRemoving(true)}>
            {t('common.delete')}
          </Button>
          <Button variant="ghost" onPress={onClose}>
            {t('common.cancel')}
          </Button>
          <SubmitButton form={form} requireChange={!target.values}>
            {t('common.save')}
          </SubmitButton>
        </div>
      </FormShell>
    </Dialog>
  );
}

/**
 * Edit invoice (part 2 §2, §5; owner only, decision 039): one row's price and payment type (a membership item also
 * offers MEMBERSHIP, at the membership's price per use), the archive toggle for a sale, Save, Cancel and a delete
 * button asking "Are you sure you want to remove this invoice?". Writes are commands: the report changes at once,
 * offline too, and a later refusal reopens this dialog from the conflicts list.
 */
export function EditInvoiceDialog({ target, onClose }: { target: EditInvoiceTarget; onClose: () => void }) {
  const t = useT();
  const found = useInvoice(target.invoiceId);
  const item = found?.invoice.items.find((i) => i.id === target.itemId);
  if (found === undefined) return null;
  if (!found || !item) {
    return (
      <Dialog title={t('report.edit.title')} isOpen onClose={onClose} size="sm">
        <div className="stack">
          <p>{t('invoice.notExists')}</p>
          <div className="form-actions">
            <Button variant="ghost" onPress={onClose}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }
  return <EditInvoiceForm target={target} invoice={found.invoice} item={item} membership={found.membership} onClose={onClose} />;
}
