/**
 * p50, p95 and the largest of some samples in ms, to one decimal. Nearest rank: p95 of 20 samples is the
 * 19th smallest; under 20 samples it is the largest.
 */
export function percentiles(values: number[]): { p50Ms: number; p95Ms: number; maxMs: number } {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const at = (q: number) => +(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN).toFixed(1);
  return { p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
}

/** The same with the number of samples first. */
export const summary = (values: number[]) => ({ runs: values.length, ...percentiles(values) });

/** The middle value (nearest rank, as `percentiles`), unrounded: for ratios. */
export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.5 * sorted.length) - 1)] ?? Number.NaN;
}
