import { useStore } from '@tanstack/react-form';
import { useEffect, useRef, useState } from 'react';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { formatEuros } from '../../domain/rules/money';
import { DEFAULT_SALON_SETTINGS } from '../../domain/rules/salon-defaults';
import { canArchiveSale, saleTotal } from '../../domain/rules/sale';
import { saleFormSchema, toCreateCartInvoiceInput, type SaleFormValues } from '../../domain/schemas/sale';
import { useLanguage, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { YesNoDialog } from '../yes-no-dialog';
import { FormMessage, firstError } from '../form-field';
import { FormShell } from '../form-shell';
import { submitCommand } from '../../sync/submit-command';
import { useCommandForm } from '../command-form';
import { membershipSale } from '../memberships/membership-sale';
import { SaleItemRow } from './sale-item-row';
import { useSaleData, type SaleData } from './use-sale-data';
import { emptySaleItem, freshSaleValues } from './use-sale-form';
import './sale-dialog.css';

export interface SaleDialogProps {
  /** A refused sale reopened from the conflicts list: its attempted values, the refusal and the conflict it replaces. */
  values?: SaleFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
  onClose: () => void;
}

/**
 * The Sale dialog (part 1 §2 'Sale (cart invoice of products)'), reading the salon's administrators and products from
 * the mirror. Sell membership turns it into the New membership form (decision 071).
 */
export function SaleDialog(props: SaleDialogProps) {
  const t = useT();
  const data = useSaleData();
  return (
    <Dialog title={t('sale.title')} isOpen onClose={props.onClose} size="lg">
      {props.values ? null : (
        <div className="dialog-toolbar">
          <Button
            variant="secondary"
            onPress={() => {
              props.onClose();
              membershipSale.open(null);
            }}
          >
            {t('membership.sell')}
          </Button>
        </div>
      )}
      {data ? <SaleForm {...props} data={data} /> : <p className="muted">{t('app.loading')}</p>}
    </Dialog>
  );
}

/**
 * States (part 1 §4): Pay sells through `sale.create` (offline too); once paid, every field and Pay are disabled,
 * and Archive appears when the archive setting is on or the user is the owner or a sysadmin: it archives the sale
 * and closes. A refusal (another device sold the last item first) shows the spec's message here; offline, the
 * conflicts list brings the same values back to this dialog.
 */
function SaleForm({ data, values, refusal, conflictId, onClose }: SaleDialogProps & { data: SaleData }) {
  const t = useT();
  const { language } = useLanguage();
  const session = useSession();
  // Paid: the values are stored, so Escape and × close without asking (FormShell `saved`).
  const [paid, setPaid] = useState<{ id: string; pending: boolean; values: unknown } | null>(null);
  // Pay turns disabled once paid and would leave the focus nowhere (Escape then reached no dialog): Close takes it.
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (paid) closeButton.current?.focus();
  }, [paid]);
  // Computed once: the form resets to new defaults whenever they change, and a fresh row gets a new id each time.
  const [initial] = useState(
    () =>
      values ??
      freshSaleValues(
        session?.id ?? null,
        data.administrators.map((a) => a.userId),
      ),
  );
  const { form, server } = useCommandForm<SaleFormValues>({
    operation: 'sale',
    schema: saleFormSchema,
    defaultValues: initial,
    refusal,
    send: async (value) => {
      const id = newId();
      const outcome = await submitCommand('sale.create', toCreateCartInvoiceInput(id, session?.salon ?? '', value), {
        form: { kind: 'sale.new', values: value },
        conflictId,
      });
      setPaid({ id, pending: outcome === 'pending', values: form.state.values });
    },
  });

  const items = useStore(form.store, (s) => s.values.items);
  const submitting = useStore(form.store, (s) => s.isSubmitting);
  const itemsError = useStore(form.store, (s) => (s.submissionAttempts > 0 ? firstError(s.fieldMeta.items?.errors ?? []) : null));
  const total = saleTotal(items);
  const locked = paid !== null;
  const mayArchive = session ? canArchiveSale(session, data.settings ?? DEFAULT_SALON_SETTINGS) : false;
  const administrators = data.administrators.map((a) => ({ value: a.userId, label: `${a.firstName} ${a.lastName}`.trim() || a.email }));

  const [confirmArchive, setConfirmArchive] = useState(false);
  const archive = async () => {
    if (!paid) return;
    try {
      // 'In the sale dialog a failed archive is not handled' (part 1 §8): a later refusal waits in the conflicts list.
      await submitCommand('sale.archive', { invoiceId: paid.id, archived: true }, { form: null, wait: false });
      onClose();
    } catch (error) {
      server.report(error);
    }
  };

  return (
    <FormShell form={form} server={server} saved={paid?.values}>
      {paid ? (
        <FormMessage kind="success">
          <span data-testid="sale-paid">{paid.pending ? t('sale.paidOffline') : t('sale.paid')}</span>
        </FormMessage>
      ) : null}
      <div className="form-grid">
        <form.AppField name="administrator">
          {(field) => <field.Select label={t('sale.administrator')} options={administrators} isReadOnly={locked} />}
        </form.AppField>
      </div>
      <form.Field name="items" mode="array">
        {(itemsField) => (
          <div className="appointment-lines">
            {itemsField.state.value.map((item, i) => (
              <SaleItemRow
                key={item.id}
                form={form}
                index={i}
                products={data.products}
                locked={locked}
                serverError={(field) => server.forField(`items.${i}.${field}`)}
                onEdit={server.clear}
                onRemove={() => {
                  itemsField.removeValue(i);
                  server.clear();
                }}
              />
            ))}
            {locked ? null : (
              <Button variant="secondary" onPress={() => itemsField.pushValue(emptySaleItem())}>
                {t('sale.addItem')}
              </Button>
            )}
          </div>
        )}
      </form.Field>
      <p className="sale-total">
        {t('sale.total')}:{' '}
        <strong data-testid="sale-total">{total === null ? t('sale.totalTooLarge') : formatEuros(total, language)}</strong>
      </p>
      <FormMessage>{itemsError ? t(itemsError) : server.formError}</FormMessage>
      <div className="form-actions">
        {paid && mayArchive ? (
          <Button variant="secondary" onPress={() => setConfirmArchive(true)}>
            {t('sale.archive')}
          </Button>
        ) : null}
        <Button variant="ghost" onPress={onClose} ref={closeButton}>
          {t('common.close')}
        </Button>
        <Button type="submit" variant="primary" isDisabled={locked || submitting}>
          {t('sale.pay')}
        </Button>
      </div>
      {confirmArchive ? (
        // A paid sale archived leaves the Report's totals (issue 59 item 2): asked, with its amount, first.
        <YesNoDialog
          title={t('sale.archiveTitle')}
          question={t('sale.archiveQuestion', { amount: total === null ? '' : formatEuros(total, language) })}
          yesVariant="primary"
          onYes={() => {
            setConfirmArchive(false);
            void archive();
          }}
          onClose={() => setConfirmArchive(false)}
        />
      ) : null}
    </FormShell>
  );
}
