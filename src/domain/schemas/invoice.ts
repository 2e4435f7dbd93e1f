import * as v from 'valibot';
import { ID_PATTERN } from '../ids';
import {
  centsToDecimal,
  DISCOUNT_TYPES,
  lineTotal,
  MAX_PRICE_CENTS,
  parseDiscount,
  parsePrice,
  priceTooLarge,
  TIP_PAYMENT_TYPES,
  type DiscountType,
  type TipPaymentType,
} from '../rules/money';
import { optionalCommand } from './command';
import { idSchema } from './salon';

/**
 * Invoices of appointments (part 1 §2, §3, §5, §7): the Invoice tab's form, the `invoice.create` and
 * `invoice.update` commands and the server's createInvoice and updateInvoice check the same schemas. Their
 * output is what is stored and sent: prices as decimal strings with two places ('12,5' → '12.50'), never floats.
 */
export const INVOICE_ITEM_TYPES = ['SERVICE', 'PRODUCT'] as const;
export type InvoiceItemType = (typeof INVOICE_ITEM_TYPES)[number];
/** Payment types of a line (part 1 §3); MEMBERSHIP only when a membership applies. Same as the synced rows' PaymentType. */
export const PAYMENT_TYPES = ['CASH', 'CC', 'GIFT', 'MEMBERSHIP'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** More than any invoice line sells; keeps quantity × price inside numeric(12,2). */
export const MAX_ITEM_QUANTITY = 10_000;
/** An invoice of more lines is a mistake, not a sale. */
export const MAX_ITEMS = 100;

/** A chosen id: empty (null) or malformed shows the field's own message. */
const chosen = (message: string) => v.pipe(v.string(message), v.regex(ID_PATTERN, message));

/** 'Select quantity' (non-zero number, part 1 §5): a whole number from 1. */
const quantitySchema = v.pipe(
  v.number('invoice.selectQuantity'),
  v.integer('invoice.selectQuantity'),
  v.minValue(1, 'invoice.selectQuantity'),
  v.maxValue(MAX_ITEM_QUANTITY, 'invoice.selectQuantity'),
);

/** 'Enter price' (numeric): as typed, comma or dot, at most two decimals → '12.50'. Zero is a price (a gift). */
export const invoicePriceSchema = v.pipe(
  v.string('invoice.enterPrice'),
  v.check((s) => parsePrice(s) !== null, 'invoice.enterPrice'),
  v.check((s) => !priceTooLarge(s), 'validation.price.tooLarge'),
  v.transform((s) => centsToDecimal(parsePrice(s) ?? 0)),
);

/**
 * A line's discount (issue 59 item 5) as typed ('10%', '5,50') with its kind: a percent of at most 100 with at most
 * two decimals, or an amount of at most the line's price × quantity ('The discount cannot be more than the line').
 * A zero or empty discount, or no kind, is none. Older devices send neither.
 */
const discountFields = {
  discountType: v.optional(v.nullable(v.picklist(DISCOUNT_TYPES, 'invoice.discountInvalid')), null),
  discount: v.optional(v.nullable(v.string('invoice.discountInvalid')), ''),
};
type TypedDiscount = {
  price: string;
  quantity: number;
  discountType: DiscountType | null;
  discount: string | null;
};
/** The typed discount in cents or basis points; 0 when none is typed, null when it is not a number. */
const typedDiscount = (d: TypedDiscount): number | null => (d.discountType ? parseDiscount(d.discount) : 0);
const discountChecks = <T extends TypedDiscount>() =>
  [
    v.forward(
      v.check((d: T) => {
        const value = typedDiscount(d);
        return value !== null && (d.discountType !== 'PERCENT' || value <= 10_000);
      }, 'invoice.discountInvalid'),
      ['discount'] as never,
    ) as v.BaseValidation<T, T, v.CheckIssue<T>>,
    v.forward(
      v.check((d: T) => {
        const price = parsePrice(d.price);
        const value = typedDiscount(d);
        return d.discountType !== 'AMOUNT' || price === null || value === null || value <= lineTotal(price, d.quantity);
      }, 'invoice.discountAboveLine'),
      ['discount'] as never,
    ) as v.BaseValidation<T, T, v.CheckIssue<T>>,
  ] as const;
/** Stored: the kind and the value as a decimal ('12.50'), or none (null, '0.00'). */
const storedDiscount = <T extends TypedDiscount>(
  d: T,
): Omit<T, 'discountType' | 'discount'> & { discountType: DiscountType | null; discount: string } => {
  const value = typedDiscount(d) ?? 0;
  return value > 0 && d.discountType ? { ...d, discount: centsToDecimal(value) } : { ...d, discountType: null, discount: '0.00' };
};

const invoiceItemObject = v.object({
  id: idSchema,
  type: v.picklist(INVOICE_ITEM_TYPES, 'invoice.selectType'),
  entity: chosen('invoice.selectEntity'),
  quantity: quantitySchema,
  price: invoicePriceSchema,
  paymentType: v.picklist(PAYMENT_TYPES, 'invoice.selectPaymentType'),
  seller: chosen('invoice.selectSeller'),
  ...discountFields,
});
type InvoiceItemObject = v.InferOutput<typeof invoiceItemObject>;
export const invoiceItemSchema = v.pipe(
  invoiceItemObject,
  ...discountChecks<InvoiceItemObject>(),
  v.transform((item: InvoiceItemObject) => storedDiscount(item)),
);
export type InvoiceItemInput = v.InferInput<typeof invoiceItemSchema>;
export type InvoiceItem = v.InferOutput<typeof invoiceItemSchema>;

/** 'Add at least one item'; 'Only one use of membership is allowed' (part 1 §5). */
const itemsSchema = v.pipe(
  v.array(invoiceItemSchema, 'invoice.addItem'),
  v.minLength(1, 'invoice.addItem'),
  v.maxLength(MAX_ITEMS, 'invoice.addItem'),
  v.check((items) => items.filter((i) => i.paymentType === 'MEMBERSHIP').length <= 1, 'invoice.oneMembershipUse'),
);

/** One line of the Invoice tab as the person edits it: nothing chosen yet is null, the price is typed text. */
export interface InvoiceItemValues {
  id: string;
  type: InvoiceItemType | null;
  entity: string | null;
  quantity: number | null;
  price: string;
  paymentType: PaymentType | null;
  seller: string | null;
  /** No discount: null; the value as typed ('10', '5,50'). */
  discountType: DiscountType | null;
  discount: string;
}
/** The invoice's tip as typed (issue 59 item 5): none, or an amount to one master, in cash or by card. */
export interface TipValues {
  tip: string;
  tipMaster: string | null;
  tipPaymentType: TipPaymentType | null;
}
export interface InvoiceFormValues extends TipValues {
  items: InvoiceItemValues[];
}

/**
 * The tip (issue 59 item 5): an amount as typed ('Enter the tip as an amount', never negative, at most €100 000),
 * and once above zero the master it goes to ('Choose who gets the tip') and how it is paid (cash unless card is
 * chosen). Empty or zero is no tip. Older devices send none.
 */
const tipFields = {
  tip: v.optional(v.nullable(v.string('invoice.tipInvalid')), ''),
  tipMaster: v.optional(v.nullable(v.string('invoice.tipSelectMaster')), null),
  tipPaymentType: v.optional(v.nullable(v.picklist(TIP_PAYMENT_TYPES, 'invoice.tipInvalid')), null),
};
type TypedTip = { tip: string | null; tipMaster: string | null; tipPaymentType: TipPaymentType | null };
const tipCents = (t: TypedTip): number | null => ((t.tip ?? '').trim() ? parsePrice(t.tip ?? '') : 0);
const tipChecks = <T extends TypedTip>() =>
  [
    v.forward(
      v.check((t: T) => tipCents(t) !== null, 'invoice.tipInvalid'),
      ['tip'] as never,
    ) as v.BaseValidation<T, T, v.CheckIssue<T>>,
    v.forward(
      v.check((t: T) => (tipCents(t) ?? 0) <= MAX_PRICE_CENTS, 'validation.price.tooLarge'),
      ['tip'] as never,
    ) as v.BaseValidation<T, T, v.CheckIssue<T>>,
    v.forward(
      v.check((t: T) => !tipCents(t) || (t.tipMaster !== null && ID_PATTERN.test(t.tipMaster)), 'invoice.tipSelectMaster'),
      ['tipMaster'] as never,
    ) as v.BaseValidation<T, T, v.CheckIssue<T>>,
  ] as const;
/** Stored: the tip as a decimal with its master and payment type, or none ('0.00', null, null). */
function storedTip<T extends TypedTip>(
  t: T,
): Omit<T, keyof TypedTip> & { tip: string; tipMaster: string | null; tipPaymentType: TipPaymentType | null } {
  const cents = tipCents(t) ?? 0;
  return cents > 0
    ? { ...t, tip: centsToDecimal(cents), tipPaymentType: t.tipPaymentType ?? 'CASH' }
    : { ...t, tip: '0.00', tipMaster: null, tipPaymentType: null };
}

const invoiceFormObject = v.object({ items: itemsSchema, ...tipFields });
type InvoiceFormObject = v.InferOutput<typeof invoiceFormObject>;
export const invoiceFormSchema = v.pipe(
  invoiceFormObject,
  ...tipChecks<InvoiceFormObject>(),
  v.transform((f: InvoiceFormObject) => storedTip(f)),
);

/** createInvoice: salon, appointment (part 1 §7); the id is made by the client (DESIGN.md §4). */
export const createInvoiceSchema = v.object({ id: idSchema, salon: idSchema, appointment: idSchema, command: optionalCommand });
export type CreateInvoiceInput = v.InferInput<typeof createInvoiceSchema>;

/**
 * updateInvoice: invoiceId, membership (id or null), items, paid (part 1 §7). `paid` true pays it ('Paying sets
 * paid then submits'); false saves a draft. Prices travel as exact decimal strings, not the old panel's numbers.
 */
const updateInvoiceObject = v.object({
  invoiceId: idSchema,
  membership: v.optional(v.nullable(idSchema), null),
  items: itemsSchema,
  paid: v.boolean(),
  ...tipFields,
  command: optionalCommand,
});
type UpdateInvoiceObject = v.InferOutput<typeof updateInvoiceObject>;
export const updateInvoiceSchema = v.pipe(
  updateInvoiceObject,
  ...tipChecks<UpdateInvoiceObject>(),
  v.transform((u: UpdateInvoiceObject) => storedTip(u)),
);
export type UpdateInvoiceInput = v.InferInput<typeof updateInvoiceSchema>;
export type UpdateInvoice = v.InferOutput<typeof updateInvoiceSchema>;

/** The update input of the form's values (the command and the server validate it). */
export function toUpdateInvoiceInput(
  invoiceId: string,
  values: InvoiceFormValues,
  membership: string | null,
  paid: boolean,
): UpdateInvoiceInput {
  return {
    invoiceId,
    membership: values.items.some((i) => i.paymentType === 'MEMBERSHIP') ? membership : null,
    items: values.items.map((i) => ({
      ...i,
      type: i.type as InvoiceItemType,
      entity: i.entity as string,
      quantity: i.quantity as number,
      paymentType: i.paymentType as PaymentType,
      seller: i.seller as string,
    })),
    paid,
    tip: values.tip,
    tipMaster: values.tipMaster,
    tipPaymentType: values.tipPaymentType,
  };
}

/**
 * The owner's Edit invoice dialog on the Report (part 2 §2, §5, §7): one line's price ('Enter price': digits,
 * commas and dots) and payment type (required). editInvoice sends invoiceId, itemId, price, paymentType; the form
 * and the command check the same field schemas.
 */
export const editInvoiceFormSchema = v.object({
  price: invoicePriceSchema,
  paymentType: v.picklist(PAYMENT_TYPES, 'invoice.selectPaymentType'),
});
export interface EditInvoiceFormValues {
  price: string;
  paymentType: PaymentType | null;
}

export const editInvoiceSchema = v.object({
  invoiceId: idSchema,
  itemId: idSchema,
  ...editInvoiceFormSchema.entries,
  command: optionalCommand,
});
export type EditInvoiceInput = v.InferInput<typeof editInvoiceSchema>;

/** deleteInvoice: userId, invoiceId (part 2 §7). The trace names the session's user: a sent userId is checked for form only. */
export const deleteInvoiceSchema = v.object({ userId: idSchema, invoiceId: idSchema, command: optionalCommand });
export type DeleteInvoiceInput = v.InferInput<typeof deleteInvoiceSchema>;
