import { useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import * as v from 'valibot';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { decimalMarkOf } from '../../domain/rules/money';
import { PRODUCT_TYPES, productFormSchema, productFormValues, type ProductFormValues } from '../../domain/schemas/product';
import type { ManufacturerRow, ProductRow } from '../../domain/entities';
import { useLanguage, useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { useCommandForm } from '../command-form';
import { FormMessage } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { ConfirmDeleteDialog } from '../list-page/confirm-delete-dialog';
import { submitCommand } from '../../sync/submit-command';
import type { FormRef } from '../../db/salon-db';

/** A reopened edit's values with its count moved onto the stock as it is now (`now + typed - shown`, not below 0). */
function rebasedCount(values: ProductFormValues & { quantityWas?: number | null }, now: number): ProductFormValues {
  const { quantityWas, ...rest } = values;
  const typed = Number(values.quantity);
  if (quantityWas === undefined || quantityWas === null || !/^\d+$/.test(values.quantity.trim())) return rest;
  return { ...rest, quantity: String(Math.max(0, now + typed - quantityWas)) };
}

/**
 * New Product (Add, Cancel) and the edit dialog titled with the product's name, one tab editProduct (Save,
 * Cancel): part 2 §2, §5. The manufacturer is one of the salon's; a deleted one stays only as the current value.
 */
export function ProductDialog({
  product,
  manufacturers,
  initialValues,
  refusal,
  conflictId,
  onClose,
}: {
  product: ProductRow | null;
  /** The salon's manufacturers in name order. */
  manufacturers: ManufacturerRow[];
  /** A reopened form's values, with the count the form first showed. */
  initialValues?: ProductFormValues & { quantityWas?: number | null };
  refusal?: ServerErrorShape;
  conflictId?: number;
  onClose: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const session = useSession();
  // The count shown when the form opened: the quantity typed adjusts the stock as it is when the change lands, so
  // units sold meanwhile on another device stay sold (decision 081). A form reopened after a refusal shows the stock
  // its change would leave now, and adjusts from now.
  const [opened] = useState(() => ({
    quantityWas: product?.quantity ?? null,
    values: initialValues && product ? rebasedCount(initialValues, product.quantity) : initialValues,
  }));
  const { quantityWas } = opened;
  const { form, server } = useCommandForm<ProductFormValues>({
    operation: 'product',
    refusal,
    schema: productFormSchema,
    defaultValues: opened.values ?? productFormValues(product, decimalMarkOf(language)),
    send: (value) => {
      const fields = v.parse(productFormSchema, value);
      const ref: FormRef = {
        kind: product ? 'product.edit' : 'product.new',
        values: { ...value, productId: product?.id ?? null, quantityWas },
      };
      return product
        ? submitCommand('product.update', { productId: product.id, ...fields, quantityWas }, { form: ref, conflictId })
        : submitCommand('product.add', { id: newId(), salon: session?.salon ?? '', ...fields }, { form: ref, conflictId });
    },
    onDone: onClose,
  });

  const current = product?.manufacturerId ?? initialValues?.manufacturer ?? '';
  const manufacturerOptions = useMemo(() => {
    const options = manufacturers.map((m) => ({ value: m.id, label: m.name }));
    if (current && !manufacturers.some((m) => m.id === current))
      options.unshift({ value: current, label: t('product.deletedManufacturer') });
    return options;
  }, [manufacturers, current, t]);
  const text = (name: 'name' | 'code' | 'quantity' | 'price' | 'supplierPrice', inputMode?: 'numeric', autoFocus?: boolean) => (
    <form.AppField name={name}>
      {(field) => <field.TextField label={t(`product.${name}`)} autoComplete="off" inputMode={inputMode} autoFocus={autoFocus} />}
    </form.AppField>
  );

  const body = (
    <FormShell form={form} server={server}>
      <div className="form-grid">
        <div className="field-span">{text('name', undefined, true)}</div>
        <form.AppField name="manufacturer">
          {(field) => (
            <div>
              <field.Select label={t('product.manufacturer')} options={manufacturerOptions} />
              {manufacturers.length === 0 ? <p className="field-description">{t('product.noManufacturers')}</p> : null}
            </div>
          )}
        </form.AppField>
        {text('code')}
        {text('quantity', 'numeric')}
        {text('price')}
        {text('supplierPrice')}
        <form.AppField name="type">
          {(field) => (
            <field.RadioGroup
              label={t('product.type')}
              options={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`product.type.${type}`) }))}
            />
          )}
        </form.AppField>
      </div>
      <FormMessage>{server.formError}</FormMessage>
      <div className="form-actions">
        <Button variant="ghost" onPress={onClose}>
          {t('common.cancel')}
        </Button>
        <SubmitButton form={form} requireChange={Boolean(product) && !initialValues}>
          {t(product ? 'common.save' : 'common.add')}
        </SubmitButton>
      </div>
    </FormShell>
  );

  return (
    <Dialog title={product ? product.name : t('product.new.title')} isOpen onClose={onClose}>
      {product ? (
        <Tabs defaultSelectedKey="editProduct" className="tabs">
          <TabList aria-label={product.name} className="tab-list">
            <Tab id="editProduct" className="tab">
              {t('product.tab.editProduct')}
            </Tab>
          </TabList>
          <TabPanel id="editProduct" className="tab-panel">
            {body}
          </TabPanel>
        </Tabs>
      ) : (
        body
      )}
    </Dialog>
  );
}

/** 'Are you sure you want to delete {product} from {manufacturer}?'; the row leaves at once, a refusal is listed. */
export function DeleteProductDialog({
  product,
  manufacturerName,
  onClose,
}: {
  product: ProductRow | null;
  manufacturerName: string;
  onClose: () => void;
}) {
  const t = useT();
  const question = !product
    ? t('product.notExists')
    : manufacturerName
      ? t('product.delete.question', { product: product.name, manufacturer: manufacturerName })
      : t('product.delete.questionNoManufacturer', { product: product.name });
  return (
    <ConfirmDeleteDialog
      title={t('product.delete.title')}
      question={question}
      operation="product"
      run={product ? () => submitCommand('product.delete', { productId: product.id }, { form: null, wait: false }) : null}
      onClose={onClose}
    />
  );
}
