import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  decimalToCents,
  divideRounded,
  fitsNumeric,
  formatEuros,
  lineTotal,
  linesTotal,
  MAX_CENTS,
  normalizeDecimal,
  parsePrice,
  pricePerUse,
  sumCents,
  typedPrice,
} from './money';

/** Reference arithmetic on decimal strings with BigInt: what PostgreSQL's numeric computes. */
const bigCents = (decimal: string): bigint => {
  const [whole, fraction = ''] = decimal.replace('-', '').split('.');
  const abs = BigInt(whole as string) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return decimal.startsWith('-') ? -abs : abs;
};
const cents = fc.integer({ min: 0, max: MAX_CENTS });
const signedCents = fc.integer({ min: -MAX_CENTS, max: MAX_CENTS });

describe('parsePrice (what a person types)', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,5', 1250],
    ['12,50', 1250],
    ['0.05', 5],
    [',5', 50],
    ['12.', 1200],
    ['  7,99 ', 799],
    ['1 234,50', 123450],
    ['1\u00a0234,50', 123450],
    ['€12.50', 1250],
    ['12,50 €', 1250],
    ['9999999999.99', MAX_CENTS],
    ['0', 0],
  ])('%j → %d cents', (typed, expected) => {
    expect(parsePrice(typed)).toBe(expected);
  });

  it.each(['', ' ', '.', ',', 'abc', '12.345', '1.234,50', '1,234.50', '-5', '+5', '12..5', '99999999999', '1e3', '12,5,0', '€'])(
    '%j → null',
    (typed) => {
      expect(parsePrice(typed)).toBeNull();
    },
  );

  it('reads back every amount it can show, with a dot or a comma', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const decimal = centsToDecimal(c);
        expect(parsePrice(decimal)).toBe(c);
        expect(parsePrice(decimal.replace('.', ','))).toBe(c);
      }),
    );
  });
});

describe('cents ⇄ decimal strings (the synced row format)', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [1250, '12.50'],
    [-340, '-3.40'],
    [-5, '-0.05'],
    [MAX_CENTS, '9999999999.99'],
  ])('%d ⇄ %s', (c, decimal) => {
    expect(centsToDecimal(c)).toBe(decimal);
    expect(decimalToCents(decimal)).toBe(c);
  });

  it.each([
    ['12.5', '12.50'],
    ['12', '12.00'],
    ['007.10', '7.10'],
    ['-0.00', '0.00'],
  ])('normalises the database form %s to %s', (raw, expected) => {
    expect(normalizeDecimal(raw)).toBe(expected);
  });

  it.each(['', '12,50', '1.234', 'abc', '1e3', '.5', '- 1.00'])('refuses %j as a row decimal', (bad) => {
    expect(() => decimalToCents(bad)).toThrow(RangeError);
  });

  it('refuses fractional cents', () => {
    expect(() => centsToDecimal(0.5)).toThrow(RangeError);
  });

  it('round-trips every numeric(12,2) value both ways and agrees with the BigInt reference', () => {
    fc.assert(
      fc.property(signedCents, (c) => {
        const decimal = centsToDecimal(c);
        expect(decimal).toMatch(/^-?\d+\.\d{2}$/);
        expect(decimalToCents(decimal)).toBe(c);
        expect(bigCents(decimal)).toBe(BigInt(c));
        expect(fitsNumeric(c)).toBe(true);
      }),
    );
  });
});

describe('formatEuros (user locale, two decimals)', () => {
  it.each([
    ['en', 1250, '€12.50'],
    ['en', '1234567.50', '€1,234,567.50'],
    ['lv', 1250, '12,50\u00a0€'],
    ['lv', '1234567.50', '1\u00a0234\u00a0567,50\u00a0€'],
    ['lv', '1234.50', '1234,50\u00a0€'],
    ['ru', '1234.50', '1\u00a0234,50\u00a0€'],
    ['ru', 5, '0,05\u00a0€'],
    ['en', -5, '-€0.05'],
    ['en', '20.00', '€20.00'],
  ] as const)('%s %j → %j', (locale, amount, expected) => {
    expect(formatEuros(amount, locale)).toBe(expected);
  });

  it('always shows exactly the cents, in every language', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom('en', 'lv', 'ru'), (c, locale) => {
        const shown = formatEuros(c, locale);
        expect(shown.replace(/\D/g, '')).toBe(String(c).padStart(3, '0'));
        expect(shown).toMatch(/\d[.,]\d{2}(?!\d)/);
      }),
    );
  });
});

