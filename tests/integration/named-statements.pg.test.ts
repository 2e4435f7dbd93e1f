import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { rowsOf } from '../../server/db/migrate';
import { nameRepeatedStatements } from '../../server/db/named-statements';
import { createPostgresDatabase } from '../helpers/server';

/** Statements PostgreSQL keeps by name for the server's repeated queries (server/db/named-statements.ts, decision 100). */
describe.runIf(process.env.DATABASE_URL)('named statements on PostgreSQL', () => {
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  beforeAll(async () => {
    target = await createPostgresDatabase();
  });
  afterAll(() => target.drop());

  /** One connection, so what it keeps is what `pg_prepared_statements` lists. */
  const onePool = (rule?: Parameters<typeof nameRepeatedStatements>[1]) => {
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    nameRepeatedStatements(pool, rule);
    return pool;
  };
  const kept = async (pool: pg.Pool) =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time')).rows.map(
      (row) => row.statement,
    );

  it('keeps a text with parameters from its third run, and answers as before', async () => {
    const pool = onePool();
    try {
      const text = 'select $1::int + 1 as next';
      for (const n of [1, 2]) expect((await pool.query(text, [n])).rows).toEqual([{ next: n + 1 }]);
      expect(await kept(pool)).toEqual([]);
      for (const n of [3, 4, 5]) expect((await pool.query({ text, values: [n] })).rows).toEqual([{ next: n + 1 }]);
      expect(await kept(pool)).toEqual([text]);
      // The callback form (pg-pool's own) goes the same way.
      const viaCallback = await new Promise((resolve, reject) =>
        pool.query(text, [9], (error, result) => (error ? reject(error) : resolve(result.rows))),
      );
      expect(viaCallback).toEqual([{ next: 10 }]);
    } finally {
      await pool.end();
    }
  });

  it('never names a text without parameters, which may hold several statements', async () => {
    const pool = onePool({ after: 1, perConnection: 10, texts: 10 });
    try {
      for (let run = 0; run < 3; run += 1) {
        await pool.query('create temporary table if not exists t (n int); insert into t values (1)');
      }
      expect((await pool.query('select count(*)::int as n from t')).rows).toEqual([{ n: 3 }]);
      expect(await kept(pool)).toEqual([]);
    } finally {
      await pool.end();
    }
  });

  it('keeps at most perConnection texts on a connection', async () => {
    const pool = onePool({ after: 1, perConnection: 2, texts: 10 });
    try {
      for (const text of ['select $1::int as a', 'select $1::int as b', 'select $1::int as c', 'select $1::int as a']) {
        await pool.query(text, [1]);
      }
      expect(await kept(pool)).toEqual(['select $1::int as a', 'select $1::int as b']);
    } finally {
      await pool.end();
    }
  });

  it('runs a text unnamed once its kept statement no longer fits its tables', async () => {
    const pool = onePool({ after: 1, perConnection: 10, texts: 10 });
    // A connection held as a transaction holds it (pool.query would drop a connection after any error).
    const client = await pool.connect();
    try {
      await client.query('create table plan_change (id int primary key, a text)');
      await client.query("insert into plan_change values (1, 'x')");
      const text = 'select * from plan_change where id = $1';
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: 'x' }]);
      await client.query('alter table plan_change add column b text');
      // PostgreSQL refuses the kept statement (its result's columns changed), and would on every run ...
      await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
      // ... so the text then runs unnamed on this connection, with the new column.
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: 'x', b: null }]);
    } finally {
      client.release();
      await pool.end();
    }
  });

  it('is on for the server database by default and off when asked', async () => {
    const countKept = async (namedStatements: boolean | undefined) => {
      const database = await openDatabase({ databaseUrl: target.url, namedStatements });
      try {
        for (let run = 0; run < 4; run += 1) await database.db.execute(sql`select ${run}::int as run`);
        return rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pg_prepared_statements`))[0]?.n;
      } finally {
        await database.close();
      }
    };
    expect(await countKept(undefined)).toBe(1);
    expect(await countKept(false)).toBe(0);
  });
});
