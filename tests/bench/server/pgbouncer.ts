import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface Pooler {
  /** DATABASE_URL through the pooler, to the same database as `databaseUrl`. */
  url: string;
  stop(): Promise<void>;
}

const PORT = 6439;

/** Resolves once something listens on the port, or rejects after `ms`. */
async function listening(port: number, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(true)).on('error', () => resolve(false));
      setTimeout(() => socket.destroy(), 200);
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`pgbouncer did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * PgBouncer (Debian's package) in transaction mode in front of `databaseUrl`'s PostgreSQL, started by the bench
 * (issue 62 item 5) from a config of its own in a temporary directory; as root it runs as the postgres user, since it
 * refuses to run as root. The servers' LISTEN must go straight to PostgreSQL (DATABASE_LISTEN_URL, decision 068).
 */
export async function startPgbouncer(databaseUrl: string): Promise<Pooler> {
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  const user = decodeURIComponent(target.username || 'postgres');
  const dir = mkdtempSync(join(tmpdir(), 'bench-pgbouncer-'));
  const asRoot = userInfo().uid === 0;
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database}`,
      '[pgbouncer]',
      `listen_addr = 127.0.0.1`,
      `listen_port = ${PORT}`,
      `unix_socket_dir =`,
      `auth_type = trust`,
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `pool_mode = transaction`,
      `max_client_conn = 2000`,
      `default_pool_size = 20`,
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  if (asRoot) {
    chmodSync(dir, 0o755);
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', 'pgbouncer', '-q', join(dir, 'pgbouncer.ini')], { stdio: 'inherit' })
    : spawn('pgbouncer', ['-q', join(dir, 'pgbouncer.ini')], { stdio: 'inherit' });
  await listening(PORT, 10_000);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(PORT);
  return {
    url: url.toString(),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
