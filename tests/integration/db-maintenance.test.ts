import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { startMaintenance } from '../../server/db/maintenance';
import { migrate, rowsOf } from '../../server/db/migrate';

/** PGlite has no autovacuum (a standalone backend): the server analyses its tables at start and vacuums them after. */
describe('PGlite maintenance', () => {
  it('gives the planner statistics when the server starts, and vacuums on its timer until stopped', async () => {
    const database = await openDatabase({ dataDir: null });
    try {
      await migrate(database);
      await database.db.execute(sql`insert into users (id, email, password_hash, first_name, last_name)
        select 'u' || g, 'u' || g || '@maintenance.test', 'x', 'First', 'Last' from generate_series(1, 500) g`);
      const statistics = async () =>
        rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pg_stats where tablename = 'users'`))[0]?.n;
      expect(await statistics()).toBe(0);

      const lines: string[] = [];
      const stop = await startMaintenance(database, (line) => lines.push(line), 20);
      expect(await statistics()).toBeGreaterThan(0);
      expect(lines).toEqual([expect.stringMatching(/^\[db\] analyze in \d+ ms$/)]);

      await expect.poll(() => lines.filter((line) => /^\[db\] vacuum in \d+ ms$/.test(line)).length).toBeGreaterThan(0);
      await stop();
      const after = lines.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines.length).toBe(after);
    } finally {
      await database.close();
    }
  });
});
