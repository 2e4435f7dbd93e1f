import { useStore, type AnyFieldApi } from '@tanstack/react-form';
import { itemDefaults, priceOnPaymentChange, quantityLimit } from '../../domain/rules/invoice';
import { discountTypeOf, formatEuros, typedPrice } from '../../domain/rules/money';
import { INVOICE_ITEM_TYPES, PAYMENT_TYPES, type InvoiceItemValues } from '../../domain/schemas/invoice';
import type { MembershipRow, PaymentType } from '../../domain/entities';
import { useIntl, useT, type MessageId } from '../../i18n';
import { Button } from '../button';
import { FormTextField, firstError } from '../form-field';
import { FormSelect } from '../form-select';
import type { InvoiceFormApi } from './use-invoice-form';
import { SearchCombo, type ComboChoice } from '../search-combo';
import type { InvoiceData } from './use-invoice-data';

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** A combo's message: the schema's once submitted or changed, else the server's for this field. */
function comboError(field: AnyFieldApi, submitted: boolean, server: string | null, t: (id: MessageId) => string): string | null {
  const own = submitted || field.state.meta.isDirty ? firstError(field.state.meta.errors) : null;
  return own ? t(own) : server;
}

/**
 * One line of the Invoice items table (part 1 §2, §3, §4): type, service or product, quantity, price, discount
 * ('10%' or an amount off the line; issue 59 item 5), payment type and seller. Choosing what is sold brings its defaults; choosing MEMBERSHIP sets the price per use and switching
 * away restores the price. Read-only once paid.
 */
