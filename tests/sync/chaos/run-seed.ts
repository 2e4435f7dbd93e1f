import { configureApi } from '../../../src/api/config';
import type { Transport } from '../../../src/sync/transport';
import type { Backend } from '../../helpers/server';
import type { EngineClient } from '../support/engine-client';
import { attempt } from './attempt';
import { Rng } from '../support/prng';
import { faulty, newFaultStats, type FaultState } from '../support/faulty-transport';
import { before, check, type Device } from './invariants';
import { routed, type ChaosServers } from './servers';
import type { SeedReport } from './tally';
import { seedSalon } from './world';

export interface SeedOptions {
  devices: number;
  commands: number;
  /** Some syncs run in the background while the device keeps writing (then a replay also depends on timing). */
  background: boolean;
}

/** Opens a device (a browser profile with its engine) on the salon, its transport wrapped. */
export type OpenDevice = (salonId: string, wrap: (t: Transport) => Transport) => EngineClient;
type ChaosDevice = Device & FaultState & { c: EngineClient; server: number };

/** A seed's salon (world.ts), set up by a device of the owner's own on the first instance. */
export const seedOwnerSalon = (servers: ChaosServers, open: OpenDevice, rng: Rng) =>
  seedSalon(
    servers.live(),
    (fx) => {
      configureApi({ getToken: () => fx.owner.token, getRole: () => 'ADMIN', onUnauthenticated: () => {} });
      return open(fx.salonId, (real) => routed(real, () => servers.url(0)));
    },
    rng.fork(99),
  );

/**
 * One seed of the chaos (DESIGN.md §9 "sync"): a fresh salon, `devices` browser profiles signed in as the
 * owner making `commands` random commands each on what their mirrors show, with offline windows, lost and
 * repeated deliveries, small pull pages, background syncs, server instances stopped and started again (a
 * restart) and, with two instances, devices switching between them. Then everything comes back, every device
 * syncs until its outbox is empty, and the invariants are counted.
 */
export async function runSeed(
  backend: Backend,
  servers: ChaosServers,
  open: OpenDevice,
  seed: number,
  o: SeedOptions,
): Promise<SeedReport> {
  const started = Date.now();
  const rng = new Rng(seed);
  const f = await seedOwnerSalon(servers, open, rng);
  const mismatches: string[] = [];
  let step = 0;
  let restarts = 0;
  let switches = 0;
  let localRefusals = 0;

  const zs: ChaosDevice[] = [];
  for (let i = 0; i < o.devices; i++) {
    const c = open(f.salonId, (real) =>
      faulty(
        () => zs[i] as ChaosDevice,
        () => step,
        rng.fork(i + 1),
        mismatches,
      )(routed(real, () => servers.url((zs[i] as ChaosDevice).server))),
    );
    zs.push({
      index: i,
      c,
      db: c.db,
      engine: c.engine,
      clientId: await c.db.clientId(),
      queued: new Map(),
      offlineUntil: 0,
      faults: true,
      stats: newFaultStats(),
      server: i % servers.count,
    });
  }
  for (const z of zs) await z.c.sync();
  const was = await before(servers.live(), f.salonId);

  const down = () => Array.from({ length: servers.count }, (_, i) => i).filter((i) => !servers.isUp(i));
  const remaining = zs.map(() => o.commands);
  // Every seed restarts an instance at least once, early enough for commands to follow (the random stops
  // alone left the integration suite's 3 seeds without any).
  const commandsInAll = o.commands * o.devices;
  const forcedStopAt = rng.fork(7).between(Math.max(1, Math.floor(commandsInAll / 5)), Math.max(2, Math.floor(commandsInAll / 2)));
  while (remaining.some((n) => n > 0)) {
    step += 1;
    const z = rng.pick(zs.filter((x) => (remaining[x.index] as number) > 0));
    const stopped = down();
    const action =
      step === forcedStopAt && stopped.length === 0
        ? 'stop'
        : rng.weighted({
            command: 80,
            sync: 13,
            offline: 4,
            settle: 3,
            switch: servers.count > 1 ? 3 : 0,
            stop: stopped.length ? 0 : 0.5,
            start: stopped.length ? 12 : 0,
          });
    if (action === 'command') {
      remaining[z.index] = (remaining[z.index] as number) - 1;
      if ((await attempt(z, rng, f, step)) === 'refused') localRefusals += 1;
    } else if (action === 'sync') {
      if (o.background && rng.chance(0.4)) z.c.engine.kick();
      else await z.c.sync();
    } else if (action === 'offline') {
      if (step >= z.offlineUntil) z.offlineUntil = step + rng.between(10, 120);
    } else if (action === 'settle') {
      await z.c.engine.idle();
    } else if (action === 'switch') {
      z.server = (z.server + 1) % servers.count;
      switches += 1;
    } else if (action === 'stop') {
      // Background syncs may be mid-request: they get whatever a stopping server gives them.
      await servers.stop(rng.int(servers.count));
      restarts += 1;
    } else {
      await servers.start(rng.pick(stopped));
    }
  }

  // --- everything back, no more faults: sync until every outbox is empty, then once more to see the rest ---
  for (const i of down()) await servers.start(i);
  for (const z of zs) {
    z.offlineUntil = 0;
    z.faults = false;
  }
  await Promise.all(zs.map((z) => z.c.engine.idle()));
  for (let round = 0; round < 10; round++) {
    for (const z of zs) await z.c.sync();
    if ((await Promise.all(zs.map((z) => z.c.db.outbox.count()))).every((n) => n === 0)) break;
  }
  for (const z of zs) await z.c.sync();

  const { tally, problems } = await check(servers.live(), f, zs, was, mismatches);
  Object.assign(tally, { seeds: 1, localRefusals, restarts, switches, ms: Date.now() - started });
  return { backend, seed, tally, problems };
}
