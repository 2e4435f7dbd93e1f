import { print } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { openDatabase } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { PullDocument, PushCommandsDocument, SalonChangedDocument } from '../../../src/api/generated';
import { newId } from '../../../src/domain/ids';
import { freshDatabase } from '../fresh-database';
import { serverBenchCpu } from '../process-cpu';
import { bookingOf, enableOnlineBooking, slotQuery } from './cost-requests';
import { seedSalons, type Device } from './salons';
import { spawnInstance, type Instance } from './spawn-instance';

/*
 * The server's CPU time per request of each kind (issue 62 item 1): one instance in a process of its own, on
 * PostgreSQL; each kind is sent `count` times (after a warm-up of the same kind) from this process, a few at once,
 * and the instance's own CPU time over those requests (process.cpuUsage, user + system) is divided by their number.
 * CPU time holds on a noisy machine where wall times do not. A poke's cost is the extra CPU of pushes whose salon has
 * many sockets open, over the same pushes with none, per socket poked.
 */
const PUSH = print(PushCommandsDocument);
const PULL = print(PullDocument);
const SUBSCRIBE = print(SalonChangedDocument);
const SALONS = 50;
const CONCURRENCY = 4;

export interface CostOptions {
  /** Requests per kind (default 2 000). */
  count?: number;
  /** Node arguments of the instance, e.g. --cpu-prof. */
  nodeArgs?: string[];
}

interface Lane {
  device: Device;
  clientId: string;
  seq: number;
}

