import { useStore, type AnyFieldApi } from '@tanstack/react-form';
import { TIP_PAYMENT_TYPES } from '../../domain/rules/money';
import { useT } from '../../i18n';
import { FormTextField } from '../form-field';
import { FormSelect } from '../form-select';
import type { InvoiceData } from './use-invoice-data';
import type { InvoiceFormApi } from './use-invoice-form';

/**
 * The invoice's tip (issue 59 item 5): an amount, the master it goes to (the appointment's by default) and how it is
 * paid. Never in the total price: the Report counts it apart, cash ones in the till. Read-only once paid.
 */
export function InvoiceTip({
  form,
  data,
  readOnly,
  serverError,
  onEdit,
}: {
  form: InvoiceFormApi;
  data: InvoiceData;
  readOnly: boolean;
  serverError: (field: string) => string | null;
  onEdit: () => void;
}) {
  const t = useT();
  const chosen = useStore(form.store, (s) => s.values.tipMaster);
  const masters = data.sellers.filter((s) => s.kind === 'MASTER').map((s) => ({ value: s.id, label: s.name }));
  if (chosen && !masters.some((m) => m.value === chosen)) masters.push({ value: chosen, label: t('invoice.unknownEntity') });
  return (
    <div className="invoice-tip" role="group" aria-label={t('invoice.tip')} data-testid="invoice-tip">
      <form.Field name="tip">
        {(field: AnyFieldApi) => (
          <FormTextField
            field={field}
            label={t('invoice.tip')}
            inputMode="text"
            isReadOnly={readOnly}
            serverError={serverError('tip')}
            onEdit={onEdit}
          />
        )}
      </form.Field>
      <form.Field name="tipMaster">
        {(field: AnyFieldApi) => (
          <FormSelect
            field={field}
            label={t('invoice.tipMaster')}
            options={masters}
            isReadOnly={readOnly}
            serverError={serverError('tipMaster')}
            onEdit={onEdit}
          />
        )}
      </form.Field>
      <form.Field name="tipPaymentType">
        {(field: AnyFieldApi) => (
          <FormSelect
            field={field}
            label={t('invoice.tipPaymentType')}
            options={TIP_PAYMENT_TYPES.map((p) => ({ value: p, label: t(`payment.${p}`) }))}
            isReadOnly={readOnly}
            serverError={serverError('tipPaymentType')}
            onEdit={onEdit}
          />
        )}
      </form.Field>
      <p className="muted invoice-tip-note">{t('invoice.tipNote')}</p>
    </div>
  );
}
