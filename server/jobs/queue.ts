import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/client';
import { errorSummary } from '../error-summary';
import { sqlIn } from './sql-in';

/** A queue's retry rule: how often a failed job is tried again, the first wait (seconds), doubled each time. */
export interface QueueRule {
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long one try may run before it counts as failed (an instance killed mid-way). */
  expireInSeconds: number;
}

export type JobState = PgBoss.JobWithMetadata['state'];

/** A job as its queue keeps it: its state and, once failed, the reason its handler threw. */
export interface JobRecord<T> {
  id: string;
  data: T;
  state: JobState;
  retryCount: number;
  /** Seconds before the first retry, and whether each retry waits longer (exponential, with pg-boss's jitter). */
  retryDelay: number;
  retryBackoff: boolean;
  /** The last error's message of a failed or retried job. */
  reason: string | null;
}

/** A job as its handler gets it: which try this is (0 the first) and how many retries the queue allows. */
export interface WorkJob<T> {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

export interface JobQueue {
  /** Migrates the queue's schema (`jobs`) once across instances and creates the queues. */
  start(): Promise<void>;
  /** Stops taking jobs, waiting for the ones being handled. */
  stop(): Promise<void>;
  /**
   * Stores a job inside `tx`, with the change that causes it: it exists only if `tx` commits. It runs once `startAfter`
   * has come, on whichever instance takes it first.
   */
  sendIn<T extends object>(tx: Tx, queue: string, data: T, options?: { startAfter?: Date }): Promise<string>;
  /** Stores several jobs of one queue inside `tx` in one statement, as `sendIn` does each. */
  sendManyIn<T extends object>(tx: Tx, queue: string, jobs: ReadonlyArray<{ data: T; startAfter?: Date }>): Promise<void>;
  /**
   * Handles the queue's jobs on this instance, up to `batchSize` at once (default 1), looking for due jobs every
   * `pollingSeconds` (default 2) and at once after a full batch. A handler that throws fails that job's try alone; it is
   * tried again after the queue's wait, doubled each time, and ends `failed` with the error's message once its tries
   * are spent.
   */
  work<T>(
    queue: string,
    handler: (job: WorkJob<T>) => Promise<void>,
    options?: { pollingSeconds?: number; batchSize?: number },
  ): Promise<void>;
  job<T>(queue: string, id: string): Promise<JobRecord<T> | null>;
}

/**
 * The server's durable job queue (decision 074): pg-boss on the server's own database, PGlite or PostgreSQL, through
 * `Database.executeSql`. pg-boss takes each job with `for update skip locked`, so with two instances on one
 * PostgreSQL each try runs on one of them; a job whose instance died is tried again once its try expires.
 */
export function createJobQueue(database: Database, queues: Record<string, QueueRule>, log: (line: string) => void): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
    schema: 'jobs',
    migrate: true,
    supervise: true,
    schedule: false,
  });
  // No job data in the log: a message's job carries only ids, and an error is logged by its class and code.
  boss.on('error', (error) => log(`[jobs] ${errorSummary(error)}`));
  return {
    async start() {
      await boss.start();
      for (const [name, rule] of Object.entries(queues)) {
        const options = {
          retryLimit: rule.retryLimit,
          retryDelay: rule.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: rule.expireInSeconds,
        };
        // A queue made by an earlier version (or another instance) takes this version's rule for the jobs sent next.
        await boss.createQueue(name, { name, ...options });
        await boss.updateQueue(name, { name, ...options });
      }
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
    async sendIn(tx, queue, data, options = {}) {
      const id = await boss.send(queue, data, { db: sqlIn(tx), ...(options.startAfter ? { startAfter: options.startAfter } : {}) });
      if (!id) throw new Error(`[jobs] ${queue}: no job stored`);
      return id;
    },
    async sendManyIn(tx, queue, jobs) {
      if (jobs.length === 0) return;
      const rows = jobs.map((job) => ({
        name: queue,
        data: job.data,
        ...(job.startAfter ? { startAfter: job.startAfter.toISOString() } : {}),
      }));
      await boss.insert(rows, { db: sqlIn(tx) });
    },
    async work<T>(
      queue: string,
      handler: (job: WorkJob<T>) => Promise<void>,
      options: { pollingSeconds?: number; batchSize?: number } = {},
    ) {
      const { pollingSeconds = 2, batchSize = 1 } = options;
      // pg-boss completes a batch's jobs when this returns and fails them all if it throws; so each job that throws is
      // failed here alone (a failed job is no longer active, so the batch's completion leaves it as it is).
      let worker: string | null = null;
      worker = await boss.work<T>(queue, { pollingIntervalSeconds: pollingSeconds, batchSize, includeMetadata: true }, async (jobs) => {
        const results = await Promise.allSettled(
          jobs.map((job) => handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit })),
        );
        for (const [i, result] of results.entries()) {
          if (result.status === 'rejected') await boss.fail(queue, jobs[i]!.id, result.reason as object);
        }
        // A full batch: more may be due, so the next fetch goes now rather than after the polling wait.
        if (jobs.length === batchSize && worker) boss.notifyWorker(worker);
      });
    },
    async job<T>(queue: string, id: string) {
      const job = await boss.getJobById<T>(queue, id);
      if (!job) return null;
      const output = job.output as { message?: unknown } | null;
      return {
        id: job.id,
        data: job.data,
        state: job.state,
        retryCount: job.retryCount,
        retryDelay: job.retryDelay,
        retryBackoff: job.retryBackoff,
        reason: typeof output?.message === 'string' ? output.message : null,
      };
    },
  };
}
