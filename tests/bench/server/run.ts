import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { freshDatabase } from '../fresh-database';
import { cpuBetween, serverBenchCpu } from '../process-cpu';
import { requestCosts } from './cpu-cost';
import { recordServerRun } from './figures-page';
import { runLoad } from './load';
import { killedInstance, sendRate } from './messages';
import { doubleBookings, seedSalons } from './salons';
import { startServer } from './spawn-server';
import { startPgbouncer } from './pgbouncer';

/*
 * npm run bench:server (issue 21 item 4, issue 62; DESIGN.md §10), on PostgreSQL (DATABASE_URL):
 * 1. cost (cpu-cost.ts): the server's CPU time per request of each kind, BENCH_COST_REQUESTS of each (default 2 000),
 *    with the statements each sends, beside the targets; BENCH_PROFILE_DIR=DIR also writes a CPU profile of each kind.
 * 2. load (load.ts): the server as `npm start` runs it, in processes of its own (one, two, one per core behind one
 *    port), under 200 salons and BENCH_SERVER_DEVICES devices (default 1 000) and a tenth of them, and on one process
 *    per core BENCH_SERVER_BIG_DEVICES (default 5 000); BENCH_SERVER_SECONDS each (default 20). Each configuration
 *    prints commands/s, push and pull latency (p50/p95/p99), pokes delivered against those expected, missing (target
 *    0) and beyond what the pushes still under way when the load ended can explain (target 0), errors and double
 *    bookings (target 0). The load tool runs in this process; it, the servers and PostgreSQL share this machine, whose
 *    load is printed beside the figures. Then the same through PgBouncer in transaction mode, started by the bench
 *    (pgbouncer.ts; BENCH_SERVER_PGBOUNCER=0 leaves it out), on one process per core.
 * 3. messages (messages.ts): BENCH_MESSAGES (default 10 000) reminders due at once, sent by one instance (target:
 *    within 60 s), and by two with one killed mid-way (duplicates and lost, target 0).
 * BENCH_SERVER_ONLY=cost, load or messages runs one part.
 */
const SALONS = 200;
const DEVICES = Number(process.env.BENCH_SERVER_DEVICES || 1000);
const SECONDS = Number(process.env.BENCH_SERVER_SECONDS || 20);
/** The largest run, on one process per core: target 0 errors, 0 double bookings, 0 pokes missing. */
const BIG = Number(process.env.BENCH_SERVER_BIG_DEVICES || 5000);
const base = process.env.DATABASE_URL;
if (!base) throw new Error('bench:server needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test');

/** BENCH_SERVER_ONLY=cost, load or messages runs one part. */
const only = process.env.BENCH_SERVER_ONLY ?? '';
const MESSAGES = Number(process.env.BENCH_MESSAGES || 10_000);

/** The server's process counts to compare: one, two and one per core. */
const PROCESSES = [...new Set([1, 2, availableParallelism()])];

async function loadRuns() {
  const databaseUrl = await freshDatabase(base as string, 'bench_server');
  // DATABASE_LISTEN_URL: the servers' LISTEN goes there, to the same database (queries through a pooler in
  // transaction mode in DATABASE_URL, LISTEN straight to PostgreSQL; docs/scaling.md).
  const listenUrl = process.env.DATABASE_LISTEN_URL ? new URL(process.env.DATABASE_LISTEN_URL) : null;
  if (listenUrl) listenUrl.pathname = '/bench_server';
  const database = await openDatabase({ databaseUrl });
  await migrate(database);
  const devices = await seedSalons(database, SALONS, Math.max(DEVICES, BIG));
  const configurations = [];
  const shape = { seconds: SECONDS, paceSeconds: 10, burstShare: 0.1, burstSize: 20 };
  try {
    for (const processes of PROCESSES)
      for (const count of [Math.round(DEVICES / 10), DEVICES, ...(processes === PROCESSES.at(-1) && BIG > DEVICES ? [BIG] : [])]) {
        const server = await startServer({ databaseUrl, listenUrl: listenUrl?.toString() ?? null, processes, port: 4900 });
        try {
          const before = serverBenchCpu();
          const figures = await runLoad({ ...shape, devices: devices.slice(0, count), instances: [server.url] });
          // Where the two cores went: the load tool, the server, PostgreSQL (issue 62: which of them bounds a request).
          const cpuSeconds = cpuBetween(before, serverBenchCpu());
          const row = { processes, pooler: null, ...figures, cpuSeconds, doubleBookings: await doubleBookings(database) };
          configurations.push(row);
          console.error(JSON.stringify(row));
        } finally {
          await server.stop();
        }
      }
    // Through PgBouncer in transaction mode (issue 62 item 5), its LISTEN straight to PostgreSQL (decision 068).
    const pooler = process.env.BENCH_SERVER_PGBOUNCER === '0' ? null : await startPgbouncer(databaseUrl);
    try {
      for (const count of pooler ? [Math.round(DEVICES / 10), DEVICES] : []) {
        const processes = PROCESSES.at(-1) as number;
        const server = await startServer({
          databaseUrl: pooler!.url,
          listenUrl: databaseUrl,
          namedStatements: false,
          processes,
          port: 4900,
        });
        try {
          const before = serverBenchCpu();
          const figures = await runLoad({ ...shape, devices: devices.slice(0, count), instances: [server.url] });
          const cpuSeconds = cpuBetween(before, serverBenchCpu());
          const row = { processes, pooler: 'pgbouncer', ...figures, cpuSeconds, doubleBookings: await doubleBookings(database) };
          configurations.push(row);
          console.error(JSON.stringify(row));
        } finally {
          await server.stop();
        }
      }
    } finally {
      await pooler?.stop();
    }
    return {
      salons: SALONS,
      // Where the servers' LISTEN connections went: a pooler in DATABASE_URL cannot hold them.
      listen: listenUrl ? 'DATABASE_LISTEN_URL' : 'DATABASE_URL',
      pace: 'each device: a booking and a pull every 10 s; one in ten first pushes a backlog of 20 commands',
      configurations,
    };
  } finally {
    await database.close();
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
const figures = {
  ...(costs ?? {}),
  ...(load ?? {}),
  ...(messages ? { messages } : {}),
  targets: {
    cpuMsPerRequest: { singlePush: 1, emptyPull: 0.3, pokePerSocket: 0.05 },
    load: { devices: 1000, pushP95Ms: 100, pushP99Ms: 250, pullP95Ms: 100 },
    errors: 0,
    doubleBookings: 0,
    pokesMissing: 0,
    pokesUnexplained: 0,
    messages: { secondsToSendAll: 60, duplicates: 0, lost: 0 },
  },
  machine: { cpus: cpus().length, loadAverage1m: { atStart: loadAtStart, atEnd: +(loadavg()[0] ?? 0).toFixed(1) } },
};
console.log(JSON.stringify(figures, null, 2));
// Each run is a line of docs/server-figures-history.jsonl; docs/server-figures.md shows the latest of each part.
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
recordServerRun({ at: new Date().toISOString(), commit, figures }, join(import.meta.dirname, '..', '..', '..'));
process.exit(0);
