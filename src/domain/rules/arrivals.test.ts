import { describe, expect, it } from 'vitest';
import { arrivals } from './arrivals';

const rows = (...ids: string[]) => ids.map((id) => ({ id }));

describe('arrivals', () => {
  it('names the rows that were not there before and are not this device’s own', () => {
    const local = new Set(['mine']);
    expect(arrivals(new Set(['a']), rows('a', 'b', 'mine', 'c'), (id) => local.has(id)).map((r) => r.id)).toEqual(['b', 'c']);
  });
  it('says nothing about a day not seen before', () => {
    expect(arrivals(null, rows('a', 'b'), () => false)).toEqual([]);
  });
  it('says nothing when rows only went or stayed', () => {
    expect(arrivals(new Set(['a', 'b']), rows('a'), () => false)).toEqual([]);
  });
});
