import * as v from 'valibot';
import { centsToDecimal, normalizeDecimal, parsePrice, priceTooLarge } from '../rules/money';
import { isCalendarDate } from '../rules/time';
import { optionalCommand } from './command';
import { idSchema } from './salon';

/** Closing the till (issue 59 item 3): the form and the command. Messages are catalog ids. */
export const MAX_CASH_UP_NOTE = 500;

/** 'Enter the cash counted': as typed, comma or dot, two decimals at most → '412.50'. Zero is a count. */
const countedSchema = v.pipe(
  v.string('cashUp.enterCounted'),
  v.check((s) => parsePrice(s) !== null, 'cashUp.enterCounted'),
  v.check((s) => !priceTooLarge(s), 'validation.price.tooLarge'),
  v.transform((s) => centsToDecimal(parsePrice(s) ?? 0)),
);

const noteSchema = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
  v.maxLength(MAX_CASH_UP_NOTE, 'validation.text.tooLong'),
);

export const cashUpFormSchema = v.object({ countedCash: countedSchema, note: noteSchema });
export interface CashUpFormValues {
  countedCash: string;
  note: string;
}
export const BLANK_CASH_UP_FORM: CashUpFormValues = { countedCash: '', note: '' };

/**
 * closeCashUp: a new id, the salon, the salon day, what was counted and a note. `expectedCash` is what the device's
 * mirror said the day's cash was, kept on its own row until the server answers; the server counts it afresh.
 */
export const closeCashUpSchema = v.object({
  id: idSchema,
  salon: idSchema,
  date: v.pipe(
    v.string('cashUp.dateInvalid'),
    v.check((d) => isCalendarDate(d), 'cashUp.dateInvalid'),
  ),
  ...cashUpFormSchema.entries,
  expectedCash: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^-?\d{1,10}(\.\d{1,2})?$/),
      v.transform((s) => normalizeDecimal(s)),
    ),
    '0.00',
  ),
  command: optionalCommand,
});
export type CloseCashUpInput = v.InferInput<typeof closeCashUpSchema>;
