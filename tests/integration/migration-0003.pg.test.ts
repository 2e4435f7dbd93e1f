import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { openDatabase, type Database } from '../../server/db/client';
import { clients, salons } from '../../server/db/schema';
import { backends, createPostgresDatabase } from '../helpers/server';

/**
 * Migration 0003 on a database that already has clients (docs/decisions/012): the new column defaults to
 * an empty list, and every live client gets a fresh rev above the old salon counter, so mirrors made before
 * the migration pull each client again and learn `defaultMasterIds`.
 */
const DIR = join(import.meta.dirname, '../../server/db/migrations');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .map((name) => ({ name, sql: readFileSync(join(DIR, name), 'utf8') }));
const before0003 = files.filter((f) => f.name < '0003');

describe.each(backends(import.meta.url))('migration 0003 on %s', (backend) => {
  let database: Database | null = null;
  let drop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await database?.close();
    await drop?.();
    database = null;
    drop = null;
  });

  it("gives every live client an empty list and a new rev of its own above the salon's old counter", async () => {
    const pg = backend === 'postgres' ? await createPostgresDatabase() : null;
    drop = pg?.drop ?? null;
    database = await openDatabase({ databaseUrl: pg?.url ?? null, dataDir: null });
    await database.applyMigrations(before0003);
    const { db } = database;
    const owner = newId();
    const [a, b] = [newId(), newId()];
    await db.execute(sql`insert into users (id, email, password_hash) values (${owner}, ${`${owner}@example.test`}, 'x')`);
    for (const [salon, rev] of [
      [a, 10],
      [b, 4],
    ] as const) {
      await db.execute(sql`insert into salons (id, name, administrator_id, settings, rev, trial_ends_at)
        values (${salon}, ${`Salon ${salon}`}, ${owner}, '{}'::jsonb, ${rev}, now())`);
    }
    const client = (salon: string, rev: number, deleted = false) => {
      const id = newId();
      return db
        .execute(
          sql`insert into clients (id, salon_id, first_name, rev, deleted_at) values (${id}, ${salon}, 'Anna', ${rev}, ${deleted ? sql`now()` : null})`,
        )
        .then(() => id);
    };
    const liveA = [await client(a, 3), await client(a, 7), await client(a, 7)];
    const deletedA = await client(a, 9, true);
    const liveB = [await client(b, 2)];

    expect(await database.applyMigrations(files)).toEqual(files.filter((f) => f.name >= '0003').map((f) => f.name));

    const revOf = async (salon: string) => (await db.select({ rev: salons.rev }).from(salons).where(eq(salons.id, salon)))[0]?.rev;
    expect(await revOf(a)).toBe(13);
    expect(await revOf(b)).toBe(5);
    const rowsA = await db.select().from(clients).where(eq(clients.salonId, a)).orderBy(asc(clients.rev));
    // Old rev order kept (ties by id), each above the old counter 10, the last at the new counter.
    const byOldOrder = [liveA[0], ...[liveA[1], liveA[2]].sort()];
    expect(rowsA.filter((r) => !r.deletedAt).map((r) => [r.id, r.rev])).toEqual(byOldOrder.map((id, i) => [id, 11 + i]));
    expect(rowsA.find((r) => r.id === deletedA)?.rev, 'a tombstone keeps its rev').toBe(9);
    for (const row of rowsA) expect(row.defaultMasterIds).toEqual([]);
    const rowsB = await db.select().from(clients).where(eq(clients.salonId, b));
    expect(rowsB.map((r) => [r.id, r.rev])).toEqual([[liveB[0], 5]]);
  });
});
