import * as v from 'valibot';
import { ID_PATTERN } from '../ids';
import { centsToDecimal, decimalToCents, MAX_PRICE_CENTS, parsePrice, pricePerUse } from '../rules/money';
import { optionalCommand } from './command';
import { idSchema } from './salon';
import { SALE_PAYMENT_TYPES, type SalePaymentType } from './sale';

/**
 * Memberships (part 1 §2, §3, §5, §7, §8): a client buys a number of uses of one service for a price.
 * One schema per input, used by the New membership form, the `membership.add` command and the server.
 */

/** The `serial_number` column is an int4. */
export const MAX_SERIAL_NUMBER = 999_999_999;
/** Far more than any membership is sold with; keeps price per use meaningful. */
export const MAX_USES = 10_000;

/** A chosen id; empty or malformed shows the field's own message. */
const picked = (message: string) =>
  v.pipe(
    v.unknown(),
    v.check((s) => typeof s === 'string' && ID_PATTERN.test(s), message),
    v.transform((s) => s as string),
  );

/** A whole number typed as text or sent as a number, from 1 to `max`. */
const wholeNumber = (message: string, max: number) =>
  v.pipe(
    v.union([v.number(), v.string()], message),
    v.transform((n) => String(n).trim()),
    v.regex(/^\d{1,9}$/, message),
    v.transform(Number),
    v.minValue(1, message),
    v.maxValue(max, message),
  );

export const membershipSerialSchema = wholeNumber('membership.enterSerialNumber', MAX_SERIAL_NUMBER);
export const membershipUsesSchema = wholeNumber('membership.enterUses', MAX_USES);

/** The price as typed (comma or dot, two decimals) → the row format '120.00' ('Enter price of the membership'). */
export const membershipPriceSchema = v.pipe(
  v.string('membership.enterPrice'),
  v.transform(parsePrice),
  v.check((c) => c !== null, 'membership.enterPrice'),
  v.check((c) => (c as number) <= MAX_PRICE_CENTS, 'validation.price.tooLarge'),
  v.transform((c) => centsToDecimal(c as number)),
);

const formFields = {
  client: picked('membership.selectClient'),
  service: picked('membership.selectService'),
  serialNumber: membershipSerialSchema,
  quantity: membershipUsesSchema,
  price: membershipPriceSchema,
  /** How the client paid: cash, card or gift card, as a sale is paid (decision 071). */
  paymentType: v.picklist(SALE_PAYMENT_TYPES, 'membership.selectPaymentType'),
};

/** The New membership form; field names are the mutation's, so a refusal lands on the same field. */
export const membershipFormSchema = v.object(formFields);
export interface MembershipFormValues {
  client: string | null;
  service: string | null;
  serialNumber: string;
  quantity: string;
  price: string;
  paymentType: SalePaymentType | '';
  /** ISO instant, pre-filled with now when the form opens (part 1 §5). */
  createdAt: string;
}

/** The decimal price per use of a row-format price and a number of uses ('100.00', 3 → '33.33'). */
export const pricePerUseOf = (price: string, uses: number): string => centsToDecimal(pricePerUse(decimalToCents(price), uses));

/**
 * createMembership: salon, client, service, author, price, quantity, createdAt, pricePerUse, serialNumber
 * (part 1 §7). The id is made by the client (DESIGN.md §4). The author is always the caller: a sent one is
 * ignored. A sent pricePerUse must be the price divided by the uses (it is computed, never typed).
 */
export const createMembershipSchema = v.pipe(
  v.object({
    id: idSchema,
    salon: idSchema,
    ...formFields,
    createdAt: v.pipe(v.string('validation.date.invalid'), v.isoTimestamp('validation.date.invalid')),
    pricePerUse: v.optional(v.nullable(v.string()), null),
    author: v.optional(v.nullable(v.string()), null),
    command: optionalCommand,
  }),
  v.forward(
    v.check(
      (m) => m.pricePerUse === null || parsePrice(m.pricePerUse) === decimalToCents(pricePerUseOf(m.price, m.quantity)),
      'membership.pricePerUseMismatch',
    ),
    ['pricePerUse'],
  ),
  v.transform(({ pricePerUse: _sent, author: _author, ...m }) => ({ ...m, pricePerUse: pricePerUseOf(m.price, m.quantity) })),
);
export type CreateMembershipInput = v.InferInput<typeof createMembershipSchema>;

/** deleteMembership: id (part 1 §7). */
export const deleteMembershipSchema = v.object({ id: idSchema, command: optionalCommand });
export type DeleteMembershipInput = v.InferInput<typeof deleteMembershipSchema>;

/** 'Serial number is pre-filled as highest existing plus one, or 1' (part 1 §5). */
export const nextSerialNumber = (existing: Iterable<{ serialNumber: number }>): number => {
  let highest = 0;
  for (const m of existing) highest = Math.max(highest, m.serialNumber);
  return Math.min(highest + 1, MAX_SERIAL_NUMBER);
};
