import { rebase } from '../db/commands/run';
import type { OutboxEntry, SalonDb } from '../db/salon-db';
import { PUSH_SPANS, timed } from './timing';
import type { SendResult, Transport } from './transport';

export type PushOutcome = 'done' | 'transient' | 'gap';

/**
 * The most commands one push request carries: all server/sync/push-batch.ts MAX_PUSH_BATCH allows. 500 queued
 * commands drained in 0.89 to 0.98 s with 200, 0.95 to 1.0 s with 100 and 1.02 to 1.07 s with 50 (bench, 2026-11-27).
 */
export const PUSH_BATCH_SIZE = 200;

/**
 * Sends the outbox in seq order (DESIGN.md §5.2, §5.3), in batches when the transport can (one request carries
 * up to PUSH_BATCH_SIZE commands, each applied by the server exactly once, decision 050), else one at a time:
 * - confirmed: marked acknowledged (its effect stays until the next pull brings the server's rows);
 * - refused: removed, its effect undone by a re-base, a conflict kept with the form's values; the rest go on;
 * - transient failure: stop; the engine retries with backoff. Nothing is ever dropped for a network error.
 * The answers of one request are written in one transaction, while the next request is on its way: the server has
 * applied every command the answers are for, so the next ones may go before those answers are stored (a tab
 * closed in between sends them again and gets the stored answers). Answers are still written in seq order.
 */
export async function pushAll(db: SalonDb, transport: Transport, clientId: string): Promise<PushOutcome> {
  const size = transport.sendBatch ? PUSH_BATCH_SIZE : 1;
  let settling: Promise<void> = Promise.resolve();
  try {
    let entries = await unsentAfter(db, -Infinity, size);
    for (;;) {
      if (entries.length === 0) return 'done';
      const batch = entries;
      const results = await timed(PUSH_SPANS.request, async () =>
        transport.sendBatch ? transport.sendBatch(clientId, batch) : [await transport.send(clientId, batch[0] as OutboxEntry)],
      );
      await settling;
      const answered = results.findIndex((r) => r.kind === 'transient' || r.kind === 'gap');
      const settled = batch.slice(0, answered === -1 ? results.length : answered);
      if (answered !== -1 || settled.length === 0) {
        if (settled.length > 0) await timed(PUSH_SPANS.settle, () => settle(db, settled, results));
        // No answer at all would send the same entries again at once: wait for the engine's retry instead.
        return answered === -1 ? 'transient' : ((results[answered] as SendResult).kind as 'transient' | 'gap');
      }
      // Entries a batch left unanswered go in the next request. They are read before these answers are written:
      // IndexedDB would hold the read until that write commits.
      entries = await unsentAfter(db, (settled[settled.length - 1] as OutboxEntry).seq, size);
      settling = timed(PUSH_SPANS.settle, () => settle(db, settled, results));
      // Awaited with the next answers or below; this keeps a failure in between from counting as unhandled.
      settling.catch(() => undefined);
    }
  } finally {
    // Every answer is written before the push ends, whatever ended it.
    await settling;
  }
}

/** The outbox's entries not yet acknowledged after `seq`, in seq order. */
const unsentAfter = (db: SalonDb, seq: number, limit: number) =>
  db.outbox
    .where('seq')
    .above(seq)
    .filter((e) => e.ackedAt === null)
    .limit(limit)
    .toArray();

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
