import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerUnderLoad {
  url: string;
  stop(): Promise<void>;
}

/**
 * The server as `npm start` runs it (server/index.ts), on PostgreSQL, in processes of its own: `processes` of them
 * behind one port (server/cluster.ts). The load tool stays in the bench's process.
 */
export function startServer(options: {
  databaseUrl: string;
  listenUrl: string | null;
  /** Off through Debian's PgBouncer (1.18), which keeps no named statements in transaction mode. */
  namedStatements?: boolean;
  processes: number;
  port: number;
}): Promise<ServerUnderLoad> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      DATABASE_LISTEN_URL: options.listenUrl ?? '',
      DATABASE_NAMED_STATEMENTS: options.namedStatements === false ? 'off' : 'on',
      SERVER_PROCESSES: String(options.processes),
      PORT: String(options.port),
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-app'),
      SEED_DEMO: '0',
      SMTP_URL: '',
      RATE_LIMIT_PER_ADDRESS: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /Salon panel: (\S+)/.exec(out);
      // With several processes, the others start once the first listens.
      if (ready && (options.processes === 1 || out.includes('server processes listening'))) resolve({ url: ready[1] as string, stop });
    });
    child.on('exit', (code) => reject(new Error(`the bench's server exited with ${code}`)));
  });
}
