import { rebase } from '../db/commands/run';
import type { SalonDb } from '../db/salon-db';
import { newId } from '../domain/ids';
import { ENTITY_NAMES } from '../domain/entities';
import { pullAll } from './pull';
import type { Transport } from './transport';

/**
 * Soft reset (DESIGN.md §5.9): download everything again, keeping the unsent commands and replaying them
 * on the fresh rows. With `newClient` (the server does not know our seq any more) the pending commands get
 * a new clientId and are renumbered from 1 in their order; confirmed ones are dropped, the pull holds them.
 */
export async function softReset(db: SalonDb, transport: Transport, salonId: string, options: { newClient: boolean }): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    for (const entity of ENTITY_NAMES) await db.mirror(entity).clear();
    await db.base.clear();
    const cursors = await db.meta.filter((m) => m.key.startsWith('cursor:')).primaryKeys();
    await db.meta.bulkDelete(cursors);
    if (options.newClient) {
      const pending = await db.outbox
        .orderBy('seq')
        .filter((e) => e.ackedAt === null)
        .toArray();
      await db.outbox.clear();
      await db.outbox.bulkAdd(pending.map((e, i) => ({ ...e, seq: i + 1 })));
      await db.meta.bulkPut([
        { key: 'clientId', value: newId() },
        { key: 'seq', value: pending.length },
      ]);
    }
  });
  await pullAll(db, transport, salonId);
  // Replay every pending command on the fresh rows (an update needs its row, which only the pull brought).
  // The scope is an async function: Dexie keeps the transaction across native awaits only for those, and a
  // plain arrow returning rebase's promise loses it after the first replay (PrematureCommitError, reset.test).
  await db.transaction('rw', db.tables, async () => {
    await rebase(db);
  });
}