async function post(instance: Instance, device: Device, body: string) {
  const res = await fetch(`${instance.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${device.token}`, 'x-panel': 'frontend' },
    body,
  });
  const text = await res.text();
  if (res.status !== 200 || text.includes('"errors"')) throw new Error(`bench request failed: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

/** Runs `count` requests, CONCURRENCY at a time; request i goes to lane i mod CONCURRENCY, in order within a lane. */
async function spread(count: number, lanes: Lane[], send: (lane: Lane, i: number) => Promise<void>) {
  await Promise.all(
    lanes.slice(0, CONCURRENCY).map(async (_, l) => {
      for (let i = l; i < count; i += CONCURRENCY) await send(lanes[(i % lanes.length) as number] as Lane, i);
    }),
  );
}

/** The instance's CPU ms and statements per request of `send`, after a warm-up of `count / 4` of them. */
async function cost(kind: string, instance: Instance, count: number, lanes: Lane[], send: (lane: Lane, i: number) => Promise<void>) {
  await spread(Math.ceil(count / 4), lanes, send);
  const before = await instance.usage();
  const postgresBefore = serverBenchCpu()?.postgres ?? NaN;
  await instance.profile(kind, () => spread(count, lanes, send));
  const after = await instance.usage();
  const postgresAfter = serverBenchCpu()?.postgres ?? NaN;
  return {
    cpuMs: (after.cpuMs - before.cpuMs) / count,
    // PostgreSQL's processes over the same requests (the whole server's, so anything else it runs counts too).
    postgresMs: ((postgresAfter - postgresBefore) * 1000) / count,
    systemMs: (after.systemMs - before.systemMs) / count,
    statements: (after.statements - before.statements) / count,
  };
}

const round = (ms: number) => +ms.toFixed(3);

export async function requestCosts(base: string, options: CostOptions = {}) {
  const count = options.count ?? 2000;
  const databaseUrl = await freshDatabase(base, 'bench_cost');
  const database = await openDatabase({ databaseUrl });
  await migrate(database);
  const devices = await seedSalons(database, SALONS, SALONS);
  await enableOnlineBooking(database);
  await database.close();
  const instance = await spawnInstance(
    {
      port: 0,
      databaseUrl,
      // As `npm start` reads it: DATABASE_NAMED_STATEMENTS=off measures without the statements kept by name.
      namedStatements: !/^(0|false|off|no)$/i.test(process.env.DATABASE_NAMED_STATEMENTS ?? ''),
      rateLimits: { loginFailures: 10, perAddress: 1_000_000, windowSeconds: 60, bookingReads: 1_000_000_000 },
    },
    options.nodeArgs,
  );
  // Each lane is one device of its own salon: its pushes stay in seq order, and no two lanes book the same masters.
  const lanes = (n: number, from = 0): Lane[] => devices.slice(from, from + n).map((device) => ({ device, clientId: newId(), seq: 0 }));
  const push = (size: number) => async (lane: Lane) => {
    const commands = Array.from({ length: size }, (_, i) => ({
      name: 'appointment.create',
      seq: lane.seq + i + 1,
      input: bookingOf(lane.device),
    }));
    const { data } = await post(
      instance,
      lane.device,
      JSON.stringify({ query: PUSH, variables: { input: { clientId: lane.clientId, commands } } }),
    );
    const results = (data.pushCommands as { results: Array<{ ok: boolean; error: string | null }> }).results;
    if (results.some((r) => !r.ok)) throw new Error(`a bench booking was refused: ${results.find((r) => !r.ok)?.error}`);
    lane.seq += size;
  };
  const pull = async (lane: Lane, cursorBack: number) => {
    const rev = await salonRev(lane);
    await post(
      instance,
      lane.device,
      JSON.stringify({ query: PULL, variables: { input: { salon: lane.device.salonId, cursor: rev - cursorBack, limit: 5000 } } }),
    );
  };
  const revs = new Map<string, number>();
  const salonRev = async (lane: Lane) => {
    const known = revs.get(lane.device.salonId);
    if (known !== undefined) return known;
    const { data } = await post(
      instance,
      lane.device,
      JSON.stringify({ query: PULL, variables: { input: { salon: lane.device.salonId, cursor: 0, limit: 5000 } } }),
    );
    const rev = (data.pull as { salonRev: number }).salonRev;
    revs.set(lane.device.salonId, rev);
    return rev;
  };
  try {
    const figures = {
      singlePush: await cost('singlePush', instance, count, lanes(CONCURRENCY, 0), push(1)),
      batch20: await cost('batch20', instance, Math.ceil(count / 10), lanes(CONCURRENCY, CONCURRENCY), push(20)),
      emptyPull: await cost('emptyPull', instance, count, lanes(SALONS), (lane) => pull(lane, 0)),
      // A pull of the booking another device has just made: the salon's last rev.
      pullWithChanges: await cost('pullWithChanges', instance, count, lanes(SALONS), (lane) => pull(lane, 1)),
      freeSlots: await cost('freeSlots', instance, count, lanes(SALONS), async (lane) => {
        await post(instance, lane.device, slotQuery(lane.device));
      }),
      pokePerSocket: await pokeCost(instance, count, lanes(CONCURRENCY, 2 * CONCURRENCY), push(1)),
    };
    return {
      requests: count,
      cpuMsPerRequest: Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, round(v.cpuMs)])),
      // What the same requests cost PostgreSQL (every backend of this machine's server, from /proc; null elsewhere).
      postgresCpuMsPerRequest: Object.fromEntries(
        Object.entries(figures)
          .filter(([k]) => k !== 'pokePerSocket')
          .map(([k, v]) => [k, Number.isNaN(v.postgresMs) ? null : round(v.postgresMs)]),
      ),
      // How much of it the kernel took: on a virtual machine a socket's write to PostgreSQL or the caller costs here.
      systemMsPerRequest: Object.fromEntries(
        Object.entries(figures)
          .filter(([k]) => k !== 'pokePerSocket')
          .map(([k, v]) => [k, round(v.systemMs)]),
      ),
      statementsPerRequest: Object.fromEntries(
        Object.entries(figures)
          .filter(([k]) => k !== 'pokePerSocket')
          .map(([k, v]) => [k, +v.statements.toFixed(1)]),
      ),
    };
  } finally {
    await instance.stop();
  }
}

const SOCKETS_PER_SALON = 250;

/** Opens SOCKETS_PER_SALON sockets on each lane's salon; resolves once every one is subscribed. */
async function openSockets(instance: Instance, lanes: Lane[], pokes: { count: number }) {
  const clients: Client[] = [];
  const ready: Array<Promise<void>> = [];
  for (const lane of lanes)
    for (let s = 0; s < SOCKETS_PER_SALON; s++) {
      let connected: () => void = () => undefined;
      ready.push(new Promise<void>((resolve) => (connected = resolve)));
      const client = createClient({
        url: `${instance.url.replace(/^http/, 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${lane.device.token}` },
        retryAttempts: 0,
        on: { connected: () => connected() },
      });
      client.subscribe(
        { query: SUBSCRIBE, variables: { salon: lane.device.salonId } },
        { next: () => void (pokes.count += 1), error: () => undefined, complete: () => undefined },
      );
      clients.push(client);
    }
  await Promise.all(ready);
  // The subscription starts after connection_ack: let every one register before pushing.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return clients;
}

/**
 * A poke's CPU per socket: pushes of one booking on salons with SOCKETS_PER_SALON sockets each, less the same pushes
 * with no socket open, over the pokes delivered.
 */
async function pokeCost(instance: Instance, count: number, lanes: Lane[], send: (lane: Lane) => Promise<void>) {
  const pushes = Math.ceil(count / 10);
  const bare = await cost('pushWithoutSockets', instance, pushes, lanes, send);
  const pokes = { count: 0 };
  const sockets = await openSockets(instance, lanes, pokes);
  try {
    await spread(pushes, lanes, send);
    pokes.count = 0;
    const before = await instance.usage();
    await spread(pushes, lanes, send);
    // The last pokes are still on their way.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const spent = (await instance.usage()).cpuMs - before.cpuMs;
    if (pokes.count < pushes * SOCKETS_PER_SALON) throw new Error(`pokes missing: ${pokes.count} of ${pushes * SOCKETS_PER_SALON}`);
    return { cpuMs: (spent - bare.cpuMs * pushes) / pokes.count, postgresMs: NaN, systemMs: 0, statements: 0 };
  } finally {
    await Promise.all(sockets.map((s) => s.dispose()));
  }
}
