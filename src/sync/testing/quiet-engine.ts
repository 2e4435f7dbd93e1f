import type { SalonDb } from '../../db/salon-db';
import { SALON } from '../../db/testing/fixtures';
import { SyncEngine, type EngineOptions, type SyncStatus } from '../engine';
import type { Transport } from '../transport';

/**
 * An engine for the sibling tests of src/sync: no Web Lock, and its timer and back-off ten minutes long, so it runs
 * a cycle only when the test kicks it. `onStatus` hears each status it reports.
 */
export function quietEngine(
  db: SalonDb,
  transport: Transport,
  onStatus?: (status: SyncStatus) => void,
  more: Pick<EngineOptions, 'earlyFirstPage'> = {},
): SyncEngine {
  return new SyncEngine({
    db,
    transport,
    salonId: SALON,
    lock: (_name, fn) => fn(),
    intervalMs: 600_000,
    backoff: { baseMs: 600_000, maxMs: 600_000 },
    onStatus,
    ...more,
  });
}

/** Stops a test's engine, once its cycle under way has ended. */
export async function stopEngine(engine: SyncEngine | null): Promise<void> {
  engine?.stop();
  await engine?.idle();
}
