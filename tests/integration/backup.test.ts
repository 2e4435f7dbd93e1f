import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { listBackups, readBackupKey, restoreBackup, writeBackup } from '../../server/backup';
import { openDatabase, type Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/migrate';
import { buildServer } from '../../server/main';

/** Every row of every table, each table's rows as sorted JSON, so two databases compare whole. */
async function everyTable(database: Database): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((t) => t.name);
  const all: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = rowsOf<Record<string, unknown>>(await database.db.execute(sql.raw(`select * from "${table}"`)));
    all[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return all;
}

/**
 * Backups of the embedded database (issue 56 item 5): the running server writes one when asked on this machine with
 * its key, keeps the newest few, and a backup restored into an empty data directory holds every row of every table.
 */
describe('backup and restore of the embedded database', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'salon-backup-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('the running server writes a backup only for its key; restored, every table is the same', async () => {
    const dataDir = tempDir();
    const built = await buildServer({ port: 0, dataDir, seedDemo: true, staticDir: null, log: () => {}, backups: { everyHours: 0 } });
    const running = await built.start();
    try {
      const ask = (key?: string) =>
        fetch(`http://127.0.0.1:${running.port}/_backup`, { method: 'POST', headers: key ? { 'x-backup-key': key } : {} });
      expect((await ask()).status).toBe(404);
      expect((await ask('not-the-key')).status).toBe(404);
      const key = readBackupKey(dataDir) as string;
      const answer = await ask(key);
      expect(answer.status).toBe(200);
      const { file } = (await answer.json()) as { file: string };
      expect(listBackups(join(dataDir, 'backups'))).toEqual([file.split('/').at(-1)]);

      const restoredDir = tempDir();
      await restoreBackup(file, restoredDir);
      const restored = await openDatabase({ dataDir: restoredDir });
      try {
        const [original, copy] = [await everyTable(built.app.database), await everyTable(restored)];
        expect(Object.keys(copy)).toEqual(Object.keys(original));
        expect(original.salons?.length).toBeGreaterThan(0);
        expect(original.appointments?.length).toBeGreaterThan(0);
        expect(copy).toEqual(original);
      } finally {
        await restored.close();
      }
      // A directory that holds a database is never overwritten.
      await expect(restoreBackup(file, restoredDir)).rejects.toThrow(/already holds a database/);
    } finally {
      await running.stop();
    }
  });

  it('keeps the newest backups only', async () => {
    const dataDir = tempDir();
    const database = await openDatabase({ dataDir });
    try {
      const dir = join(dataDir, 'backups');
      const at = (minute: number) => new Date(Date.UTC(2026, 11, 5, 10, minute));
      for (const minute of [1, 2, 3]) await writeBackup(database, { dir, keep: 2 }, at(minute));
      expect(listBackups(dir)).toEqual(['salon-panel-20261205-100200.tar.gz', 'salon-panel-20261205-100300.tar.gz']);
    } finally {
      await database.close();
    }
  });
});
