import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../../server/main';
import { graphqlCall } from '../../helpers/graphql';
import { createPostgresDatabase, startTestServer, type Backend, type TestServer, type TestServerOptions } from '../../helpers/server';
import { startSmtpSink } from '../../helpers/smtp';

export type ServerInstance = Pick<TestServer, 'url' | 'gql' | 'db' | 'app' | 'stop'>;

/**
 * A server whose data outlives it (DESIGN.md §9 "a server restart"): `start()` runs a new instance on the
 * same data, on another port. PGlite keeps its data in a temporary directory; PostgreSQL in a database of
 * its own, joined by every instance (startTestServer's sharedDatabaseUrl). `dispose()` removes the data.
 */
export async function restartableServer(backend: Backend, options: TestServerOptions = {}) {
  const pgDatabase = backend === 'postgres' ? await createPostgresDatabase() : null;
  const dataDir = backend === 'pglite' ? await mkdtemp(join(tmpdir(), 'salon-restart-')) : null;

  async function startOnDir(dir: string): Promise<ServerInstance> {
    const mail = await startSmtpSink();
    try {
      const built = await buildServer({
        captchaCost: 1,
        ...options,
        port: 0,
        host: '127.0.0.1',
        dataDir: dir,
        databaseUrl: null,
        smtpUrl: mail.url,
        staticDir: null,
        log: (line) => {
          if (line.startsWith('[error]')) console.error(`[server] ${line}`);
        },
      });
      const running = await built.start();
      const url = `http://127.0.0.1:${running.port}`;
      return {
        url,
        app: running.app,
        db: running.app.database.db,
        gql: (query, variables, token, headers) => graphqlCall(url, query, variables, token, headers),
        async stop() {
          try {
            await running.stop();
          } finally {
            await mail.close();
          }
        },
      };
    } catch (error) {
      await mail.close();
      throw error;
    }
  }

  return {
    start(): Promise<ServerInstance> {
      if (pgDatabase) return startTestServer('postgres', options, pgDatabase.url);
      return startOnDir(dataDir as string);
    },
    async dispose(): Promise<void> {
      await pgDatabase?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
