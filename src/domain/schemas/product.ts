import * as v from 'valibot';
import { ID_PATTERN } from '../ids';
import { centsToDecimal, parsePrice, priceTooLarge } from '../rules/money';
import { optionalCommand } from './command';
import { idSchema } from './salon';

/**
 * Products of the Inventory page (part 2 §2, §3, §5, §7). One schema for the form, the local command and the
 * server resolver. Its output is what is stored and sent: prices as decimal strings with two places (a typed
 * comma becomes a dot, '12,5' → '12.50'), quantity a whole number, an empty supplier price null.
 */
export const PRODUCT_TYPES = ['SALE', 'INTERNAL'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** quantity is an integer column: nine digits always fit. */
const QUANTITY_PATTERN = /^\d{1,9}$/;

const trimmed = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
);

export const productNameSchema = v.pipe(trimmed, v.nonEmpty('product.enterName'), v.maxLength(120, 'validation.text.tooLong'));

/** 'Enter product manufacturer': a 24-hex id (a manufacturer of the salon; the command and server check which). */
const manufacturerSchema = v.pipe(trimmed, v.regex(ID_PATTERN, 'product.enterManufacturer'));

const codeSchema = v.pipe(trimmed, v.maxLength(60, 'validation.text.tooLong'));

/** Digits only ('Enter number of available items'); typed as text in the form, a number once parsed. */
export const quantitySchema = v.pipe(
  v.union([v.number(), v.string()], 'product.enterQuantity'),
  v.transform((q) => String(q).trim()),
  v.regex(QUANTITY_PATTERN, 'product.enterQuantity'),
  v.transform(Number),
);

/** A required price as typed: digits and one comma or dot, at most two decimals (src/domain/rules/money.ts). */
export const productPriceSchema = v.pipe(
  v.string('product.enterPrice'),
  v.check((s) => parsePrice(s) !== null, 'product.enterPrice'),
  v.check((s) => !priceTooLarge(s), 'validation.price.tooLarge'),
  v.transform((s) => centsToDecimal(parsePrice(s) ?? 0)),
);

/** Optional; when given, the same rule as the price ('Price contains invalid characters'); empty → null. */
export const supplierPriceSchema = v.pipe(
  trimmed,
  v.check((s) => s === '' || parsePrice(s) !== null, 'product.supplierPriceInvalid'),
  v.check((s) => !priceTooLarge(s), 'validation.price.tooLarge'),
  v.transform((s) => (s === '' ? null : centsToDecimal(parsePrice(s) ?? 0))),
);

const typeSchema = v.picklist(PRODUCT_TYPES, 'product.chooseType');

const productFields = {
  name: productNameSchema,
  manufacturer: manufacturerSchema,
  code: codeSchema,
  quantity: quantitySchema,
  price: productPriceSchema,
  supplierPrice: supplierPriceSchema,
  type: typeSchema,
};

/** The New Product and edit form (same rules; the values are the form's strings). */
export const productFormSchema = v.object(productFields);
export interface ProductFormValues {
  name: string;
  manufacturer: string;
  code: string;
  quantity: string;
  price: string;
  supplierPrice: string;
  /** '' until chosen. */
  type: ProductType | '';
}
export type ProductFields = v.InferOutput<typeof productFormSchema>;

/** addProduct: name, manufacturer, price, quantity, supplierPrice, code, type, salon; the id is made by the client (DESIGN.md §4). */
export const addProductSchema = v.object({ id: idSchema, salon: idSchema, ...productFields, command: optionalCommand });
export type AddProductInput = v.InferInput<typeof addProductSchema>;
/**
 * updateProduct: the same plus productId, and `quantityWas`, the count the edit form showed when it opened: with it
 * the quantity is an adjustment of the stock as it is now, not a value set over sales made meanwhile (decision 081).
 */
export const updateProductSchema = v.object({
  productId: idSchema,
  ...productFields,
  quantityWas: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999_999_999))), null),
  command: optionalCommand,
});
export type UpdateProductInput = v.InferInput<typeof updateProductSchema>;
export const deleteProductSchema = v.object({ productId: idSchema, command: optionalCommand });
export type DeleteProductInput = v.InferInput<typeof deleteProductSchema>;

/**
 * Names compare without case and outer spaces, within one manufacturer: two brands may both sell a
 * 'Shampoo 250 ml' (docs/decisions/025-product-names-per-manufacturer.md).
 */
export const sameProductName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** A product's form values from its row (prices shown with a comma where the user's language writes one). */
export function productFormValues(
  row: {
    name: string;
    manufacturerId: string | null;
    code: string;
    quantity: number;
    price: string;
    supplierPrice: string | null;
    type: ProductType;
  } | null,
  decimalMark: '.' | ',' = '.',
): ProductFormValues {
  const mark = (s: string) => (decimalMark === ',' ? s.replace('.', ',') : s);
  if (!row) return { name: '', manufacturer: '', code: '', quantity: '', price: '', supplierPrice: '', type: '' };
  return {
    name: row.name,
    manufacturer: row.manufacturerId ?? '',
    code: row.code,
    quantity: String(row.quantity),
    price: mark(row.price),
    supplierPrice: row.supplierPrice === null ? '' : mark(row.supplierPrice),
    type: row.type,
  };
}

/** Page size of getProducts (part 2 §9). */
export const PRODUCTS_PAGE_SIZE = 500;

/** getProducts(salon, search, manufacturersFilter, first = 500, after): `after` is the cursor of the last edge read. */
export const getProductsSchema = v.object({
  salon: idSchema,
  search: v.pipe(trimmed, v.maxLength(200, 'validation.text.tooLong')),
  manufacturersFilter: v.optional(v.nullable(v.array(idSchema)), null),
  first: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PRODUCTS_PAGE_SIZE))), PRODUCTS_PAGE_SIZE),
  after: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^\d{1,9}$/))), null),
});
