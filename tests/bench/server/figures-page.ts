import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { figuresTable } from '../figures-doc';

/** A run of `npm run bench:server`: when, on which commit, and what it printed (some parts or all). */
export interface ServerRun {
  at: string;
  commit: string;
  figures: Record<string, unknown>;
}

interface Latency {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}
interface Configuration {
  processes: number;
  pooler: string | null;
  devices: number;
  commandsPerSecond: number;
  push: Latency;
  pull: Latency;
  pokesMissing: number;
  errors: number;
  doubleBookings: number;
  cpuSeconds?: Record<string, number> | null;
}

const PARTS = ['cpuMsPerRequest', 'configurations', 'messages'] as const;
const ms = (l: Latency) => `${l.p50Ms} / ${l.p95Ms} / ${l.p99Ms}`;
const cpu = (c: Record<string, number> | null | undefined) =>
  c ? [c.loadTool, c.server, c.postgres, c.pgbouncer].map((v) => (v ?? 0).toFixed(1)).join(' / ') : '';

type Measured = Configuration & { run: string };

function configurationRows(rows: Measured[]): string[] {
  return [
    '| processes | pooler | devices | commands/s | push p50 / p95 / p99 ms | pull p50 / p95 / p99 ms | pokes missing | errors | double bookings | CPU s: load tool / server / PostgreSQL / PgBouncer | run |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.processes} | ${r.pooler ?? ''} | ${r.devices} | ${r.commandsPerSecond} | ${ms(r.push)} | ${ms(r.pull)} | ${r.pokesMissing} | ${r.errors} | ${r.doubleBookings} | ${cpu(r.cpuSeconds)} | ${r.run} |`,
    ),
  ];
}

/** Each configuration (processes, pooler, devices) as the latest run that measured it. */
function latestConfigurations(runs: ServerRun[]): Measured[] {
  const rows = new Map<string, Measured>();
  for (const run of runs)
    for (const c of (run.figures.configurations ?? []) as Configuration[])
      rows.set(`${c.processes}|${c.pooler ?? ''}|${c.devices}`, { ...c, run: `${run.at.slice(0, 10)} ${run.commit}` });
  return [...rows.values()].sort(
    (a, b) => (a.pooler ?? '').localeCompare(b.pooler ?? '') || a.processes - b.processes || a.devices - b.devices,
  );
}

/** Today's page: for each part of the bench, the latest run that measured it. Generated, never edited by hand. */
export function serverFiguresPage(runs: ServerRun[]): string {
  const latest = (part: string) => [...runs].reverse().find((r) => part in r.figures);
  const lines = [
    '# Server figures',
    '',
    'Written by `npm run bench:server` (tests/bench/server/run.ts); every run is also a line of',
    '`docs/server-figures-history.jsonl`. What each figure measures: tests/bench/README.md. Targets: issue 62.',
  ];
  const cost = latest('cpuMsPerRequest');
  if (cost) {
    const { cpuMsPerRequest, postgresCpuMsPerRequest, systemMsPerRequest, statementsPerRequest, targets } = cost.figures as Record<
      string,
      Record<string, unknown>
    >;
    // The targets beside the figures, in the table's target column.
    const wanted = Object.entries((targets?.cpuMsPerRequest ?? {}) as Record<string, number>).map(([k, v]) => [
      `target${k[0]!.toUpperCase()}${k.slice(1)}`,
      v,
    ]);
    lines.push('', `## Server CPU per request (${cost.at.slice(0, 10)}, commit ${cost.commit})`, '');
    lines.push(
      ...figuresTable({
        cpuMsPerRequest: { ...cpuMsPerRequest, ...Object.fromEntries(wanted) },
        postgresCpuMsPerRequest,
        systemMsPerRequest,
        statementsPerRequest,
      }),
    );
  }
  const load = latest('configurations');
  if (load) {
    const f = load.figures as { machine?: unknown; pace?: string };
    lines.push('', '## Under load', '', `${f.pace ?? ''}; each configuration as its latest run measured it.`, '');
    lines.push(...configurationRows(latestConfigurations(runs)), '', `The machine of the latest run (${load.at.slice(0, 10)}):`, '');
    lines.push(...figuresTable({ machine: f.machine }));
  }
  const messages = latest('messages');
  if (messages) {
    lines.push('', `## Client messages (${messages.at.slice(0, 10)}, commit ${messages.commit})`, '');
    lines.push(...figuresTable({ messages: messages.figures.messages }));
  }
  return `${lines.join('\n')}\n`;
}

/** Appends the run to docs/server-figures-history.jsonl and writes docs/server-figures.md from the history. */
export function recordServerRun(run: ServerRun, root: string): void {
  if (!PARTS.some((part) => part in run.figures)) return;
  const history = `${root}/docs/server-figures-history.jsonl`;
  appendFileSync(history, `${JSON.stringify(run)}\n`);
  const runs = (existsSync(history) ? readFileSync(history, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ServerRun);
  writeFileSync(`${root}/docs/server-figures.md`, serverFiguresPage(runs));
}
