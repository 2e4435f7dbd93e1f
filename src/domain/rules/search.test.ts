import { describe, expect, it } from 'vitest';
import { fuzzyFilter } from './search';

const salons = [
  { name: 'Rose Beauty', owner: { lastName: 'Ozola', phone: '+37120000001' } },
  { name: 'Nail Studio', owner: { lastName: 'Bērziņa', phone: '+37129999999' } },
];
const keys = ['name', 'owner.lastName', 'owner.phone'];

describe('fuzzyFilter', () => {
  it('keeps everything for an empty query', () => {
    expect(fuzzyFilter(salons, keys, '  ')).toHaveLength(2);
  });
  it('finds by a typo within the threshold and by nested keys', () => {
    expect(fuzzyFilter(salons, keys, 'Rsoe Beauty').map((s) => s.name)).toEqual(['Rose Beauty']);
    expect(fuzzyFilter(salons, keys, 'Ozola').map((s) => s.name)).toEqual(['Rose Beauty']);
    expect(fuzzyFilter(salons, keys, '29999').map((s) => s.name)).toEqual(['Nail Studio']);
  });
  it('drops what is too far away', () => {
    expect(fuzzyFilter(salons, keys, 'xylophone')).toEqual([]);
  });
});
