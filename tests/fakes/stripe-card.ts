import { cardError, child, FakeStripeError, invalidRequest, text, type FormObject } from './stripe-form';
import { newId, unixNow, type FakePaymentMethod } from './stripe-objects';

/**
 * The card Stripe.js sends when it confirms a SetupIntent (`payment_method_data[card][number]` …), checked as
 * Stripe's test mode does: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined, a number failing
 * the Luhn check is incorrect; 4000 0000 0000 0341 is set up but declines every charge; any other valid number is
 * accepted too.
 */
export const DECLINED_CARD = '4000000000000002';
/** Stripe's test card that is set up (attached) fine but whose every charge is declined. */
export const CHARGE_DECLINED_CARD = '4000000000000341';

/** The card number in `payment_method_data`, spaces and dashes taken out. */
export const cardNumberOf = (data: FormObject): string => (text(child(data, 'card') ?? {}, 'number') ?? '').replace(/[\s-]/g, '');

export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** A card PaymentMethod of `customer` from `payment_method_data`, or the card error Stripe would answer. */
export function cardPaymentMethod(data: FormObject, customer: string | null): FakePaymentMethod {
  if (text(data, 'type') !== 'card') throw invalidRequest('Only card payment methods are supported here.', 'payment_method_data[type]');
  const card = child(data, 'card') ?? {};
  const number = cardNumberOf(data);
  if (number === DECLINED_CARD) throw cardError('card_declined', 'Your card was declined.', '', 'generic_decline');
  if (!passesLuhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  const month = Number(text(card, 'exp_month'));
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
  const rawYear = Number(text(card, 'exp_year'));
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  const today = new Date();
  const expired = year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
  if (!Number.isInteger(year) || expired) throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  const cvc = text(card, 'cvc');
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  return {
    id: newId('pm'),
    object: 'payment_method',
    created: unixNow(),
    type: 'card',
    card: { brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: year, funding: 'credit', country: 'US' },
    customer,
    metadata: {},
    livemode: false,
  };
}

/** A card error as the confirm call answers it: the SetupIntent, as it now is, rides along (Stripe.js reads it). */
export function withIntent(error: unknown, intent: object): unknown {
  if (!(error instanceof FakeStripeError) || error.error.type !== 'card_error') return error;
  return new FakeStripeError(error.status, { ...error.error, setup_intent: structuredClone(intent) });
}