describe('pricePerUse (price / uses, to the cent, half away from zero)', () => {
  it.each([
    [10000, 3, 3333],
    [10000, 4, 2500],
    [5, 2, 3],
    [1, 3, 0],
    [3334, 2, 1667],
    [6667, 2, 3334],
    [1000, 1, 1000],
    [0, 10, 0],
  ])('%d cents / %d uses → %d cents', (price, uses, expected) => {
    expect(pricePerUse(price, uses)).toBe(expected);
  });

  it('rounds negatives away from zero too', () => {
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(-10000, 3)).toBe(-3333);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %d uses', (uses) => {
    expect(() => pricePerUse(1000, uses)).toThrow(RangeError);
  });

  it('equals round-half-up of the exact quotient (BigInt reference) and is within half a cent per use', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 100_000 }), (price, uses) => {
        const p = BigInt(price);
        const q = BigInt(uses);
        const reference = (2n * p + q) / (2n * q);
        const perUse = pricePerUse(price, uses);
        expect(BigInt(perUse)).toBe(reference);
        expect(2 * Math.abs(perUse * uses - price)).toBeLessThanOrEqual(uses);
      }),
    );
  });
});

describe('line totals and sums', () => {
  it.each([
    [
      [
        { price: '0.10', quantity: 1 },
        { price: '0.20', quantity: 1 },
      ],
      30,
    ],
    [[{ price: '19.99', quantity: 3 }], 5997],
    [
      [
        { price: '0.07', quantity: 100 },
        { price: '1.15', quantity: 7 },
      ],
      1505,
    ],
    [[], 0],
  ])('%j → %d cents', (lines, expected) => {
    expect(linesTotal(lines)).toBe(expected);
  });

  it('never drifts by a cent: the sum of lines equals the numeric (BigInt) sum of price × quantity', () => {
    // Mostly everyday prices (up to 10 000 €), sometimes huge ones that must overflow loudly.
    const price = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 1_000_000 }), weight: 9 }, { arbitrary: cents, weight: 1 });
    const line = fc.record({ price: price.map(centsToDecimal), quantity: fc.integer({ min: 0, max: 10_000 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        const reference = lines.reduce((sum, l) => sum + bigCents(l.price) * BigInt(l.quantity), 0n);
        if (
          reference > BigInt(Number.MAX_SAFE_INTEGER) ||
          lines.some((l) => bigCents(l.price) * BigInt(l.quantity) > BigInt(Number.MAX_SAFE_INTEGER))
        ) {
          expect(() => linesTotal(lines)).toThrow(RangeError);
        } else {
          expect(BigInt(linesTotal(lines))).toBe(reference);
          expect(centsToDecimal(linesTotal(lines))).toBe(centsToDecimal(Number(reference)));
        }
      }),
    );
  });

  it('is exact where float euros are not', () => {
    const lines = Array.from({ length: 10 }, () => ({ price: '0.10', quantity: 1 }));
    expect(lines.reduce((s, l) => s + Number(l.price) * l.quantity, 0)).not.toBe(1);
    expect(linesTotal(lines)).toBe(100);
  });

  it('refuses to lose precision instead of rounding silently', () => {
    expect(() => lineTotal(MAX_CENTS, 100_000)).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => lineTotal(100, 1.5)).toThrow(RangeError);
    expect(fitsNumeric(MAX_CENTS + 1)).toBe(false);
  });
});

describe('typed price (a form prefill in the locale)', () => {
  it.each([
    ['en', '12.50'],
    ['lv', '12,50'],
    ['ru', '12,50'],
  ])('%s types 12.50 as %s', (locale, expected) => {
    expect(typedPrice('12.50', locale)).toBe(expected);
  });
});
