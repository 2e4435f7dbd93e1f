import { importRows, type ImportOutcome, type ImportRow, type ImportSettings } from './import-batches';
import { sessionStore } from '../db/session';
import type { ImportKind } from '../domain/rules/import-columns';
import { commandContext } from './submit-command';
import { salonMirror, syncState } from './sync-state';

export type { ImportOutcome, ImportSettings } from './import-batches';

/**
 * An import's rows as the signed-in user's commands (src/sync/import-batches.ts), with the context a form's command
 * has (the salon's zone and settings as the mirror holds them); the engine is kicked after, so they sync at once
 * when online.
 */
export async function runImport<K extends ImportKind>(
  kind: K,
  rows: readonly ImportRow<K>[],
  settings: ImportSettings,
  hooks: { onProgress?: (done: number) => void; signal?: AbortSignal } = {},
): Promise<ImportOutcome> {
  const { db, kick } = syncState.get();
  const session = sessionStore.get();
  if (!db || !session?.salon) throw new Error('sync not started');
  const salon = salonMirror.get() ?? null;
  const ctx = { ...commandContext(session, new Date(), salon?.timeZone), settings: salon?.settings ?? session.salonSettings };
  try {
    return await importRows(db, ctx, kind, rows, settings, hooks);
  } finally {
    kick();
  }
}
