import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { rowsOf } from '../../server/db/migrate';
import { createPostgresDatabase } from '../helpers/server';

/**
 * PostgreSQL terminating an idle pooled connection (restart, failover) must not crash the server: without
 * an error listener on the pool, node-postgres raises it as an unhandled error, which fails this test.
 */
describe.runIf(process.env.DATABASE_URL)('PostgreSQL connection loss', () => {
  it('survives an idle connection being terminated and answers the next query', async () => {
    const target = await createPostgresDatabase();
    const database = await openDatabase({ databaseUrl: target.url });
    try {
      const pid = rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`))[0]?.pid;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`));
      expect(rows[0]?.one).toBe(1);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
