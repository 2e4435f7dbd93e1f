/**
 * `npm run backup`: a backup of the embedded database now (issue 56, server/backup.ts). The running server writes it
 * (nothing else may open its database), asked on this machine with the key it keeps in DATA_DIR; with no server
 * running, the database is opened here and copied. Prints the file's path. PostgreSQL: see README "Backups".
 */
import { resolve, join } from 'node:path';
import { listBackups, readBackupKey, writeBackup } from '../server/backup';
import { openDatabase } from '../server/db/client';

const env = process.env;
if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump or its point-in-time recovery (README "Backups").');
  process.exit(1);
}
const dataDir = resolve(env.DATA_DIR || './data');
const dir = env.BACKUP_DIR ? resolve(env.BACKUP_DIR) : join(dataDir, 'backups');
const keep = Number(env.BACKUP_KEEP || 7);
const port = Number(env.PORT || 4000);

async function fromRunningServer(): Promise<string | null> {
  const key = readBackupKey(dataDir);
  if (!key) return null;
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/_backup`, { method: 'POST', headers: { 'x-backup-key': key } });
    if (!answer.ok) throw new Error(`the server at port ${port} answered ${answer.status}`);
    return ((await answer.json()) as { file: string }).file;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return null;
    throw error;
  }
}

const file =
  (await fromRunningServer()) ??
  (await (async () => {
    const database = await openDatabase({ dataDir });
    try {
      return await writeBackup(database, { dir, keep });
    } finally {
      await database.close();
    }
  })());
console.log(`Backup: ${file}`);
console.log(`Kept: ${listBackups(dir).length} in ${dir}`);
