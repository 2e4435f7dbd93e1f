import { rebase } from '../db/commands/run';
import type { OutboxEntry, SalonDb } from '../db/salon-db';
import { PUSH_SPANS, timed } from './timing';
import type { SendResult, Transport } from './transport';

export type PushOutcome = 'done' | 'transient' | 'gap';

/** The most commands one push request carries (server/sync/push-batch.ts MAX_PUSH_BATCH allows 200). */
export const PUSH_BATCH_SIZE = 100;

/**
 * Sends the outbox in seq order (DESIGN.md §5.2, §5.3), in batches when the transport can (one request carries
 * up to PUSH_BATCH_SIZE commands, each applied by the server exactly once, decision 050), else one at a time:
 * - confirmed: marked acknowledged (its effect stays until the next pull brings the server's rows);
 * - refused: removed, its effect undone by a re-base, a conflict kept with the form's values; the rest go on;
 * - transient failure: stop; the engine retries with backoff. Nothing is ever dropped for a network error.
 * The answers of one request are written in one transaction.
 */
export async function pushAll(db: SalonDb, transport: Transport, clientId: string): Promise<PushOutcome> {
  for (;;) {
    const entries = await db.outbox
      .orderBy('seq')
      .filter((e) => e.ackedAt === null)
      .limit(transport.sendBatch ? PUSH_BATCH_SIZE : 1)
      .toArray();
    if (entries.length === 0) return 'done';
    const results = await timed(PUSH_SPANS.request, async () =>
      transport.sendBatch ? transport.sendBatch(clientId, entries) : [await transport.send(clientId, entries[0] as OutboxEntry)],
    );
    const answered = results.findIndex((r) => r.kind === 'transient' || r.kind === 'gap');
    const settled = entries.slice(0, answered === -1 ? results.length : answered);
    if (settled.length > 0) await timed(PUSH_SPANS.settle, () => settle(db, settled, results));
    if (answered !== -1) return (results[answered] as SendResult).kind as 'transient' | 'gap';
    // No answer at all would send the same entries again at once: wait for the engine's retry instead. Entries a
    // batch left unanswered go in the next request.
    if (results.length === 0) return 'transient';
  }
}

/** Writes the answers (ok or refused) of the entries, in seq order, in one transaction. */
async function settle(db: SalonDb, entries: readonly OutboxEntry[], results: readonly SendResult[]): Promise<void> {
  // Acknowledgements alone touch the outbox and meta; a refusal re-bases the mirror too.
  const anyRefused = results.slice(0, entries.length).some((r) => r.kind === 'refused');
  await db.transaction('rw', anyRefused ? db.tables : [db.outbox, db.meta], async () => {
    let counter = (await db.getMeta<number>('ackCounter')) ?? 0;
    let refused = false;
    // Another tab (two leaders racing) may have handled some of them already: one read for all.
    const currents = await db.outbox.bulkGet(entries.map((e) => e.seq));
    const acks: { key: number; changes: { ackedAt: number } }[] = [];
    for (const [i, entry] of entries.entries()) {
      const result = results[i] as SendResult;
      const current = currents[i];
      if (!current || current.ackedAt !== null) continue;
      if (result.kind === 'ok') {
        counter += 1;
        acks.push({ key: entry.seq, changes: { ackedAt: counter } });
      } else if (result.kind === 'refused') {
        // One conflict per refused command, even when another tab got the same (stored) refusal.
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
        refused = true;
      }
    }
    // One write for the batch's acknowledgements (their order is kept by their counter values).
    if (acks.length > 0) await db.outbox.bulkUpdate(acks);
    await db.meta.put({ key: 'ackCounter', value: counter });
    if (refused) await rebase(db);
  });
}
