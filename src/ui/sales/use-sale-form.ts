import { newId } from '../../domain/ids';
import type { SaleFormValues, SaleItemValues } from '../../domain/schemas/sale';
import type { CommandForm } from '../command-form';

/** A new, empty item row (its id is the item's id once sold). */
export const emptySaleItem = (): SaleItemValues => ({ id: newId(), entity: null, quantity: null, price: '', paymentType: null });

/**
 * Opening the Sale dialog starts afresh (part 1 §4 'opening clears selected products'): one empty row and, as the
 * administrator, the signed-in user when he is one of the salon's administrators.
 */
export function freshSaleValues(userId: string | null, administratorUserIds: readonly string[]): SaleFormValues {
  return { administrator: userId && administratorUserIds.includes(userId) ? userId : null, items: [emptySaleItem()] };
}

/** The Sale form (useCommandForm with the shared schema, the one the command and the server use). */
export type SaleForm = CommandForm<SaleFormValues>;
