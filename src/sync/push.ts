import { rebase } from '../db/commands/run';
import type { SalonDb } from '../db/salon-db';
import type { Transport } from './transport';

export type PushOutcome = 'done' | 'transient' | 'gap';

/**
 * Sends the outbox in seq order, one command at a time (DESIGN.md §5.2, §5.3):
 * - confirmed: marked acknowledged (its effect stays until the next pull brings the server's rows);
 * - refused: removed, its effect undone by a re-base, a conflict kept with the form's values;
 * - transient failure: stop; the engine retries with backoff. Nothing is ever dropped for a network error.
 */
export async function pushAll(db: SalonDb, transport: Transport, clientId: string): Promise<PushOutcome> {
  for (;;) {
    const entry = await db.outbox
      .orderBy('seq')
      .filter((e) => e.ackedAt === null)
      .first();
    if (!entry) return 'done';
    const result = await transport.send(clientId, entry);
    if (result.kind === 'transient') return 'transient';
    if (result.kind === 'gap') return 'gap';
    if (result.kind === 'ok') {
      await db.transaction('rw', db.outbox, db.meta, async () => {
        // Another tab (two leaders racing) may have handled this entry already.
        const current = await db.outbox.get(entry.seq);
        if (!current || current.ackedAt !== null) return;
        const counter = ((await db.getMeta<number>('ackCounter')) ?? 0) + 1;
        await db.meta.put({ key: 'ackCounter', value: counter });
        await db.outbox.update(entry.seq, { ackedAt: counter });
      });
      continue;
    }
    await db.transaction('rw', db.tables, async () => {
      // One conflict per refused command, even when another tab got the same (stored) refusal.
      if (!(await db.outbox.get(entry.seq))) return;
      await db.outbox.delete(entry.seq);
      await db.conflicts.add({
        seq: entry.seq,
        name: entry.name,
        args: entry.args,
        form: entry.form,
        error: result.error,
        salonId: entry.salonId,
        createdAt: new Date().toISOString(),
      });
      await rebase(db);
    });
  }
}
