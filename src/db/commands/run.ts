import type { SalonDb, FormRef } from '../salon-db';
import { CommandTx } from './command-tx';
import { commandNamed, type CommandDefinition } from './registry';

/** Every table a command or a re-base may touch: one transaction covers the mirror, outbox, base and meta. */
export const allTables = (db: SalonDb) => db.tables;

/**
 * Runs a command (DESIGN.md §5.1): in ONE transaction validate against the mirror, apply the effect,
 * take the next seq and append the outbox entry. A refusal throws before anything is written; what the
 * server refuses later is undone by `rebase` and kept as a conflict with the form's values.
 */
export async function runCommand<A>(
  db: SalonDb,
  def: CommandDefinition<A>,
  args: A,
  options: { salonId: string; form?: FormRef | null; now?: string },
): Promise<{ seq: number }> {
  return db.transaction('rw', allTables(db), async () => {
    const tx = new CommandTx(db);
    await def.validate(tx, args);
    await def.apply(tx, args);
    const seq = ((await db.getMeta<number>('seq')) ?? 0) + 1;
    await db.meta.put({ key: 'seq', value: seq });
    await db.outbox.add({
      seq,
      name: def.name,
      args,
      touched: [...tx.touched],
      form: options.form ?? null,
      salonId: options.salonId,
      createdAt: options.now ?? new Date().toISOString(),
      ackedAt: null,
    });
    return { seq };
  });
}

/**
 * Re-base (DESIGN.md §5.5), inside a caller's read-write transaction over all tables: reset every row a
 * pending command changed to its confirmed copy, then replay the outbox in seq order. Rows no pending
 * command touches any more are left exactly as the server sent them.
 */
export async function rebase(db: SalonDb): Promise<void> {
  // The confirmed copies go back in one write per table (each row has one base entry, so order does not matter).
  const puts = new Map<string, unknown[]>();
  const deletes = new Map<string, string[]>();
  for (const b of await db.base.toArray()) {
    if (b.row) (puts.get(b.entity) ?? puts.set(b.entity, []).get(b.entity))?.push(b.row);
    else (deletes.get(b.entity) ?? deletes.set(b.entity, []).get(b.entity))?.push(b.id);
  }
  for (const [entity, rows] of puts) await db.table(entity).bulkPut(rows);
  for (const [entity, ids] of deletes) await db.table(entity).bulkDelete(ids);
  await db.base.clear();
  const pending = await db.outbox.orderBy('seq').toArray();
  for (const entry of pending) {
    const tx = new CommandTx(db);
    try {
      await commandNamed(entry.name).apply(tx, entry.args as never);
    } catch {
      // The effect no longer applies to the new server data (a row it needs is gone). Nothing is shown for
      // it; the server's answer to the command decides, and a refusal still reaches the form.
    }
    const touched = [...tx.touched];
    if (touched.join() !== entry.touched.join()) await db.outbox.update(entry.seq, { touched });
  }
}
