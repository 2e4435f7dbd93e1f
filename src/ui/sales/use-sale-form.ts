import { useForm } from '@tanstack/react-form';
import { newId } from '../../domain/ids';
import { saleFormSchema, type SaleFormValues, type SaleItemValues } from '../../domain/schemas/sale';
import { schemaValidator } from '../form-field';

/** A new, empty item row (its id is the item's id once sold). */
export const emptySaleItem = (): SaleItemValues => ({ id: newId(), entity: null, quantity: null, price: '', paymentType: null });

/**
 * Opening the Sale dialog starts afresh (part 1 §4 'opening clears selected products'): one empty row and, as the
 * administrator, the signed-in user when he is one of the salon's administrators.
 */
export function freshSaleValues(userId: string | null, administratorUserIds: readonly string[]): SaleFormValues {
  return { administrator: userId && administratorUserIds.includes(userId) ? userId : null, items: [emptySaleItem()] };
}

/** The Sale form, validated by the shared schema (the same one the command and the server use). */
export function useSaleForm(defaultValues: SaleFormValues, onSubmit: (values: SaleFormValues) => Promise<void>) {
  const validator = schemaValidator<SaleFormValues>(saleFormSchema);
  return useForm({
    defaultValues,
    validators: { onChange: validator, onSubmit: validator },
    onSubmit: ({ value }) => onSubmit(value),
  });
}

export type SaleForm = ReturnType<typeof useSaleForm>;
