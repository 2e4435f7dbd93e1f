// The sync engine and commands in the browser, for `npm run bench` (DESIGN.md §10): the real modules, not
// the app's UI. Playwright calls window.bench.* and reads the figures.
import { liveQuery } from 'dexie';
import { newId } from '../../../src/domain/ids';
import { percentile, start, type Setup } from './engine';

/** Queue `count` client creations with no sync running, then time the engine emptying the outbox. */
async function drain(setup: Setup, count: number) {
  const s = start(setup, `bench-drain-${newId()}`);
  await s.sync();
  for (let i = 0; i < count; i++) await s.newClient();
  const t0 = performance.now();
  await s.sync();
  const ms = performance.now() - t0;
  const left = await s.db.outbox.count();
  await s.close();
  return { commands: count, seconds: +(ms / 1000).toFixed(2), commandsPerSecond: Math.round(count / (ms / 1000)), leftInOutbox: left };
}

/** Time from a command's call to a live query seeing its row, `count` times. */
async function writeLatency(setup: Setup, count: number) {
  const s = start(setup, `bench-latency-${newId()}`);
  await s.sync();
  s.engine.stop();
  let resolveSeen: ((n: number) => void) | null = null;
  let target = 0;
  const subscription = liveQuery(() => s.db.mirror('clients').count()).subscribe({
    next: (n) => {
      if (resolveSeen && n >= target) resolveSeen(n);
    },
  });
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    target = (await s.db.mirror('clients').count()) + 1;
    const seen = new Promise<number>((resolve) => (resolveSeen = resolve));
    const t0 = performance.now();
    await s.newClient();
    await seen;
    samples.push(performance.now() - t0);
    resolveSeen = null;
  }
  subscription.unsubscribe();
  await s.close();
  return { writes: count, p50Ms: percentile(samples, 50), p95Ms: percentile(samples, 95) };
}

(window as unknown as { bench: unknown }).bench = { drain, writeLatency };
document.body.dataset.ready = 'true';
