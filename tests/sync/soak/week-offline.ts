import { writeFileSync } from 'node:fs';
import type { Transport } from '../../../src/sync/transport';
import { transient, type EngineClient } from '../support/engine-client';
import { Rng } from '../support/prng';
import { attempt } from '../chaos/attempt';
import { before, check, type Device } from '../chaos/invariants';
import { seedOwnerSalon, type OpenDevice } from '../chaos/run-seed';
import { routed, type ChaosServers } from '../chaos/servers';
import type { Tally } from '../chaos/tally';

export interface WeekOptions {
  seed: number;
  days: number;
  /** Commands the offline tablet makes each salon day. */
  offlinePerDay: number;
  /** Commands the online tablet makes each day, syncing as it goes. */
  onlinePerDay: number;
}

export interface WeekReport {
  tally: Tally;
  problems: string[];
  /** Commands the offline tablet queued over the week, and those it refused itself before queueing. */
  offlineQueued: number;
  offlineLocalRefusals: number;
  /**
   * From the tablet's return to its outbox empty (pushes, and the pulls that re-base what is still queued):
   * `serverMs` of it waiting for the server's answers over `requests` requests, the rest the device's own work.
   */
  drain: { ms: number; serverMs: number; requests: number };
  /** The tablet's outbox rows before the drain (a command with a form keeps one row). */
  backlog: number;
  /** The offline tablet's refusals by command and reason: what its conflicts list shows. */
  refusals: Record<string, number>;
}

/** WEEK_PROFILE=file: the drain's CPU profile (client and in-process server), for Chromium's DevTools. */
async function startProfile(): Promise<(file: string) => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

interface Network {
  offline: boolean;
  /** Milliseconds spent waiting for the server's answers (pushes and pulls), and the requests. */
  waitedMs: number;
  requests: number;
}

/** A network that is off while `net.offline`: every push and pull fails as a lost connection does. */
const switchable =
  (net: Network) =>
  (real: Transport): Transport => {
    const timed = async <T>(request: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      net.requests += 1;
      try {
        return await request();
      } finally {
        net.waitedMs += performance.now() - started;
      }
    };
    return {
      ...real,
      send: (clientId, entry) => (net.offline ? Promise.resolve(transient('offline')) : timed(() => real.send(clientId, entry))),
      ...(real.sendBatch && {
        sendBatch: (clientId: string, entries: Parameters<NonNullable<Transport['sendBatch']>>[1]) =>
          net.offline ? Promise.resolve([transient('offline')]) : timed(async () => (await real.sendBatch?.(clientId, entries)) ?? []),
      }),
      pull: (salonId, cursor, limit) =>
        net.offline ? Promise.reject(new Error('offline')) : timed(() => real.pull(salonId, cursor, limit)),
    };
  };

/**
 * A week offline (issue 56 item 4): one tablet of a busy front desk loses its connection for `days` salon days and
 * keeps working (bookings, moves, invoices, payments, sales, clients, memberships, the salon's setup), while a
 * second tablet, online on the other server instance where there are two, works on the same salon and syncs as it
 * goes. Then the first comes back: its backlog drains (timed), every device settles, and the chaos run's checks
 * count what was lost, applied twice, unequal or overspent (tests/sync/chaos/invariants.ts).
 */
export async function runWeekOffline(servers: ChaosServers, open: OpenDevice, o: WeekOptions): Promise<WeekReport> {
  const rng = new Rng(o.seed);
  const f = await seedOwnerSalon(servers, open, rng);
  const network: Network[] = [0, 1].map(() => ({ offline: false, waitedMs: 0, requests: 0 }));
  const tablets: Array<Device & { c: EngineClient }> = [];
  for (const [index, state] of network.entries()) {
    const c = open(f.salonId, (real) => switchable(state)(routed(real, () => servers.url(index % servers.count))));
    tablets.push({ index, c, db: c.db, engine: c.engine, clientId: await c.db.clientId(), queued: new Map() });
  }
  for (const z of tablets) await z.c.sync();
  const was = await before(servers.live(), f.salonId);
  const [away, desk] = tablets as [Device & { c: EngineClient }, Device & { c: EngineClient }];

  const awayNet = network[0] as Network;
  awayNet.offline = true;
  let step = 0;
  let offlineLocalRefusals = 0;
  for (let day = 0; day < o.days; day++) {
    const left = [o.offlinePerDay, o.onlinePerDay];
    while ((left[0] as number) + (left[1] as number) > 0) {
      step += 1;
      const i = rng.int((left[0] as number) + (left[1] as number)) < (left[0] as number) ? 0 : 1;
      left[i] = (left[i] as number) - 1;
      // Each salon day books mostly its next three days, as a desk does.
      const outcome = await attempt(i === 0 ? away : desk, rng, f, step, [day + 1, day + 2, day + 3]);
      if (i === 0 && outcome === 'refused') offlineLocalRefusals += 1;
      if (i === 1 && rng.chance(0.2)) await desk.c.sync();
    }
    await desk.c.sync();
  }

  // Back online: the backlog drains.
  const backlog = await away.db.outbox.count();
  awayNet.offline = false;
  Object.assign(awayNet, { waitedMs: 0, requests: 0 });
  const profile = process.env.WEEK_PROFILE ? await startProfile() : null;
  const started = performance.now();
  for (let round = 0; round < 50 && (await away.db.outbox.count()) > 0; round++) await away.c.sync();
  const drainMs = performance.now() - started;
  await profile?.(process.env.WEEK_PROFILE as string);
  const drain = { ms: drainMs, serverMs: awayNet.waitedMs, requests: awayNet.requests };
  for (let round = 0; round < 3; round++) for (const z of tablets) await z.c.sync();

  const refusals: Record<string, number> = {};
  for (const c of await away.db.conflicts.toArray())
    refusals[`${c.name} ${c.error.reason}`] = (refusals[`${c.name} ${c.error.reason}`] ?? 0) + 1;
  const { tally, problems } = await check(servers.live(), f, tablets, was, []);
  return { tally, problems, offlineQueued: away.queued.size, offlineLocalRefusals, drain, backlog, refusals };
}
