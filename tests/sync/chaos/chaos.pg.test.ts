import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/server';
import { runSeed } from './run-seed';
import { useChaosDevices } from './suite';
import { addTally, emptyTally, missed, summary, TARGETS, type SeedReport } from './tally';

/**
 * Chaos over every command (DESIGN.md §9 "sync", issue 16 item 8, issue 56 item 3): seeded runs of several devices
 * making random booking, client, invoice, payment, membership, sale, settings, schedule, cabinet, service, master,
 * administrator, manufacturer and product commands through the real
 * engine against real server instances that restart (and, on PostgreSQL, two instances on one database).
 * Each seed ends with its invariants counted (tally.ts); any seed missing a target fails the run and is
 * printed with its replay command.
 *
 * The integration suite runs CHAOS_SEEDS (3) seeds; `npm run chaos` runs 1 000. CHAOS_SEED=n replays one
 * seed, CHAOS_FIRST_SEED moves the range, CHAOS_BACKEND=pglite|postgres picks a backend, CHAOS_DEVICES (3)
 * and CHAOS_COMMANDS (15 per device) change a seed's size, CHAOS_BACKGROUND=0 awaits every sync (a closer
 * replay: with background syncs the interleaving also depends on timing).
 */
const envInt = (name: string, fallback: number) => (process.env[name] ? Number.parseInt(process.env[name] as string, 10) : fallback);
const FIRST = envInt('CHAOS_FIRST_SEED', 1);
const SEEDS = process.env.CHAOS_SEED ? [envInt('CHAOS_SEED', 1)] : Array.from({ length: envInt('CHAOS_SEEDS', 3) }, (_, k) => FIRST + k);
const OPTIONS = {
  devices: envInt('CHAOS_DEVICES', 3),
  commands: envInt('CHAOS_COMMANDS', 15),
  background: process.env.CHAOS_BACKGROUND !== '0',
};
const BACKENDS = backends(import.meta.url).filter((b) => !process.env.CHAOS_BACKEND || b === process.env.CHAOS_BACKEND);
const VERBOSE = process.env.CHAOS_VERBOSE === '1';

const replay = (r: SeedReport) => {
  const size = [
    OPTIONS.devices !== 3 ? `CHAOS_DEVICES=${OPTIONS.devices} ` : '',
    OPTIONS.commands !== 15 ? `CHAOS_COMMANDS=${OPTIONS.commands} ` : '',
  ].join('');
  // PostgreSQL needs the same server: the variable as set in the shell that ran this (never printed: it may hold a password).
  const database = r.backend === 'postgres' ? 'DATABASE_URL=$DATABASE_URL ' : '';
  return `${database}CHAOS_SEED=${r.seed} CHAOS_BACKEND=${r.backend} ${size}npm run chaos`;
};

describe.each(BACKENDS)('chaos over every command on %s', (backend) => {
  const { servers, open, closeAll } = useChaosDevices(backend);

  it(
    `${SEEDS.length} seeds of ${OPTIONS.devices} devices × ${OPTIONS.commands} commands: nothing lost, applied twice, unequal or overspent`,
    async () => {
      const total = emptyTally();
      const failed: SeedReport[] = [];
      for (const seed of SEEDS) {
        let report: SeedReport;
        try {
          report = await runSeed(backend, servers(), open, seed, OPTIONS);
        } finally {
          await closeAll();
        }
        addTally(total, report.tally);
        if (missed(report.tally)) {
          failed.push(report);
          console.error(
            `chaos seed ${seed} on ${backend} missed a target:\n  ${report.problems.slice(0, 12).join('\n  ')}\n  replay: ${replay(report)}`,
          );
        } else if (VERBOSE) {
          console.log(`chaos seed ${seed} on ${backend}: ${JSON.stringify(report.tally)}`);
        }
      }
      console.log(summary(backend, total));
      for (const r of failed)
        console.log(
          `  failed seed ${r.seed}: ${TARGETS.filter((k) => r.tally[k] > 0)
            .map((k) => `${k} ${r.tally[k]}`)
            .join(', ')}; replay: ${replay(r)}`,
        );
      expect(failed.map((r) => ({ seed: r.seed, replay: replay(r), problems: r.problems.slice(0, 5) }))).toEqual([]);
    },
    24 * 3600_000,
  );
});
