import type { BaseEntry, OutboxEntry, SalonDb } from '../salon-db';
import { CommandTx } from './command-tx';
import type { CommandBatch } from './registry';
import { allTables } from './run';

export type { CommandBatch } from './registry';

/**
 * Many commands in ONE transaction (an import, issue 58): each validated against the mirror as the earlier ones
 * left it, applied, and given the next seq, exactly as `runCommand` does one by one, with the outbox entries added
 * together at the end. `body` reads the mirror between commands (a client with the row's phone) in the same
 * transaction. A refusal thrown by `run` is the caller's to catch and the batch goes on; any other error aborts the
 * batch, and nothing of it is written.
 */
export async function runCommandBatch<T>(db: SalonDb, salonId: string, now: string, body: (batch: CommandBatch) => Promise<T>): Promise<T> {
  return db.transaction('rw', allTables(db), async () => {
    let seq = (await db.getMeta<number>('seq')) ?? 0;
    const entries: OutboxEntry[] = [];
    const batch: CommandBatch = {
      db,
      async run(def, args) {
        const tx = new CommandTx(db);
        await def.validate(tx, args);
        await def.apply(tx, args);
        seq += 1;
        entries.push({ seq, name: def.name, args, touched: [...tx.touched], form: null, salonId, createdAt: now, ackedAt: null });
        return seq;
      },
      async putRows(entity, rows) {
        const ids = rows.map((row) => row.id);
        const keys = ids.map((id) => `${entity}:${id}`);
        const [kept, current] = await Promise.all([db.base.bulkGet(keys), db.mirror(entity).bulkGet(ids)]);
        const based: BaseEntry[] = keys.flatMap((key, i) =>
          kept[i] ? [] : [{ key, entity, id: ids[i] as string, row: current[i] ?? null }],
        );
        await Promise.all([db.base.bulkPut(based), db.mirror(entity).bulkPut(rows as never[])]);
      },
      queue(name, args, touched) {
        seq += 1;
        entries.push({ seq, name, args, touched, form: null, salonId, createdAt: now, ackedAt: null });
        return seq;
      },
    };
    const result = await body(batch);
    if (entries.length > 0) {
      await db.outbox.bulkAdd(entries);
      await db.meta.put({ key: 'seq', value: seq });
    }
    return result;
  });
}
