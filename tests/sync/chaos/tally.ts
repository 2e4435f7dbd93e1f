import type { Backend } from '../../helpers/server';

/**
 * The figures of one seed, and of a whole run. The five targets are 0: `lost` (a queued command neither
 * confirmed nor refused as exactly one conflict), `appliedTwice` (a write beyond one per confirmed command),
 * `unequalClients` (a device whose mirror is not the server's once all settled), `stockOverspent` (a product
 * below zero or not at its initial stock minus the units confirmed sold), `membershipOverspent` (a membership
 * with more uses than bought, or not at the number of confirmed payments with it). `problems` say which.
 */
export interface Tally {
  seeds: number;
  queued: number;
  applied: number;
  refused: number;
  localRefusals: number;
  /** Refusals of the races the chaos is after: the last units of stock, the last use of a membership. */
  lastUnitRefusals: number;
  lastUseRefusals: number;
  restarts: number;
  switches: number;
  lost: number;
  appliedTwice: number;
  unequalClients: number;
  stockOverspent: number;
  membershipOverspent: number;
  ms: number;
}

export const TARGETS = ['lost', 'appliedTwice', 'unequalClients', 'stockOverspent', 'membershipOverspent'] as const;

export const emptyTally = (): Tally => ({
  seeds: 0,
  queued: 0,
  applied: 0,
  refused: 0,
  localRefusals: 0,
  lastUnitRefusals: 0,
  lastUseRefusals: 0,
  restarts: 0,
  switches: 0,
  lost: 0,
  appliedTwice: 0,
  unequalClients: 0,
  stockOverspent: 0,
  membershipOverspent: 0,
  ms: 0,
});

export function addTally(into: Tally, one: Tally): void {
  for (const key of Object.keys(into) as Array<keyof Tally>) into[key] += one[key];
}

export const missed = (t: Tally) => TARGETS.some((k) => t[k] > 0);

export interface SeedReport {
  backend: Backend;
  seed: number;
  tally: Tally;
  problems: string[];
}

/** The line a run prints at its end. */
export function summary(backend: Backend, t: Tally): string {
  const perSeed = t.seeds ? (t.ms / 1000 / t.seeds).toFixed(2) : '-';
  return [
    `chaos on ${backend}: seeds run ${t.seeds} (${perSeed} s per seed, ${(t.ms / 1000).toFixed(0)} s)`,
    `  commands queued ${t.queued}: applied ${t.applied}, refused ${t.refused} (and ${t.localRefusals} refused on the device before queueing)`,
    `  races lost on the server: last units of stock ${t.lastUnitRefusals}, last membership use ${t.lastUseRefusals}`,
    `  server restarts ${t.restarts}, devices switching instance ${t.switches}`,
    `  lost ${t.lost} (target 0), applied twice ${t.appliedTwice} (target 0), clients unequal to the server ${t.unequalClients} (target 0)`,
    `  stock overspent ${t.stockOverspent} (target 0), membership uses overspent ${t.membershipOverspent} (target 0)`,
  ].join('\n');
}
