/**
 * Money (DESIGN.md §4): exact decimals everywhere.
 * - the server stores numeric(12,2);
 * - synced rows and mutations carry a decimal string with two places ('12.50', src/domain/entities.ts);
 * - the client computes in integer cents (a `Cents` is a safe integer), never in float euros;
 * - screens show euros with two decimals in the user's locale (part 1 §1, §9).
 * Invoices, sales and memberships all total through here, so the client's sums equal the server's numeric ones.
 */
export type Cents = number;

/** numeric(12,2): at most ten digits before the point. */
export const MAX_CENTS: Cents = 999_999_999_999;

/** A money amount fits numeric(12,2) (either sign). */
export const fitsNumeric = (cents: Cents): boolean => Number.isSafeInteger(cents) && Math.abs(cents) <= MAX_CENTS;

function assertCents(cents: Cents, what = 'amount'): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${what} is not a whole number of cents: ${cents}`);
}

// Spaces people type or paste between thousands (space, no-break space, narrow no-break space, thin space).
const SPACES = /[\s\u00a0\u202f\u2009]/g;
const TYPED = /^(\d{0,10})(?:[.,](\d{0,2}))?$/;

/** The most any one price may be (€100 000): more is a typing slip, refused with its own message (issues 59, 60). */
export const MAX_PRICE_CENTS = 10_000_000;
/** A typed price that parses but is above MAX_PRICE_CENTS. */
export const priceTooLarge = (input: string): boolean => (parsePrice(input) ?? 0) > MAX_PRICE_CENTS;

/**
 * A price as a person types it → cents, or null when it is not one: '12', '12.5', '12,50', ',5', '1 234,50',
 * '€12.50', '12,50 €'. A comma or a dot is the decimal mark (lv and ru type commas, en dots); at most two
 * decimals, ten digits before the mark (numeric(12,2)); no sign, no thousands mark other than spaces.
 */
export function parsePrice(input: string): Cents | null {
  const text = input.replace(SPACES, '').replace(/^€|€$/g, '');
  const m = TYPED.exec(text);
  if (!m) return null;
  const whole = m[1] ?? '';
  const fraction = m[2] ?? '';
  if (!whole && !fraction) return null;
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents → the synced row format: '12.50', '0.05', '-3.40'. */
export function centsToDecimal(cents: Cents): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A decimal string as rows and the database carry it ('12.50', '12.5', '12', '-0.05') → cents. Throws on
 * anything else (more than two decimals included): such a value is a bug upstream, not user input.
 */
export function decimalToCents(value: string): Cents {
  const m = DECIMAL.exec(value.trim());
  if (!m) throw new RangeError(`not a money decimal: ${JSON.stringify(value)}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money decimal too large: ${value}`);
  return m[1] && cents !== 0 ? -cents : cents;
}

/** Normalises any decimal of the database to the row format ('12.5' → '12.50'). */
export const normalizeDecimal = (value: string): string => centsToDecimal(decimalToCents(value));

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Euros with two decimals in the user's locale: '€12.50' (en), '12,50 €' (lv, ru). Takes cents or a
 * row's decimal string. Dividing by 100 here only formats: |cents| ≤ MAX_CENTS is far inside a double's
 * exact range, so the two shown decimals are always the cents.
 */
export function formatEuros(amount: Cents | string, locale: string): string {
  const cents = typeof amount === 'string' ? decimalToCents(amount) : amount;
  assertCents(cents);
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(locale, format);
  }
  return format.format(cents / 100);
}

/**
 * `numerator / divisor` in whole cents, rounded half away from zero, exactly as PostgreSQL's
 * round(numeric, 2) rounds: 0.005 → 0.01, 33.335 → 33.34, -0.005 → -0.01.
 */
export function divideRounded(cents: Cents, divisor: number): Cents {
  assertCents(cents);
  if (!Number.isSafeInteger(divisor) || divisor <= 0) throw new RangeError(`divisor must be a positive whole number: ${divisor}`);
  const abs = Math.abs(cents);
  // floor((2a + d) / 2d) = round half up of a / d, in integers (2a + d stays far below 2^53 for numeric(12,2)).
  const rounded = Math.floor((2 * abs + divisor) / (2 * divisor));
  return cents < 0 ? -rounded : rounded;
}

/**
 * Price per use of a membership (part 1 §5): the price divided by the number of uses, to two decimals, rounded
 * half up (half away from zero) to the cent. 100.00 / 3 → 33.33, 0.05 / 2 → 0.03, 10.00 / 4 → 2.50. The uses
 * times the price per use may differ from the price by under one cent per use; the price is what was paid.
 */
export const pricePerUse = (priceCents: Cents, uses: number): Cents => divideRounded(priceCents, uses);

/** One item line: price × quantity, exact in cents. Throws if the product leaves the safe integers. */
export function lineTotal(priceCents: Cents, quantity: number): Cents {
  assertCents(priceCents, 'price');
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`quantity must be a whole number: ${quantity}`);
  const total = priceCents * quantity;
  assertCents(total, 'line total');
  return total;
}

/** A sum of cents; throws if it leaves the safe integers (it never silently loses a cent). */
export function sumCents(amounts: Iterable<Cents>): Cents {
  let total = 0;
  for (const amount of amounts) {
    assertCents(amount);
    total += amount;
    assertCents(total, 'total');
  }
  return total;
}

/** An invoice's or a sale's items as rows carry them. */
export interface PricedLine {
  /** Decimal string of the row format ('12.50'). */
  price: string;
  quantity: number;
}

/** Total of item lines (sum of price × quantity, part 1 §5 'total = sum of quantity times price') in cents. */
export const linesTotal = (lines: Iterable<PricedLine>): Cents =>
  sumCents([...lines].map((l) => lineTotal(decimalToCents(l.price), l.quantity)));

/** The decimal mark people of the locale type: ',' in lv and ru, '.' in en. */
export const decimalMarkOf = (locale: string): '.' | ',' =>
  new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';

/** A stored price ('12.50') as people of the locale type it, for a form's prefill: '12,50' in lv and ru. */
export function typedPrice(decimal: string, locale: string): string {
  return decimalMarkOf(locale) === ',' ? decimal.replace('.', ',') : decimal;
}

/** A line's discount (issue 59 item 5): a percentage of the line or an amount off it; null is none. */
export const DISCOUNT_TYPES = ['PERCENT', 'AMOUNT'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export interface Discounted {
  /** Null or absent: no discount (rows made before discounts have neither field). */
  discountType?: DiscountType | null;
  /** Decimal string of the row format: the percent ('12.50' is 12.5 %) or the amount in euros. */
  discount?: string | null;
}

/**
 * The cents a line's discount takes off its `gross` (price × quantity): a percentage rounded half away from zero to
 * the cent (as PostgreSQL's round(numeric, 2)), or the amount; never more than the line (a price edited below an
 * amount off leaves the line at zero) and never negative.
 */
export function discountCents(gross: Cents, line: Discounted): Cents {
  assertCents(gross, 'line');
  if (!line.discountType || !line.discount) return 0;
  const value = decimalToCents(line.discount);
  if (value <= 0 || gross <= 0) return 0;
  // A percent with two decimals is basis points: 12.50 % = 1 250 of 10 000; half away from zero in integers.
  const off = line.discountType === 'PERCENT' ? Number((BigInt(gross) * BigInt(Math.min(value, 10_000)) * 2n + 10_000n) / 20_000n) : value;
  return Math.min(off, gross);
}

/**
 * A discount as typed ('10%', '12,5 %', '5,50', '€5') or stored ('12.50') → cents (an amount) or basis points (a
 * percent); 0 when nothing is typed, null when it is not a number. The kind is the line's `discountType`.
 */
export function parseDiscount(text: string | null | undefined): number | null {
  const typed = (text ?? '').replace(SPACES, '').replace(/%$/, '');
  return typed ? parsePrice(typed) : 0;
}

/** The cents a line's discount takes off, with the discount as typed or stored; 0 while it is not a number. */
export function typedDiscountCents(gross: Cents, line: Discounted): Cents {
  const value = line.discountType ? parseDiscount(line.discount) : 0;
  return value ? discountCents(gross, { discountType: line.discountType, discount: centsToDecimal(value) }) : 0;
}

/** A line as it is paid: price × quantity less its discount. */
export function lineNet(priceCents: Cents, quantity: number, line: Discounted): Cents {
  const gross = lineTotal(priceCents, quantity);
  return gross - discountCents(gross, line);
}

/** The kind of a discount as typed: a percent when it ends with '%', else an amount; none when empty. */
export function discountTypeOf(text: string): DiscountType | null {
  const typed = text.replace(SPACES, '');
  if (!typed) return null;
  return typed.endsWith('%') ? 'PERCENT' : 'AMOUNT';
}

/** A stored discount as people of the locale type it: '10%', '12,50%', '5,50'; '' without one. */
export function typedDiscount(line: Discounted, locale: string): string {
  if (!line.discountType || !line.discount || decimalToCents(line.discount) === 0) return '';
  const value = typedPrice(line.discount, locale);
  return line.discountType === 'PERCENT' ? `${value}%` : value;
}

/** How a tip is paid (issue 59 item 5): in cash, into the till, or by card. */
export const TIP_PAYMENT_TYPES = ['CASH', 'CC'] as const;
export type TipPaymentType = (typeof TIP_PAYMENT_TYPES)[number];
