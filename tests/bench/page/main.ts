// The sync engine and commands in the browser, for `npm run bench` (DESIGN.md §10): the real modules, not
// the app's UI. Playwright calls window.bench.* and reads the figures.
import { liveQuery } from 'dexie';
import { newId } from '../../../src/domain/ids';
import { PULL_SPANS, PUSH_SPANS } from '../../../src/sync/timing';
import { percentile, start, type Setup } from './engine';

/** Queue `count` client creations with no sync running, then time the engine emptying the outbox. */
async function drain(setup: Setup, count: number) {
  const s = start(setup, `bench-drain-${newId()}`);
  await s.sync();
  for (let i = 0; i < count; i++) await s.newClient();
  performance.clearMeasures();
  const t0 = performance.now();
  await s.sync();
  const ms = performance.now() - t0;
  const left = await s.db.outbox.count();
  await s.close();
  // Where the drain's time went (src/sync/timing.ts): the batch requests, their answers written, the pull after.
  const spent = (name: string) =>
    +performance
      .getEntriesByName(name, 'measure')
      .reduce((sum, e) => sum + e.duration, 0)
      .toFixed(0);
  const msSpent = {
    pushRequests: spent(PUSH_SPANS.request),
    pushSettle: spent(PUSH_SPANS.settle),
    pullRequest: spent(PULL_SPANS.request),
    pullApply: spent(PULL_SPANS.apply),
  };
  return {
    commands: count,
    seconds: +(ms / 1000).toFixed(2),
    commandsPerSecond: Math.round(count / (ms / 1000)),
    leftInOutbox: left,
    msSpent,
  };
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
