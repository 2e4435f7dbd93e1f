import * as v from 'valibot';
import { ID_PATTERN } from '../ids';
import { centsToDecimal, linesTotal, MAX_PRICE_CENTS, parsePrice } from '../rules/money';
import { saleTotal } from '../rules/sale';
import { optionalCommand } from './command';
import { idSchema } from './salon';

/**
 * Sales (part 1 §2-§8): a cart invoice of products sold by an administrator, paid at once. One schema for the
 * Sale dialog, the `sale.create` command and the createCartInvoice resolver; the field names are the
 * mutation's, so a refusal lands on the form's own field (`items.0.entity` is row 1's product).
 */

/** A sale is paid in cash, by card or with a gift card; MEMBERSHIP is for appointment invoices only (part 1 §3). */
export const SALE_PAYMENT_TYPES = ['CASH', 'CC', 'GIFT'] as const;
export type SalePaymentType = (typeof SALE_PAYMENT_TYPES)[number];

/** More of one product than any salon sells at once; keeps the stock and the total far inside their columns. */
export const MAX_SALE_QUANTITY = 100_000;
/** Rows of one sale. */
export const MAX_SALE_ITEMS = 200;

/** A chosen id: empty, null or malformed shows the field's own message ('Select administrator', 'Select product'). */
const chosen = (message: string) => v.pipe(v.nullish(v.string(message), ''), v.regex(ID_PATTERN, message));

/** 'Select product quantity': a whole number from 1 (the form's select gives numbers). */
const quantitySchema = v.pipe(
  v.number('sale.selectQuantity'),
  v.integer('sale.selectQuantity'),
  v.minValue(1, 'sale.selectQuantity'),
  v.maxValue(MAX_SALE_QUANTITY, 'sale.selectQuantity'),
);

/** 'Product price is invalid': a price as typed (comma or dot, two decimals), not zero → the row format '12.50'. */
export const salePriceSchema = v.pipe(
  v.string('sale.priceInvalid'),
  v.transform(parsePrice),
  v.check((cents) => cents !== null && cents > 0, 'sale.priceInvalid'),
  v.check((cents) => (cents as number) <= MAX_PRICE_CENTS, 'validation.price.tooLarge'),
  v.transform((cents) => centsToDecimal(cents as number)),
);

const saleItemSchema = v.object({
  /** The item's id, made by the client like every id (DESIGN.md §4); the form's row key. */
  id: idSchema,
  /** The product sold. */
  entity: chosen('sale.selectProduct'),
  quantity: quantitySchema,
  price: salePriceSchema,
  paymentType: v.picklist(SALE_PAYMENT_TYPES, 'sale.selectPaymentType'),
});

const itemsSchema = v.pipe(
  v.array(saleItemSchema, 'sale.addAtLeastOne'),
  v.minLength(1, 'sale.addAtLeastOne'),
  v.maxLength(MAX_SALE_ITEMS, 'sale.tooManyItems'),
  v.check((items) => new Set(items.map((i) => i.id)).size === items.length, 'validation.id.invalid'),
  v.check((items) => saleTotal(items) !== null, 'sale.totalTooLarge'),
);

const saleFields = {
  /**
   * The administrator who sells, by user id (invoices.administrator_id is a user, as the salon's own administrator
   * is): the seller of every item (part 1 §3 'Cart invoice').
   */
  administrator: chosen('sale.selectAdministrator'),
  items: itemsSchema,
};

/** The Sale dialog. */
export const saleFormSchema = v.object(saleFields);

export interface SaleItemValues {
  id: string;
  entity: string | null;
  quantity: number | null;
  /** As typed ('12,50'); prefilled from the product. */
  price: string;
  paymentType: SalePaymentType | null;
}
export interface SaleFormValues {
  administrator: string | null;
  items: SaleItemValues[];
}

/** The total of valid lines, exact: what the server stores in invoices.total_price. */
const withTotal = <T extends { items: { price: string; quantity: number }[] }>(sale: T) => ({
  ...sale,
  totalPrice: centsToDecimal(linesTotal(sale.items)),
});

/**
 * createCartInvoice(salon, administrator, items) (part 1 §7): the invoice's id is made by the client. Every item
 * is of type PRODUCT and sold by the administrator; the output carries the exact total.
 */
export const createCartInvoiceSchema = v.pipe(
  v.object({ id: idSchema, salon: idSchema, ...saleFields, command: optionalCommand }),
  v.transform(withTotal),
);
export type CreateCartInvoiceInput = v.InferInput<typeof createCartInvoiceSchema>;
export type CartInvoice = v.InferOutput<typeof createCartInvoiceSchema>;

/** archiveCartInvoice(invoiceId, archived) (part 1 §7). */
export const archiveCartInvoiceSchema = v.object({ invoiceId: idSchema, archived: v.boolean(), command: optionalCommand });
export type ArchiveCartInvoiceInput = v.InferInput<typeof archiveCartInvoiceSchema>;

/** The form's values as the command's input. */
export const toCreateCartInvoiceInput = (id: string, salon: string, values: SaleFormValues): CreateCartInvoiceInput => ({
  id,
  salon,
  administrator: values.administrator,
  items: values.items as CreateCartInvoiceInput['items'],
});
