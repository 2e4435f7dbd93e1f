import { cpus, loadavg } from 'node:os';
import { buildServer } from '../../../server/main';
import { freshDatabase } from '../fresh-database';
import { requestCosts } from './cpu-cost';
import { runLoad } from './load';
import { killedInstance, sendRate } from './messages';
import { doubleBookings, seedSalons } from './salons';

/*
 * npm run bench:server (issue 21 item 4; DESIGN.md §10): the server under many salons and devices, on PostgreSQL
 * (DATABASE_URL), with two instances sharing it. 200 salons, up to 1 000 devices; each configuration runs
 * BENCH_SERVER_SECONDS (default 20) and prints commands/s, push and pull latency (p50/p95/p99), pokes delivered
 * (across instances with two) against those expected, missing (target 0) and beyond what the pushes still under way
 * when the load ended can explain (target 0), errors (target 0) and, at the end, double bookings (target 0). The load generator,
 * both instances and PostgreSQL share this machine: its load is printed beside the figures. Then client messages
 * (messages.ts): BENCH_MESSAGES (default 10 000) reminders due at once, sent by one instance (target: within 60 s), and
 * by two with one killed mid-way (duplicates and lost, target 0). First, the server's CPU time per request of each
 * kind (cpu-cost.ts, BENCH_COST_REQUESTS of each, default 2 000), with the statements each sends, beside the targets;
 * BENCH_PROFILE_DIR=DIR also writes a CPU profile of each kind there. BENCH_SERVER_ONLY=cost, load or messages runs one
 * part.
 */
const SALONS = 200;
const DEVICES = Number(process.env.BENCH_SERVER_DEVICES || 1000);
const SECONDS = Number(process.env.BENCH_SERVER_SECONDS || 20);
const base = process.env.DATABASE_URL;
if (!base) throw new Error('bench:server needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test');

/** BENCH_SERVER_ONLY=cost, load or messages runs one part. */
const only = process.env.BENCH_SERVER_ONLY ?? '';
const MESSAGES = Number(process.env.BENCH_MESSAGES || 10_000);

async function loadRuns() {
  const databaseUrl = await freshDatabase(base as string, 'bench_server');
  // DATABASE_LISTEN_URL: the instances' LISTEN goes there, to the same database (queries through a pooler in
  // transaction mode in DATABASE_URL, LISTEN straight to PostgreSQL; docs/scaling.md).
  const listenUrl = process.env.DATABASE_LISTEN_URL ? new URL(process.env.DATABASE_LISTEN_URL) : null;
  if (listenUrl) listenUrl.pathname = '/bench_server';

  const options = {
    port: 0,
    databaseUrl,
    listenUrl: listenUrl?.toString() ?? null,
    log: () => {},
    rateLimits: { loginFailures: 10, perAddress: 1_000_000, windowSeconds: 60 },
  };
  const first = await buildServer(options);
  const devices = await seedSalons(first.app.database, SALONS, DEVICES);
  const second = await buildServer(options);
  const servers = [await first.start(), await second.start()];
  const runs = [];
  try {
    for (const instances of [1, 2])
      for (const count of [Math.round(DEVICES / 10), DEVICES]) {
        const figures = await runLoad({
          instances: servers.slice(0, instances).map((s) => s.url),
          devices: devices.slice(0, count),
          seconds: SECONDS,
          paceSeconds: 10,
          burstShare: 0.1,
          burstSize: 20,
        });
        runs.push(figures);
        console.error(JSON.stringify(figures));
      }
    return {
      salons: SALONS,
      // Where the instances' LISTEN connections went: a pooler in DATABASE_URL cannot hold them.
      listen: listenUrl ? 'DATABASE_LISTEN_URL' : 'DATABASE_URL',
      pace: 'each device: a booking and a pull every 10 s; one in ten first pushes a backlog of 20 commands',
      runs,
      doubleBookings: await doubleBookings(first.app.database),
    };
  } finally {
    for (const s of servers) await s.stop();
  }
}

async function messageRuns() {
  const rate = await sendRate(base as string, MESSAGES);
  console.error(JSON.stringify(rate));
  const chaos = await killedInstance(base as string, MESSAGES);
  console.error(JSON.stringify(chaos));
  return { sendRate: rate, killedInstance: chaos };
}

const loadAtStart = +(loadavg()[0] ?? 0).toFixed(1);
const costs = only === '' || only === 'cost' ? await requestCosts(base, { count: Number(process.env.BENCH_COST_REQUESTS || 2000) }) : null;
if (costs) console.error(JSON.stringify(costs));
const load = only === '' || only === 'load' ? await loadRuns() : null;
const messages = only === '' || only === 'messages' ? await messageRuns() : null;
console.log(
  JSON.stringify(
    {
      ...(costs ?? {}),
      ...(load ?? {}),
      ...(messages ? { messages } : {}),
      targets: {
        cpuMsPerRequest: { singlePush: 1, emptyPull: 0.3, pokePerSocket: 0.05 },
        errors: 0,
        doubleBookings: 0,
        pokesMissing: 0,
        pokesUnexplained: 0,
        messages: { secondsToSendAll: 60, duplicates: 0, lost: 0 },
      },
      machine: { cpus: cpus().length, loadAverage1m: { atStart: loadAtStart, atEnd: +(loadavg()[0] ?? 0).toFixed(1) } },
    },
    null,
    2,
  ),
);
process.exit(0);
