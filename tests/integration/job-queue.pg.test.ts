import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { createJobQueue, type JobQueue, type QueueRule } from '../../server/jobs/queue';
import { backends, createPostgresDatabase, type Backend } from '../helpers/server';

/**
 * The server's durable job queue (decision 074, issue 57 item 1) on each database: a job lives or dies with the
 * transaction that sends it, survives a restart, is tried again with backoff and ends failed with its reason, and
 * with two instances on one PostgreSQL runs once.
 */
const RULES: Record<string, QueueRule> = {
  work: { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 },
  flaky: { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 60 },
};
const POLL = { pollingSeconds: 0.5 };
const WAIT = { timeout: 30_000, interval: 100 };

describe.each(backends(import.meta.url))('job queue on %s', (backend: Backend) => {
  const cleanups: Array<() => Promise<void>> = [];
  let pgUrl: Promise<{ url: string; drop(): Promise<void> }> | null = null;
  const databaseUrl = async () => {
    pgUrl ??= createPostgresDatabase();
    return (await pgUrl).url;
  };
  afterAll(async () => {
    if (pgUrl) await (await pgUrl).drop();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A database and its queue, started; `dataDir` keeps a PGlite database on disk for a restart. */
  const open = async (dataDir: string | null = null): Promise<{ database: Database; queue: JobQueue; stop(): Promise<void> }> => {
    const database = await openDatabase(backend === 'postgres' ? { databaseUrl: await databaseUrl() } : { dataDir });
    const queue = createJobQueue(database, RULES, () => {});
    await queue.start();
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      await queue.stop();
      await database.close();
    };
    cleanups.push(stop);
    return { database, queue, stop };
  };
  const jobsWith = async (database: Database, n: number) =>
    (await database.executeSql(`select count(*)::int as count from jobs.job where data->>'n' = $1`, [String(n)])).rows[0];

  it('stores a job with the transaction that sends it: run once if it commits, never if it rolls back', async () => {
    const { database, queue } = await open();
    const handled: number[] = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await queue.sendIn(tx, 'work', { n: 1 });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await queue.sendIn(tx, 'work', { n: 2 });
        throw new Error('the change is refused');
      }),
    ).rejects.toThrow('the change is refused');
    expect(await jobsWith(database, 1)).toEqual({ count: 1 });
    expect(await jobsWith(database, 2)).toEqual({ count: 0 });

    const done: string[] = [];
    await queue.work<{ n: number }>(
      'work',
      async (job) => {
        handled.push(job.data.n);
        done.push(job.id);
      },
      POLL,
    );
    await vi.waitFor(() => expect(done).toHaveLength(1), WAIT);
    await vi.waitFor(async () => expect((await queue.job('work', done[0]!))?.state).toBe('completed'), WAIT);
    expect(handled).toEqual([1]);
  });

  it('tries a failing job again with backoff, and ends it failed with its reason', async () => {
    const { database, queue } = await open();
    const id = await database.db.transaction((tx) => queue.sendIn(tx, 'flaky', { n: 3 }));
    const tries: number[] = [];
    await queue.work(
      'flaky',
      async (job) => {
        tries.push(job.retryCount);
        throw new Error('provider answered 503');
      },
      POLL,
    );
    await vi.waitFor(async () => expect((await queue.job('flaky', id))?.state).toBe('failed'), WAIT);
    // Tried three times, each wait longer than the last (backoff, with pg-boss's jitter: not measured here).
    expect(await queue.job('flaky', id)).toMatchObject({
      state: 'failed',
      retryCount: 2,
      retryDelay: 1,
      retryBackoff: true,
      reason: 'provider answered 503',
    });
    expect(tries).toEqual([0, 1, 2]);
  });

  it('keeps a job due later across a restart', async () => {
    const dir = backend === 'pglite' ? mkdtempSync(join(tmpdir(), 'jobs-')) : null;
    cleanups.push(async () => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });
    const first = await open(dir);
    const id = await first.database.db.transaction((tx) =>
      first.queue.sendIn(tx, 'work', { n: 4 }, { startAfter: new Date(Date.now() + 1000) }),
    );
    await first.stop();

    const second = await open(dir);
    const handled: string[] = [];
    await second.queue.work('work', async (job) => void handled.push(job.id), POLL);
    await vi.waitFor(() => expect(handled).toEqual([id]), WAIT);
  });

  it('in a batch, a job that throws fails alone and is tried again; the others complete once', async () => {
    const { database, queue } = await open();
    await database.db.transaction((tx) =>
      queue.sendManyIn(
        tx,
        'flaky',
        [11, 12, 13, 14, 15].map((n) => ({ data: { n } })),
      ),
    );
    const runs: number[] = [];
    await queue.work<{ n: number }>(
      'flaky',
      async (job) => {
        runs.push(job.data.n);
        if (job.data.n === 12) throw new Error('provider answered 503');
      },
      { ...POLL, batchSize: 5 },
    );
    // 12 is tried three times (retryLimit 2), each other job once.
    await vi.waitFor(() => expect(runs.filter((n) => n === 12)).toHaveLength(3), WAIT);
    expect(runs.filter((n) => n !== 12).sort()).toEqual([11, 13, 14, 15]);
    const states = (
      await database.executeSql(
        `select data->>'n' as n, state from jobs.job where name = 'flaky' and (data->>'n')::int > 10 order by 1`,
        [],
      )
    ).rows as Array<{ n: string; state: string }>;
    await vi.waitFor(
      async () =>
        expect((await database.executeSql(`select state from jobs.job where name = 'flaky' and data->>'n' = '12'`, [])).rows).toEqual([
          { state: 'failed' },
        ]),
      WAIT,
    );
    expect(states.filter((r) => r.n !== '12')).toEqual(['11', '13', '14', '15'].map((n) => ({ n, state: 'completed' })));
  });

  it.runIf(backend === 'postgres')('with two instances on one PostgreSQL, runs each job once', async () => {
    const a = await open();
    const b = await open();
    const jobs = Array.from({ length: 200 }, (_, n) => ({ data: { n } }));
    await a.database.db.transaction((tx) => a.queue.sendManyIn(tx, 'work', jobs));
    const runs: Array<[string, number]> = [];
    await a.queue.work<{ n: number }>('work', async (job) => void runs.push(['a', job.data.n]), { ...POLL, batchSize: 10 });
    await b.queue.work<{ n: number }>('work', async (job) => void runs.push(['b', job.data.n]), { ...POLL, batchSize: 10 });
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(200), WAIT);
    expect(runs.map(([, n]) => n).sort((x, y) => x - y)).toEqual(jobs.map((j) => j.data.n));
  });
});
