import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Database } from './db/client';

/**
 * Backups of the embedded database (issue 56 item 5): PGlite's data directory as a gzipped tarball, written by the
 * server itself (PGlite is one process's: nothing else may open the directory while the server runs). Daily by
 * default, the newest `keep` kept; `npm run backup` asks the running server for one through a loopback-only call
 * holding the key the server wrote beside its data, and `npm run restore FILE` brings one back into an empty data
 * directory (scripts/backup.ts, scripts/restore.ts). PostgreSQL has its own tools (README "Backups").
 */
export const BACKUP_NAME = /^salon-panel-\d{8}-\d{6}\.tar\.gz$/;
export const BACKUP_KEY_FILE = 'backup.key';

export interface BackupSettings {
  dir: string;
  /** Backups kept; the oldest beyond it are deleted after each new one. */
  keep: number;
  /** Hours between automatic backups; 0 turns them off. */
  everyHours: number;
}

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
}

/** Writes one backup (to a .part file, then renamed, so a half-written one never counts) and prunes; its path. */
export async function writeBackup(
  database: Database,
  settings: Pick<BackupSettings, 'dir' | 'keep'>,
  at = new Date(),
): Promise<string | null> {
  const copy = await database.backup();
  if (!copy) return null;
  mkdirSync(settings.dir, { recursive: true });
  let path = join(settings.dir, `salon-panel-${stamp(at)}.tar.gz`);
  // Two in the same second (a manual one beside the daily one): the second waits for a name of its own.
  for (let n = 1; existsSync(path); n++) path = join(settings.dir, `salon-panel-${stamp(new Date(at.getTime() + n * 1000))}.tar.gz`);
  writeFileSync(`${path}.part`, Buffer.from(await copy.arrayBuffer()));
  renameSync(`${path}.part`, path);
  const all = listBackups(settings.dir);
  for (const old of all.slice(0, Math.max(0, all.length - Math.max(1, settings.keep)))) rmSync(join(settings.dir, old));
  return path;
}

/**
 * Automatic backups: checked every hour (and a minute after the start), one is written when the newest is older
 * than `everyHours`. Returns the stop.
 */
export function scheduleBackups(database: Database, settings: BackupSettings, log: (line: string) => void): () => void {
  if (settings.everyHours <= 0 || database.kind !== 'pglite') return () => {};
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const newest = listBackups(settings.dir).at(-1);
      const age = newest ? Date.now() - statSync(join(settings.dir, newest)).mtimeMs : Number.POSITIVE_INFINITY;
      if (age < settings.everyHours * 3600_000) return;
      const path = await writeBackup(database, settings);
      if (path) log(`[backup] wrote ${path}`);
    } catch (error) {
      log(`[backup] failed: ${(error as Error).name}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void check(), 60_000);
  const hourly = setInterval(() => void check(), 3600_000);
  first.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}

/** The key `npm run backup` shows the running server: made at start, readable by the data directory's owner only. */
export function writeBackupKey(dataDir: string): string {
  const key = randomBytes(24).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, BACKUP_KEY_FILE), key, { mode: 0o600 });
  return key;
}

export function readBackupKey(dataDir: string): string | null {
  const path = join(dataDir, BACKUP_KEY_FILE);
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : null;
}

/** Whether a call may ask for a backup: from this machine, with the key. */
export function backupCallAllowed(address: string | undefined, given: string | undefined, key: string | null): boolean {
  if (!key || !given) return false;
  if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(address ?? '')) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Brings a backup back into `dataDir`, which must hold no database yet; the server then starts on it. */
export async function restoreBackup(file: string, dataDir: string): Promise<void> {
  const target = join(dataDir, 'pglite');
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new Error(`${target} already holds a database: restore into an empty DATA_DIR, or move it away first`);
  }
  const database = await openDatabase({ dataDir, pgliteImage: new Blob([readFileSync(file)]) });
  await database.close();
}
