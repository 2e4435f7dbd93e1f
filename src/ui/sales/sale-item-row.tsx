import { useStore } from '@tanstack/react-form';
import { typedPrice } from '../../domain/rules/money';
import { offeredProducts, quantityOptions } from '../../domain/rules/sale';
import { SALE_PAYMENT_TYPES } from '../../domain/schemas/sale';
import type { ProductRow } from '../../domain/entities';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { FormTextField, firstError } from '../form-field';
import { FormSelect } from '../form-select';
import { ProductCombo } from './product-combo';
import type { SaleForm } from './use-sale-form';

/**
 * One item row of the Sale dialog (part 1 §5): product (in stock, not chosen on another row), quantity 1..stock,
 * price prefilled from the product and editable, payment type. Choosing a product sets its price, quantity 1
 * and cash (part 1 §4 'Invoice item defaults').
 */
export function SaleItemRow({
  form,
  index,
  products,
  locked,
  serverError,
  onEdit,
  onRemove,
}: {
  form: SaleForm;
  index: number;
  products: ProductRow[];
  locked: boolean;
  /** The server's message for a field of this row (`entity`, `quantity`, …), if any. */
  serverError: (field: string) => string | null;
  onEdit: () => void;
  onRemove: (() => void) | null;
}) {
  const t = useT();
  const { language } = useLanguage();
  const items = useStore(form.store, (s) => s.values.items);
  const submitted = useStore(form.store, (s) => s.submissionAttempts > 0);
  const item = items[index];
  const chosenElsewhere = new Set(items.filter((_, i) => i !== index).flatMap((other) => (other.entity ? [other.entity] : [])));
  const offered = offeredProducts(products, chosenElsewhere, item?.entity ?? null, language);
  const product = products.find((p) => p.id === item?.entity);
  const n = index + 1;

  return (
    <fieldset className="appointment-line sale-item" data-testid="sale-item">
      <legend className="visually-hidden">{t('sale.item', { n })}</legend>
      <form.Field name={`items[${index}].entity`}>
        {(field) => {
          const clientError = submitted ? firstError(field.state.meta.errors) : null;
          return (
            <ProductCombo
              label={t('sale.product')}
              products={offered}
              value={field.state.value}
              isDisabled={locked}
              errorMessage={clientError ? t(clientError) : serverError('entity')}
              onChange={(p) => {
                field.handleChange(p?.id ?? null);
                if (p) {
                  form.setFieldValue(`items[${index}].price`, typedPrice(p.price, language));
                  form.setFieldValue(`items[${index}].quantity`, p.quantity > 0 ? 1 : null);
                  if (!form.getFieldValue(`items[${index}].paymentType`)) form.setFieldValue(`items[${index}].paymentType`, 'CASH');
                }
                onEdit();
              }}
            />
          );
        }}
      </form.Field>
      <form.Field name={`items[${index}].quantity`}>
        {(field) => (
          <FormSelect
            field={field}
            label={t('sale.quantity')}
            options={quantityOptions(product?.quantity, field.state.value).map((q) => ({ value: q, label: String(q) }))}
            isReadOnly={locked}
            serverError={serverError('quantity')}
            onEdit={onEdit}
          />
        )}
      </form.Field>
      <form.Field name={`items[${index}].price`}>
        {(field) => (
          <FormTextField
            field={field}
            label={t('sale.price')}
            isReadOnly={locked}
            serverError={serverError('price')}
            onEdit={onEdit}
            autoComplete="off"
          />
        )}
      </form.Field>
      <form.Field name={`items[${index}].paymentType`}>
        {(field) => (
          <FormSelect
            field={field}
            label={t('sale.paymentType')}
            options={SALE_PAYMENT_TYPES.map((type) => ({ value: type, label: t(`payment.${type}`) }))}
            isReadOnly={locked}
            serverError={serverError('paymentType')}
            onEdit={onEdit}
          />
        )}
      </form.Field>
      {onRemove && !locked ? (
        <Button variant="ghost" className="line-remove" aria-label={t('sale.removeItem', { n })} onPress={onRemove}>
          ×
        </Button>
      ) : null}
    </fieldset>
  );
}
