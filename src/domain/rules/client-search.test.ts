import { describe, expect, it } from 'vitest';
import { clientMatcher, compareClientNames, summarizeClients } from './client-search';

const anna = { firstName: 'Anna', lastName: 'Bērziņa', phone: '+37120000001', notes: 'Prefers mornings' };
const juris = { firstName: 'Juris', lastName: 'Ozols', phone: null, notes: '' };

describe('clientMatcher', () => {
  it.each([
    ['', anna, true],
    ['anna', anna, true],
    ['ANNA berzina', anna, true],
    ['mornings', anna, true],
    ['2000 0001', anna, true],
    ['+371 2000', anna, true],
    ['anna ozols', anna, false],
    ['juris', anna, false],
    ['2000', juris, false],
    ['ozols', juris, true],
  ])('%j on %j → %s', (query, client, expected) => {
    expect(clientMatcher(query)(client)).toBe(expected);
  });
});

describe('compareClientNames', () => {
  it('orders by first name, then last name, in the language', () => {
    const list = [juris, anna, { ...anna, lastName: 'Apse' }];
    expect(list.sort(compareClientNames('lv')).map((c) => c.lastName)).toEqual(['Apse', 'Bērziņa', 'Ozols']);
  });
});

describe('summarizeClients', () => {
  it('counts males, females and everyone', () => {
    expect(summarizeClients([{ gender: 'MALE' }, { gender: 'FEMALE' }, { gender: 'FEMALE' }, { gender: null }])).toEqual({
      total: 4,
      males: 1,
      females: 2,
    });
  });
});
