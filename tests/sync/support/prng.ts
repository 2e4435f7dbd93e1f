/** A small seeded PRNG (mulberry32) for replayable fuzz runs: the same seed gives the same choices. */
export class Rng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /** The items in a random order (Fisher-Yates), a new array. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** Picks a key by weight. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as Array<[K, number]>;
    let r = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      r -= w;
      if (r < 0) return key;
    }
    return (entries.at(-1) as [K, number])[0];
  }

  /** A 24-character lowercase hex id (the product's id form), from this generator. */
  id(): string {
    let out = '';
    for (let i = 0; i < 3; i++) out += this.int(0x100000000).toString(16).padStart(8, '0');
    return out;
  }

  /** An independent generator derived from this seed (so background work does not shift the main sequence). */
  fork(salt: number): Rng {
    return new Rng(Math.imul(this.seed ^ 0x9e3779b9, 0x85ebca6b) + salt * 0x27d4eb2f);
  }
}
