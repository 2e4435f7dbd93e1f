import { useStore } from '@tanstack/react-form';
import { useEffect, useRef, useState } from 'react';
import { CommandRefusal } from '../../domain/command-refusal';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { canAddInvoiceItems, invoiceTotal } from '../../domain/rules/invoice';
import { formatEuros, parsePrice, typedDiscount, typedPrice } from '../../domain/rules/money';
import type { BookingMode } from '../../domain/schemas/appointment-form';
import { invoiceFormSchema, toUpdateInvoiceInput, type InvoiceFormValues, type InvoiceItemValues } from '../../domain/schemas/invoice';
import type { AppointmentRow, InvoiceRow } from '../../domain/entities';
import { useIntl, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { FormMessage, firstError } from '../form-field';
import { FormShell } from '../form-shell';
import { submitCommand } from '../../sync/submit-command';
import { useCommandForm } from '../command-form';
import { useFocusIfLost } from '../use-focus-if-lost';
import { InvoiceLine } from './invoice-line';
import { InvoiceTip } from './invoice-tip';
import type { InvoiceSubmit } from './use-invoice-form';
import type { InvoiceData } from './use-invoice-data';
import './invoice.css';
import type { FormRef } from '../../db/salon-db';

/** A refused save or payment on its way back to the Invoice tab (DESIGN.md §5.4). */
export interface InvoiceReopen {
  values: InvoiceFormValues;
  refusal: ServerErrorShape;
  conflictId: number;
}

/** The form's values of a stored invoice, prices as people of the locale type them. */
export const valuesOf = (invoice: InvoiceRow, locale: string): InvoiceFormValues => ({
  items: invoice.items.map((i) => ({
    id: i.id,
    type: i.type,
    entity: i.entityId,
    quantity: i.quantity,
    price: typedPrice(i.price, locale),
    paymentType: i.paymentType,
    seller: i.sellerId,
    discountType: i.discountType ?? null,
    discount: typedDiscount(i, locale),
  })),
  tip: invoice.tip && invoice.tip !== '0.00' ? typedPrice(invoice.tip, locale) : '',
  tipMaster: invoice.tipMasterId ?? null,
  tipPaymentType: invoice.tipPaymentType ?? null,
});

/** A tip goes to the appointment's master in cash unless chosen otherwise. */
const tipDefaults = (values: InvoiceFormValues, appointment: AppointmentRow): InvoiceFormValues => ({
  ...values,
  tipMaster: values.tipMaster ?? appointment.masterId,
  tipPaymentType: values.tipPaymentType ?? 'CASH',
});

/** A new line: nothing chosen yet, sold by the appointment's master. */
const newLine = (appointment: AppointmentRow): InvoiceItemValues => ({
  id: newId(),
  type: null,
  entity: null,
  quantity: null,
  price: '',
  paymentType: null,
  seller: appointment.masterId,
  discountType: null,
  discount: '',
});

/**
 * The Invoice form (part 1 §2, §4): Invoice items, Total price, Save, Cancel, Pay, Add item. Save keeps a draft
 * and closes; Pay pays and stays open on the paid invoice: its lines read-only, the appointment locked (Delete
 * hidden, Archive for the roles of part 1 §6). Both are the `invoice.update` command, so they work offline; online
 * a refusal ('Membership is run out of uses', …) shows here, offline the conflicts list brings it back here.
 * Masters see and pay an invoice but add no lines (part 1 §6). `onClose` closes the dialog that hosts the form
 * (Cancel): the host passes it, so the invoices do not import the appointment dialogs. Save keeps the dialog open.
 */
export function InvoiceForm({
  appointment,
  mode,
  data,
  reopen,
  onClose,
}: {
  appointment: AppointmentRow;
  mode: BookingMode;
  data: InvoiceData & { invoice: InvoiceRow };
  reopen?: InvoiceReopen;
  onClose: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const session = useSession();
  const { invoice, membership } = data;
  const readOnly = invoice.paid;
  const mayAdd = session ? canAddInvoiceItems(session) : false;
  const [saved, setSaved] = useState<InvoiceFormValues | undefined>(undefined);
  const { form, server } = useCommandForm<InvoiceFormValues, InvoiceSubmit>({
    operation: 'invoice',
    schema: invoiceFormSchema,
    defaultValues: reopen?.values ?? tipDefaults(valuesOf(invoice, intl.locale), appointment),
    submitMeta: { paid: false },
    send: async (values, { paid }) => {
      const input = toUpdateInvoiceInput(invoice.id, values, membership?.id ?? null, paid);
      const formRef: FormRef = { kind: 'invoice.edit', values: { mode, appointmentId: appointment.id, ...values } };
      await submitCommand('invoice.update', input, { form: formRef, conflictId: reopen?.conflictId });
      // Saved without paying: the dialog stays on the invoice (Pay follows in the same pass); what is saved is
      // the form's new starting point, so closing asks nothing (issue 24 item 2).
      if (!paid) setSaved(form.state.values);
    },
  });
  useEffect(() => {
    if (reopen) server.report(new CommandRefusal(reopen.refusal));
  }, [reopen]); // eslint-disable-line react-hooks/exhaustive-deps

  // Created or paid, the form comes anew where the pressed button was: the keyboard stays in the dialog.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(heading);

  const total = useStore(form.store, (s) => invoiceTotal(s.values.items));
  const tip = useStore(form.store, (s) => parsePrice(s.values.tip) ?? 0);
  const submitting = useStore(form.store, (s) => s.isSubmitting);
  const unchangedSinceSave = useStore(form.store, (s) => saved !== undefined && JSON.stringify(s.values) === JSON.stringify(saved));
  const itemsError = useStore(form.store, (s) => (s.submissionAttempts > 0 ? firstError(s.fieldMeta.items?.errors ?? []) : null));

  return (
    <FormShell form={form} server={server} className="form invoice-form" saved={saved}>
      <h3 className="invoice-heading" ref={heading} tabIndex={-1}>
        {t('invoice.items')}
      </h3>
      {readOnly ? <FormMessage kind="success">{t('invoice.paid')}</FormMessage> : null}
      {saved && !readOnly && unchangedSinceSave ? <FormMessage kind="success">{t('invoice.saved')}</FormMessage> : null}
      {membership && !readOnly ? (
        <p className="muted" data-testid="invoice-membership">
          {t('invoice.membership', { serialNumber: membership.serialNumber, left: membership.quantity - membership.totalUses })}
        </p>
      ) : null}
      <div className="invoice-lines" data-testid="invoice-lines">
        <div className="invoice-line invoice-head" aria-hidden>
          <span>{t('invoice.type')}</span>
          <span>{t('invoice.entity')}</span>
          <span>{t('invoice.quantity')}</span>
          <span>{t('invoice.price')}</span>
          <span>{t('invoice.discount')}</span>
          <span>{t('invoice.paymentType')}</span>
          <span>{t('invoice.seller')}</span>
          <span />
        </div>
        <form.Field name="items" mode="array">
          {(itemsField) =>
            itemsField.state.value.map((line, i) => (
              <InvoiceLine
                key={line.id}
                form={form}
                index={i}
                data={data}
                membership={membership}
                readOnly={readOnly}
                canRemove={itemsField.state.value.length > 1 || mayAdd}
                serverError={server.forField}
                onEdit={server.clear}
                onRemove={() => itemsField.removeValue(i)}
              />
            ))
          }
        </form.Field>
      </div>
      {mayAdd && !readOnly ? (
        <Button variant="secondary" onPress={() => form.pushFieldValue('items', newLine(appointment))}>
          {t('invoice.addItemButton')}
        </Button>
      ) : null}
      {readOnly && tip === 0 ? null : (
        <InvoiceTip form={form} data={data} readOnly={readOnly} serverError={server.forField} onEdit={server.clear} />
      )}
      <p className="invoice-total">
        {t('invoice.total')}: <strong data-testid="invoice-total">{total === null ? '—' : formatEuros(total, intl.locale)}</strong>
        {tip > 0 && total !== null ? (
          <>
            <br />
            {t('invoice.toPay')}: <strong data-testid="invoice-to-pay">{formatEuros(total + tip, intl.locale)}</strong>
          </>
        ) : null}
      </p>
      <FormMessage>{itemsError ? t(itemsError) : (server.forField('items') ?? server.formError)}</FormMessage>
      <div className="form-actions">
        <Button variant="ghost" onPress={onClose}>
          {t('common.cancel')}
        </Button>
        {readOnly ? null : (
          <>
            <Button type="submit" variant="secondary" isDisabled={submitting}>
              {t('common.save')}
            </Button>
            <Button variant="primary" isDisabled={submitting} onPress={() => void form.handleSubmit({ paid: true })}>
              {t('invoice.pay')}
            </Button>
          </>
        )}
      </div>
    </FormShell>
  );
}
