import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, MAX_CENTS } from './money';
import { canArchiveSale, MAX_QUANTITY_OPTIONS, offeredProducts, quantitiesByProduct, quantityOptions, saleTotal } from './sale';
import { isAdministrator } from '../roles';

const product = (id: string, name: string, quantity: number, type: 'SALE' | 'INTERNAL' = 'SALE') => ({ id, name, quantity, type });

describe('who sells and archives (part 1 §6)', () => {
  it.each([
    ['ADMIN', false, true],
    ['ADMIN', true, true],
    ['SYSADMIN', false, true],
    ['MASTER', false, false],
    ['MASTER', true, false],
    ['SUPPLIER', false, false],
  ] as const)('%s (owner %s) sells: %s', (role, isOwner, expected) => {
    expect(isAdministrator({ role, isOwner })).toBe(expected);
  });

  it.each([
    ['ADMIN', false, false, false],
    ['ADMIN', false, true, true],
    ['ADMIN', true, false, true],
    ['SYSADMIN', false, false, true],
    ['MASTER', true, true, false],
  ] as const)('%s (owner %s, archive setting %s) archives a paid sale: %s', (role, isOwner, enableArchive, expected) => {
    expect(canArchiveSale({ role, isOwner }, { enableArchive })).toBe(expected);
  });
});

describe('offered products (part 1 §5)', () => {
  const products = [
    product('b', 'Balm', 3),
    product('a', 'Argan oil', 1),
    product('z', 'Empty', 0),
    product('i', 'Gloves', 50, 'INTERNAL'),
    product('s', 'Shampoo', 2),
  ];

  it('offers products for sale with stock above 0, by name, not those chosen on another row', () => {
    expect(offeredProducts(products, new Set(), null).map((p) => p.id)).toEqual(['a', 'b', 's']);
    expect(offeredProducts(products, new Set(['b']), null).map((p) => p.id)).toEqual(['a', 's']);
  });

  it("keeps the row's own product even when its stock ran out meanwhile", () => {
    expect(offeredProducts(products, new Set(['b']), 'z').map((p) => p.id)).toEqual(['a', 'z', 's']);
  });
});

describe('quantity options (part 1 §5)', () => {
  it.each([
    [3, null, [1, 2, 3]],
    [0, null, []],
    [1, null, [1]],
    [2, 5, [1, 2, 5]],
    [3, 2, [1, 2, 3]],
  ])('stock %d, chosen %s → %j', (stock, current, expected) => {
    expect(quantityOptions(stock, current)).toEqual(expected);
  });

  it('offers 1..100 when the stock is unknown, and never more than the cap', () => {
    expect(quantityOptions(null)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(quantityOptions(undefined)).toHaveLength(100);
    expect(quantityOptions(1_000_000)).toHaveLength(MAX_QUANTITY_OPTIONS);
  });
});

describe('total and stock', () => {
  it('sums quantity × price of the complete lines, in cents', () => {
    expect(
      saleTotal([
        { entity: 'a', quantity: 2, price: '12,5' },
        { entity: 'b', quantity: 3, price: '0.10' },
      ]),
    ).toBe(2530);
    expect(
      saleTotal([
        { entity: 'a', quantity: null, price: '12' },
        { entity: 'b', quantity: 1, price: 'x' },
        { entity: null, quantity: 1, price: '1' },
      ]),
    ).toBe(100);
    expect(saleTotal([])).toBe(0);
    expect(saleTotal([{ entity: 'a', quantity: 2, price: '9999999999.99' }])).toBeNull();
  });

  it('the total equals the exact decimal sum (BigInt reference) for any prices and quantities', () => {
    const line = fc.record({
      cents: fc.integer({ min: 1, max: 99_999_999 }),
      quantity: fc.integer({ min: 1, max: 1000 }),
      comma: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const typed = lines.map((l) => ({
          entity: 'p',
          quantity: l.quantity,
          price: l.comma ? centsToDecimal(l.cents).replace('.', ',') : centsToDecimal(l.cents),
        }));
        const exact = lines.reduce((sum, l) => sum + BigInt(l.cents) * BigInt(l.quantity), 0n);
        const total = saleTotal(typed);
        if (exact > BigInt(MAX_CENTS)) expect(total).toBeNull();
        else expect(BigInt(total as number)).toBe(exact);
      }),
    );
  });

  it('sums each product over its rows', () => {
    const lines = [
      { entity: 'a', quantity: 2 },
      { entity: 'b', quantity: 1 },
      { entity: 'a', quantity: 1 },
      { entity: null, quantity: 4 },
    ];
    expect([...quantitiesByProduct(lines)]).toEqual([
      ['a', 3],
      ['b', 1],
    ]);
  });
});
