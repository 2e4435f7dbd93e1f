import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds used so far by the bench's own process (its server, and Playwright's driver, which does little) and by
 * each kind of Chromium process it launched (`browser` holds IndexedDB's backend, `renderer` the page, `network` the
 * network service), read from Linux's /proc: null elsewhere. On 2 cores the server and the page's parsing take CPU
 * IndexedDB would otherwise have, which the wall time of a sync alone does not show.
 */
export type CpuSeconds = Record<string, number>;

const TICKS_PER_SECOND = 100;

/** pid -> [parent pid, user + system ticks] of every process readable now. */
function processes(): Map<number, { parent: number; ticks: number; cmdline: string }> {
  const all = new Map<number, { parent: number; ticks: number; cmdline: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The fields after the command's closing parenthesis: state is the 1st, ppid the 2nd, utime the 12th, stime the 13th.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      all.set(Number(name), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), cmdline });
    } catch {
      // The process ended while being read.
    }
  }
  return all;
}

/** What a Chromium process is, from its command line. */
function kind(cmdline: string): string {
  const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
  if (!type) return 'browser';
  if (type === 'utility') {
    const sub = /--utility-sub-type=([\w.]+)/.exec(cmdline)?.[1] ?? '';
    return sub.endsWith('NetworkService') ? 'network' : 'otherChromium';
  }
  return type === 'renderer' ? 'renderer' : 'otherChromium';
}

/** Every readable process, and whether one descends from this process; null off Linux. */
function tree() {
  let all: ReturnType<typeof processes>;
  try {
    all = processes();
  } catch {
    return null;
  }
  const descends = (pid: number): boolean => {
    for (let p = all.get(pid)?.parent; p !== undefined && p > 1; p = all.get(p)?.parent) if (p === process.pid) return true;
    return false;
  };
  return { all, descends };
}

export function cpuSeconds(): CpuSeconds | null {
  const read = tree();
  const self = read?.all.get(process.pid);
  if (!read || !self) return null;
  const { all, descends } = read;
  const sums: CpuSeconds = { benchAndServer: self.ticks / TICKS_PER_SECOND };
  for (const [pid, p] of all) {
    if (pid === process.pid || !p.cmdline.includes('chrom') || !descends(pid)) continue;
    const key = kind(p.cmdline);
    sums[key] = (sums[key] ?? 0) + p.ticks / TICKS_PER_SECOND;
  }
  return sums;
}

/** The CPU seconds each kind used between two readings, to 0.01 s; null when either is. */
export function cpuBetween(before: CpuSeconds | null, after: CpuSeconds | null): CpuSeconds | null {
  if (!before || !after) return null;
  const used: CpuSeconds = {};
  for (const [key, value] of Object.entries(after)) used[key] = +(value - (before[key] ?? 0)).toFixed(2);
  used.all = +Object.values(used)
    .reduce((sum, v) => sum + v, 0)
    .toFixed(2);
  return used;
}

/**
 * CPU seconds used so far by the parts of `npm run bench:server`'s load: this process (the load tool), the server's
 * processes it started (`server/index.ts` and its workers), PgBouncer, and PostgreSQL's processes (the whole
 * service: only its backends of the run do work then). Null off Linux.
 */
export function serverBenchCpu(): CpuSeconds | null {
  const read = tree();
  if (!read) return null;
  const { all, descends } = read;
  const sums: CpuSeconds = { loadTool: 0, server: 0, postgres: 0, pgbouncer: 0 };
  for (const [pid, p] of all) {
    const part =
      pid === process.pid
        ? 'loadTool'
        : p.cmdline.includes('server/index.ts') && descends(pid)
          ? 'server'
          : p.cmdline.startsWith('pgbouncer') || p.cmdline.includes('\0pgbouncer\0')
            ? 'pgbouncer'
            : p.cmdline.startsWith('postgres')
              ? 'postgres'
              : null;
    if (part) sums[part] = (sums[part] ?? 0) + p.ticks / TICKS_PER_SECOND;
  }
  return sums;
}
