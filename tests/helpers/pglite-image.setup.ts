import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { createJobQueue } from '../../server/jobs/queue';
import { SERVER_QUEUES } from '../../server/main';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite database dumped to a file, for every in-memory test server to start from. */
    pgliteImage: string;
  }
}

/**
 * The integration project's global setup: one empty PGlite database with every migration applied, dumped once for
 * the run (tests/helpers/server.ts starts each PGlite test server from a copy), with the job queue's schema. A server then skips initdb and the
 * migrations; the migrations still run on it and find nothing to apply.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const database = await openDatabase({ dataDir: null });
  await migrate(database);
  // The job queue's schema and queues too (decision 074): a test server's queue then finds them made.
  const jobs = createJobQueue(database, SERVER_QUEUES, () => {});
  await jobs.start();
  await jobs.stop();
  // openDatabase keeps the PGlite client to itself; dumpDataDir is on the client drizzle holds.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const image = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'salon-pglite-image-'));
  const path = join(dir, 'migrated.tar');
  writeFileSync(path, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
