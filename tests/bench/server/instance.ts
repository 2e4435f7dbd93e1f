import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer, type ServerOptions } from '../../../server/main';

/**
 * One server instance of the server bench as a process of its own, so it can be killed (messages.ts) and its CPU
 * time read apart from the load tool's (cpu-cost.ts): the options come as JSON in BENCH_INSTANCE; it prints
 * "ready <url>" once it listens, and answers the IPC message "cpu" with its CPU time so far in ms (user + system) and the statements it has sent
 * to PostgreSQL.
 */
// Statements sent to PostgreSQL, counted by wrapping the driver's one entry (every pool client is a pg.Client).
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const options = JSON.parse(process.env.BENCH_INSTANCE ?? '{}') as ServerOptions;
const built = await buildServer({ ...options, log: () => {} });
const running = await built.start();
// BENCH_PROFILE_DIR: the IPC messages "profile-start" and "profile-stop <name>" take a CPU profile of what lies between.
const profiler = process.env.BENCH_PROFILE_DIR ? new Session() : null;
profiler?.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) => profiler!.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMs: (user + system) / 1000, systemMs: system / 1000, statements });
  } else if (message === 'profile-start' && profiler) {
    void post('Profiler.enable')
      .then(() => post('Profiler.start'))
      .then(() => process.send?.({ profiling: true }));
  } else if (typeof message === 'string' && message.startsWith('profile-stop ') && profiler) {
    void post('Profiler.stop').then((r) => {
      const file = join(process.env.BENCH_PROFILE_DIR as string, `${message.slice(13)}.cpuprofile`);
      writeFileSync(file, JSON.stringify((r as { profile: unknown }).profile));
      process.send?.({ profile: file });
    });
  }
});
process.on('SIGTERM', () => void running.stop().then(() => process.exit(0)));
console.log(`ready ${running.url}`);

export {};