export function InvoiceLine({
  form,
  index,
  data,
  membership,
  readOnly,
  canRemove,
  serverError,
  onEdit,
  onRemove,
}: {
  form: InvoiceFormApi;
  index: number;
  data: InvoiceData;
  membership: MembershipRow | null;
  readOnly: boolean;
  canRemove: boolean;
  serverError: (field: string) => string | null;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const line = useStore(form.store, (s) => s.values.items[index]);
  const submitted = useStore(form.store, (s) => s.submissionAttempts > 0);
  if (!line) return null;
  const name = <K extends keyof InvoiceItemValues>(f: K) => `items[${index}].${f}` as `items[${number}].${K}`;
  const entities = line.type === 'PRODUCT' ? data.products : line.type === 'SERVICE' ? data.services : [];
  const entity = entities.find((e) => e.id === line.entity) ?? null;
  const entityChoices: ComboChoice[] = entities.map((e) => ({
    id: e.id,
    name: e.name,
    detail:
      e.stock === null
        ? formatEuros(e.price, intl.locale)
        : `${formatEuros(e.price, intl.locale)} · ${t('invoice.inStock', { count: e.stock })}`,
  }));
  if (line.entity && !entity) entityChoices.push({ id: line.entity, name: t('invoice.unknownEntity') });
  const sellerChoices: ComboChoice[] = data.sellers.map((s) => ({ id: s.id, name: s.name, detail: t(`invoice.seller.${s.kind}`) }));
  if (line.seller && !data.sellers.some((s) => s.id === line.seller))
    sellerChoices.push({ id: line.seller, name: t('invoice.unknownEntity') });
  const limit = quantityLimit(line.type, entity?.stock);
  const quantities = range(1, limit);
  if (line.quantity !== null && !quantities.includes(line.quantity)) quantities.unshift(line.quantity);
  // MEMBERSHIP only when a membership applies (part 1 §3), or to show what a line already has.
  const payments = PAYMENT_TYPES.filter((p) => p !== 'MEMBERSHIP' || membership !== null || line.paymentType === 'MEMBERSHIP');
  const set = <K extends keyof InvoiceItemValues>(f: K, value: InvoiceItemValues[K]) => form.setFieldValue(name(f), value as never);

  return (
    <div className="invoice-line" role="group" aria-label={t('invoice.item', { n: index + 1 })} data-testid="invoice-line">
      <form.Field name={name('type')}>
        {(field: AnyFieldApi) => (
          <FormSelect
            field={field}
            label={t('invoice.type')}
            options={INVOICE_ITEM_TYPES.map((type) => ({ value: type, label: t(`invoice.type.${type}`) }))}
            isReadOnly={readOnly}
            serverError={serverError(`items.${index}.type`)}
            onEdit={() => {
              set('entity', null);
              onEdit();
            }}
          />
        )}
      </form.Field>
      <form.Field name={name('entity')}>
        {(field: AnyFieldApi) => (
          <SearchCombo
            label={t('invoice.entity')}
            name={field.name}
            choices={entityChoices}
            value={line.entity}
            placeholder={t('invoice.searchEntity')}
            emptyText={t('invoice.noEntities')}
            isDisabled={readOnly || line.type === null}
            errorMessage={comboError(field, submitted, serverError(`items.${index}.entity`), t)}
            hideLabel
            onChange={(choice) => {
              if (!choice) return;
              field.handleChange(choice.id);
              const chosen = entities.find((e) => e.id === choice.id);
              if (chosen && line.type) {
                const defaults = itemDefaults(line.type, { price: chosen.price, stock: chosen.stock });
                set('price', typedPrice(defaults.price, intl.locale));
                set('quantity', defaults.quantity);
                set('paymentType', defaults.paymentType);
              }
              onEdit();
            }}
          />
        )}
      </form.Field>
      <form.Field name={name('quantity')}>
        {(field: AnyFieldApi) => (
          <FormSelect
            field={field}
            label={t('invoice.quantity')}
            options={quantities.map((q) => ({ value: q, label: String(q) }))}
            isReadOnly={readOnly}
            serverError={serverError(`items.${index}.quantity`)}
            onEdit={onEdit}
          />
        )}
      </form.Field>
      <form.Field name={name('price')}>
        {(field: AnyFieldApi) => (
          <FormTextField
            field={field}
            label={t('invoice.price')}
            inputMode="text"
            isReadOnly={readOnly}
            serverError={serverError(`items.${index}.price`)}
            onEdit={onEdit}
          />
        )}
      </form.Field>
      <form.Field name={name('discount')}>
        {(field: AnyFieldApi) => (
          <FormTextField
            field={field}
            label={t('invoice.discountLabel')}
            inputMode="text"
            placeholder={t('invoice.discountHint')}
            isReadOnly={readOnly}
            serverError={serverError(`items.${index}.discount`) ?? serverError(`items.${index}.discountType`)}
            onEdit={() => {
              // '10%' is a percent, '5' or '5,50' an amount off the line (issue 59 item 5).
              set('discountType', discountTypeOf(String(form.getFieldValue(name('discount')) ?? '')));
              onEdit();
            }}
          />
        )}
      </form.Field>
      <form.Field name={name('paymentType')}>
        {(field: AnyFieldApi) => (
          <FormSelect
            field={field}
            label={t('invoice.paymentType')}
            options={payments.map((p) => ({ value: p, label: t(`payment.${p}`) }))}
            isReadOnly={readOnly}
            serverError={serverError(`items.${index}.paymentType`)}
            onEdit={() => {
              const next = form.getFieldValue(name('paymentType')) as PaymentType;
              const price = priceOnPaymentChange(line.paymentType, next, line.price, membership, entity?.price ?? null);
              set('price', price === line.price ? price : typedPrice(price, intl.locale));
              onEdit();
            }}
          />
        )}
      </form.Field>
      <form.Field name={name('seller')}>
        {(field: AnyFieldApi) => (
          <SearchCombo
            label={t('invoice.seller')}
            name={field.name}
            choices={sellerChoices}
            value={line.seller}
            placeholder={t('invoice.searchSeller')}
            emptyText={t('invoice.noEntities')}
            isDisabled={readOnly}
            errorMessage={comboError(field, submitted, serverError(`items.${index}.seller`), t)}
            hideLabel
            onChange={(choice) => {
              if (!choice) return;
              field.handleChange(choice.id);
              onEdit();
            }}
          />
        )}
      </form.Field>
      {canRemove && !readOnly ? (
        <Button variant="ghost" className="line-remove" aria-label={t('invoice.removeItem', { n: index + 1 })} onPress={onRemove}>
          ×
        </Button>
      ) : (
        <span aria-hidden />
      )}
    </div>
  );
}
