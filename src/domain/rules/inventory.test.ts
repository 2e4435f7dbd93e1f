import { describe, expect, it } from 'vitest';
import { filterInventory, inventoryItems, stockAfterEdit } from './inventory';

const W = 'a'.repeat(24);
const S = 'b'.repeat(24);
const product = (name: string, manufacturerId: string | null, code = '') => ({ name, manufacturerId, code });
const names = new Map([
  [W, 'Wella'],
  [S, 'Schwarzkopf'],
]);
const products = [
  product('Šampūns 250 ml', W, 'W-250'),
  product('Conditioner', S, 'S-100'),
  product('Hair oil', null),
  product('Balm', S, 'S-7'),
  product('Product 2', W),
  product('Product 10', W),
];
const items = inventoryItems(products, names, 'en');
const shown = (manufacturers: string[], query: string) =>
  filterInventory(items, { manufacturers: new Set(manufacturers), query }).map((r) => r.product.name);

describe('inventory list', () => {
  it('lists every product in name order (numbers in order) with its manufacturer name when nothing is chosen', () => {
    expect(shown([], '')).toEqual(['Balm', 'Conditioner', 'Hair oil', 'Product 2', 'Product 10', 'Šampūns 250 ml']);
    expect(items.map((r) => r.manufacturerName)).toEqual(['Schwarzkopf', 'Schwarzkopf', '', 'Wella', 'Wella', 'Wella']);
  });
  it('keeps only the chosen manufacturers (a product without one never matches a filter)', () => {
    expect(shown([S], '')).toEqual(['Balm', 'Conditioner']);
    expect(shown([S, W], '')).toHaveLength(5);
  });
  it('every word must appear in the name, code or manufacturer, ignoring case and accents; combined with the filter', () => {
    expect(shown([], 'sampuns')).toEqual(['Šampūns 250 ml']);
    expect(shown([], 's-100')).toEqual(['Conditioner']);
    expect(shown([], 'WELLA 250')).toEqual(['Šampūns 250 ml']);
    expect(shown([], 'product 1')).toEqual(['Product 10']);
    expect(shown([W], 'balm')).toEqual([]);
    expect(shown([], 'nothing')).toEqual([]);
  });
});

describe('stockAfterEdit', () => {
  it('adds the difference typed to the stock as it is now when the form says what it showed', () => {
    // Shown 5, typed 7 (two received); three were sold meanwhile: 2 + 2.
    expect(stockAfterEdit(2, { quantity: 7, quantityWas: 5 })).toBe(4);
    // Only the name or price changed: the stock stays as it is now.
    expect(stockAfterEdit(2, { quantity: 5, quantityWas: 5 })).toBe(2);
  });
  it('sets the quantity as typed without it', () => {
    expect(stockAfterEdit(2, { quantity: 7 })).toBe(7);
    expect(stockAfterEdit(2, { quantity: 7, quantityWas: null })).toBe(7);
  });
});
