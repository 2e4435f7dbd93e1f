import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { serverProcesses } from './processes';

/**
 * The primary of `npm start` on PostgreSQL (issue 62 item 3, decision 096): it runs `count` server processes behind
 * one port (Node's cluster module hands each new connection to the next process) and serves nothing itself. Each
 * process is a whole, stateless server (docs/scaling.md): pokes cross processes by LISTEN/NOTIFY as they cross
 * machines. The first starts alone, so it alone migrates the database and seeds the demo; one that dies is started
 * again. SIGTERM or SIGINT stops them all gracefully (server/main.ts `stop`) and waits for them.
 */
const { count } = serverProcesses(process.env);
const GRACE_MS = 30_000;
let stopping = false;

function start(index: number): Worker {
  const worker = cluster.fork({ SERVER_PROCESS_INDEX: String(index) });
  worker.on('exit', (code, signal) => {
    if (stopping) return;
    console.log(`[cluster] server process ${index + 1} ended (${signal ?? code}); starting it again`);
    setTimeout(() => start(index), 1000);
  });
  return worker;
}

const first = start(0);
await once(first, 'listening');
const others = Array.from({ length: count - 1 }, (_, i) => once(start(i + 1), 'listening'));
await Promise.all(others);
console.log(`[cluster] ${count} server processes listening`);

async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
  const ended = Promise.all(workers.map((w) => (w.isDead() ? null : once(w, 'exit'))));
  for (const worker of workers) worker.process.kill(signal);
  const late = setTimeout(() => {
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
  }, GRACE_MS);
  await ended;
  clearTimeout(late);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGTERM'));
process.on('SIGTERM', () => void stop('SIGTERM'));

export {};
