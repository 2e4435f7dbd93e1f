import type { SalonDb, FormRef } from '../salon-db';
import { CommandTx } from './command-tx';
import { localCommand } from './local-commands';
import type { CommandArgs, CommandDefinition } from './registry';
import type { CommandName } from '../../domain/commands/catalogue';

/** Every table a command or a re-base may touch: one transaction covers the mirror, outbox, base and meta. */
export const allTables = (db: SalonDb) => db.tables;

/**
 * Runs a command (DESIGN.md §5.1): in ONE transaction validate against the mirror, apply the effect,
 * take the next seq and append the outbox entry. A refusal throws before anything is written; what the
 * server refuses later is undone by `rebase` and kept as a conflict with the form's values.
 */
export async function runCommand<N extends CommandName>(
  db: SalonDb,
  def: CommandDefinition<N>,
  args: CommandArgs<N>,
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

/** Mirror writes gathered by table, then made with one bulk call per table (each row once, so order does not matter). */
export class MirrorWrites {
  private readonly puts = new Map<string, unknown[]>();
  private readonly deletes = new Map<string, string[]>();

  put(entity: string, row: unknown): void {
    (this.puts.get(entity) ?? this.puts.set(entity, []).get(entity))?.push(row);
  }

  remove(entity: string, id: string): void {
    (this.deletes.get(entity) ?? this.deletes.set(entity, []).get(entity))?.push(id);
  }

  async write(db: SalonDb): Promise<void> {
    for (const [entity, rows] of this.puts) await db.table(entity).bulkPut(rows);
    for (const [entity, ids] of this.deletes) await db.table(entity).bulkDelete(ids);
  }
}

/** Adds to `writes` every confirmed copy kept in `base` (a row back, or a delete where there was none), but `except`'s keys. */
export async function confirmedCopies(db: SalonDb, writes: MirrorWrites, except?: ReadonlySet<string>): Promise<void> {
  for (const b of await db.base.toArray()) {
    if (except?.has(b.key)) continue;
    if (b.row) writes.put(b.entity, b.row);
    else writes.remove(b.entity, b.id);
  }
}

/**
 * Re-base (DESIGN.md §5.5), inside a caller's read-write transaction over all tables: reset every row a
 * pending command changed to its confirmed copy, then replay the outbox in seq order. Rows no pending
 * command touches any more are left exactly as the server sent them.
 */
export async function rebase(db: SalonDb): Promise<void> {
  const writes = new MirrorWrites();
  await confirmedCopies(db, writes);
  await writes.write(db);
  await db.base.clear();
  const pending = await db.outbox.orderBy('seq').toArray();
  for (const entry of pending) {
    const tx = new CommandTx(db);
    try {
      // A name this version does not know (an outbox from a newer one) has no local effect to replay.
      await localCommand(entry.name)?.apply(tx, entry.args as never);
    } catch {
      // The effect no longer applies to the new server data (a row it needs is gone). Nothing is shown for
      // it; the server's answer to the command decides, and a refusal still reaches the form.
    }
    const touched = [...tx.touched];
    if (touched.join() !== entry.touched.join()) await db.outbox.update(entry.seq, { touched });
  }
}
