import Fuse, { type IFuseOptions } from 'fuse.js';

/** Fuzzy search threshold of the spec (part 1 §5, part 2 §9). */
export const FUZZY_THRESHOLD = 0.3;

/** Items matching `query` by the given keys, best first; an empty query keeps every item in order. */
export function fuzzyFilter<T>(items: readonly T[], keys: IFuseOptions<T>['keys'], query: string): T[] {
  const q = query.trim();
  if (!q) return [...items];
  return new Fuse(items, { keys, threshold: FUZZY_THRESHOLD, ignoreLocation: true }).search(q).map((r) => r.item);
}
