import { mkdirSync } from 'node:fs';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { errorSummary } from '../error-summary';
import { nameRepeatedStatements } from './named-statements';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const CREATE_MIGRATIONS_TABLE =
  'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (for the LISTEN connection of server/pubsub.ts); null on PGlite. */
  url: string | null;
  /**
   * Applies the given migrations that are not yet recorded in schema_migrations, in one transaction
   * holding a lock, so two instances starting together never apply one twice. Returns applied names.
   */
  applyMigrations(files: { name: string; sql: string }[]): Promise<string[]>;
  /**
   * A consistent copy of an embedded database: PGlite's data directory as a gzipped tarball, taken between two of its
   * statements (PGlite runs one at a time). Null on PostgreSQL, which has its own tools (README "Backups").
   */
  backup(): Promise<Blob | null>;
  /**
   * What autovacuum does on PostgreSQL, for PGlite, which runs as a standalone backend without it: `analyze` gives
   * the planner its statistics (without them it plans a salon's rows as a few dozen and reads every row of a
   * table to sort them, server/db/maintenance.ts), `vacuum` makes dead rows' space reusable. Nothing on PostgreSQL.
   */
  maintain(what: 'analyze' | 'vacuum'): Promise<void>;
  /**
   * SQL as a library that brings its own runs it (the job queue, server/jobs/queue.ts): one statement with `$n`
   * parameters, or several without any; the last statement's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** The types drizzle reads as PGlite returns their text (drizzle-orm/pglite/session.js): the dates and their arrays. */
const DRIZZLE_RAW_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
type Queryable = Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'transaction'>>;

/**
 * PGlite as drizzle uses it, faster: drizzle passes its parsers with every query, and PGlite then copies its whole
 * table of parsers for that query (about 0.13 ms, a tenth of a pushed command's time, decision 050). The instance
 * gets drizzle's parsers once instead (`withDrizzleParsers`), and the queries go without them: the same values.
 */
function withoutQueryParsers<T extends Queryable>(client: T): T {
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          target.query(query, params, options?.parsers ? { ...options, parsers: undefined } : options);
      }
      if (key === 'transaction' && target.transaction) {
        const transaction = target.transaction.bind(target);
        return (fn: (tx: Transaction) => Promise<unknown>) => transaction((tx) => fn(withoutQueryParsers(tx)));
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function withDrizzleParsers(client: PGlite): PGlite {
  for (const type of DRIZZLE_RAW_TYPES) client.parsers[type] = (value: string) => value;
  return withoutQueryParsers(client);
}

/**
 * `DATABASE_URL` selects PostgreSQL; otherwise PGlite under `dataDir` (or in memory when dataDir is null).
 * `pgliteImage`: a PGlite data directory dumped by `dumpDataDir` for the database to start from: in memory, the tests
 * copy one migrated database instead of running initdb and the migrations for every server; with an empty
 * `dataDir`, a backup is restored into it.
 */
export async function openDatabase(options: {
  databaseUrl?: string | null;
  dataDir?: string | null;
  pgliteImage?: Blob | null;
  /** PostgreSQL keeps the repeated statements by name (named-statements.ts); off behind a pooler that cannot. */
  namedStatements?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    if (options.namedStatements !== false) nameRepeatedStatements(pool);
    // An idle connection the server terminates (restart, failover, a dropped database) must not crash the
    // process: the pool discards it and the next query opens a new one.
    pool.on('error', (error) => console.warn(`[db] idle connection lost: ${errorSummary(error)}`));
    // Wall times are read as they are stored: no time-zone shifting of `timestamp` columns.
    pg.types.setTypeParser(1114, (value: string) => value);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: options.databaseUrl,
      applyMigrations: async (files) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('select pg_advisory_xact_lock(724001)');
          await client.query(CREATE_MIGRATIONS_TABLE);
          const done = new Set((await client.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
          const applied: string[] = [];
          for (const file of files) {
            if (done.has(file.name)) continue;
            await client.query(file.sql);
            await client.query('insert into schema_migrations (name) values ($1)', [file.name]);
            applied.push(file.name);
          }
          await client.query('commit');
          return applied;
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      },
      maintain: async () => undefined,
      backup: async () => null,
      executeSql: async (text, values) => {
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
      },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = `${options.dataDir}/pglite`;
    mkdirSync(dir, { recursive: true });
  }
  // btree_gist backs the exclusion constraints that refuse double booking (migration 0002); unaccent the lists'
  // searches (migration 0009).
  const client = await PGlite.create({
    // An image with a data directory fills the (empty) directory from it: a restored backup (server/backup.ts).
    ...(dir ? { dataDir: dir } : {}),
    ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
    extensions: { btree_gist, unaccent },
  });
  const db = drizzlePglite({ client: withDrizzleParsers(client), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    url: null,
    applyMigrations: (files) =>
      client.transaction(async (tx) => {
        await tx.exec(CREATE_MIGRATIONS_TABLE);
        const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
        const applied: string[] = [];
        for (const file of files) {
          if (done.has(file.name)) continue;
          await tx.exec(file.sql);
          await tx.query('insert into schema_migrations (name) values ($1)', [file.name]);
          applied.push(file.name);
        }
        return applied;
      }),
    maintain: async (what) => {
      await client.exec(what === 'vacuum' ? 'vacuum (analyze)' : 'analyze');
    },
    backup: async () => {
      await client.exec('checkpoint');
      return client.dumpDataDir('gzip');
    },
    // PGlite's query takes one statement; several (a library's migration) go through exec, without parameters.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
    },
    close: () => client.close(),
  };
}
