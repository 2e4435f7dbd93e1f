import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { App } from '../../server/app';
import type { Db } from '../../server/db/client';
import { buildServer, type RunningServer, type ServerOptions } from '../../server/main';
import { graphqlCall, type GqlResult, type Loose } from './graphql';
import { startSmtpSink, type SmtpSink } from './smtp';

export type Backend = 'pglite' | 'postgres';

/**
 * Backends a test file runs on: PGlite in memory always; PostgreSQL too when the file is named
 * `*.pg.test.ts` and DATABASE_URL is set (DESIGN.md §9). Pass `import.meta.url`.
 * Use as `describe.each(backends(import.meta.url))('%s', (backend) => { const t = useTestServer(backend); … })`.
 */
export function backends(fileUrl: string): Backend[] {
  const file = basename(fileUrl.startsWith('file:') ? fileURLToPath(fileUrl) : fileUrl);
  return file.endsWith('.pg.test.ts') && process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh database on DATABASE_URL's server; `drop` removes it (closing leftover connections). */
export async function createPostgresDatabase(baseUrl = process.env.DATABASE_URL): Promise<{ url: string; drop(): Promise<void> }> {
  if (!baseUrl) throw new Error('DATABASE_URL is not set');
  const name = `t_${randomBytes(8).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface TestServer {
  backend: Backend;
  running: RunningServer;
  app: App;
  /** The server's own drizzle handle, for checks the API does not expose. */
  db: Db;
  url: string;
  /** The PostgreSQL database of this server (null on PGlite): another instance may share it. */
  databaseUrl: string | null;
  /** Real SMTP sink the server sends mail to. */
  mail: SmtpSink;
  /** Lines the server logged (errors are also printed). */
  logs: string[];
  gql<T = Loose>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
    headers?: Record<string, string>,
  ): Promise<GqlResult<T>>;
  stop(): Promise<void>;
}

export type TestServerOptions = Omit<
  ServerOptions,
  'port' | 'host' | 'dataDir' | 'databaseUrl' | 'pgliteImage' | 'smtpUrl' | 'mailer' | 'staticDir'
>;

let pgliteImage: Blob | null | undefined;
/**
 * The migrated PGlite database the integration project's global setup dumped (tests/helpers/pglite-image.setup.ts),
 * read once per test file; null where no setup provided one (each server then runs initdb and the migrations).
 */
function migratedPgliteImage(): Blob | null {
  if (pgliteImage === undefined) {
    const path = inject('pgliteImage');
    pgliteImage = path ? new Blob([readFileSync(path)]) : null;
  }
  return pgliteImage;
}

/**
 * Starts the real server in process on port 0, on a fresh database of `backend`, mailing to a fresh SMTP sink.
 * `sharedDatabaseUrl`: join an existing PostgreSQL database instead (a second instance; it is not dropped).
 */
export async function startTestServer(
  backend: Backend,
  options: TestServerOptions = {},
  sharedDatabaseUrl: string | null = null,
): Promise<TestServer> {
  const mail = await startSmtpSink();
  const database = sharedDatabaseUrl
    ? { url: sharedDatabaseUrl, drop: async () => {} }
    : backend === 'postgres'
      ? await createPostgresDatabase()
      : null;
  const logs: string[] = [];
  try {
    const built = await buildServer({
      captchaCost: 1,
      ...options,
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      databaseUrl: database?.url ?? null,
      pgliteImage: backend === 'pglite' ? migratedPgliteImage() : null,
      smtpUrl: mail.url,
      staticDir: null,
      log: (line) => {
        logs.push(line);
        if (line.startsWith('[error]')) console.error(`[server] ${line}`);
      },
    });
    const running = await built.start();
    const url = `http://127.0.0.1:${running.port}`;
    return {
      backend,
      running,
      app: running.app,
      db: running.app.database.db,
      url,
      databaseUrl: database?.url ?? null,
      mail,
      logs,
      gql: (query, variables, token, headers) => graphqlCall(url, query, variables, token, headers),
      async stop() {
        try {
          await running.stop();
        } finally {
          await mail.close();
          await database?.drop();
        }
      },
    };
  } catch (error) {
    await mail.close();
    await database?.drop();
    throw error;
  }
}

/**
 * Registers beforeAll/afterAll in the current describe block: one server and one fresh database for
 * the block. The returned handle can be used inside tests (not at collection time).
 */
export function useTestServer(backend: Backend, options: TestServerOptions = {}): TestServer {
  let current: TestServer | null = null;
  beforeAll(async () => {
    current = await startTestServer(backend, options);
  });
  afterAll(async () => {
    await current?.stop();
    current = null;
  });
  const get = (): TestServer => {
    if (!current) throw new Error('test server is not running (use it inside a test)');
    return current;
  };
  return {
    backend,
    get running() {
      return get().running;
    },
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get url() {
      return get().url;
    },
    get databaseUrl() {
      return get().databaseUrl;
    },
    get mail() {
      return get().mail;
    },
    get logs() {
      return get().logs;
    },
    gql: (query, variables, token, headers) => get().gql(query, variables, token, headers),
    stop: () => get().stop(),
  };
}

/** Rate limits roomy enough for files that sign up a fresh salon per test. */
export const ROOMY_LIMITS = { rateLimits: { loginFailures: 10, perAddress: 10_000, windowSeconds: 60 } } as const;
