import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

/**
 * A week offline (issue 56 item 4): `npm run soak` (tests/sync/soak/week-offline.pg.test.ts), a tablet offline for 7
 * salon days of 300 commands beside one online, then its backlog drained against the server in process, on
 * PostgreSQL with DATABASE_URL, else on PGlite. The engine runs in Node over fake-indexeddb. Target: under 10 s.
 */
export function measureWeekOffline(): Record<string, unknown> {
  const backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const report = '.tmp/bench-week-offline';
  const file = `${report}.${backend}.json`;
  rmSync(file, { force: true });
  execFileSync('npm', ['run', 'soak'], { stdio: 'inherit', env: { ...process.env, WEEK_BACKEND: backend, WEEK_REPORT: report } });
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    days: number;
    offlineQueued: number;
    backlog: number;
    drain: { ms: number; serverMs: number; requests: number };
    tally: { applied: number; refused: number; lost: number; appliedTwice: number; unequalClients: number };
  };
  return {
    backend,
    days: r.days,
    queuedOffline: r.offlineQueued,
    drainSeconds: +(r.drain.ms / 1000).toFixed(2),
    waitingForServerSeconds: +(r.drain.serverMs / 1000).toFixed(2),
    applied: r.tally.applied,
    refused: r.tally.refused,
    lostAppliedTwiceUnequal: [r.tally.lost, r.tally.appliedTwice, r.tally.unequalClients].join(' / '),
    targetSeconds: 10,
  };
}
