import { liveQuery } from 'dexie';
import { unconfirmedCount } from '../db/queries/sync';
import { syncState } from './sync-state';

/** Changes of this profile the server has not confirmed yet (DESIGN.md §5.1). */
export async function unsentCount(): Promise<number> {
  const { db } = syncState.get();
  return db ? unconfirmedCount(db) : 0;
}

/**
 * Pushes the outbox now and waits until the server answered every command or `timeoutMs` passed; resolves
 * with how many are still unsent. Used before what would strand them: a salon switch (the server takes a
 * command only for the session's salon) and sign-out (which deletes the local database).
 */
export function sendPending(timeoutMs = 15000): Promise<number> {
  const { db, kick } = syncState.get();
  if (!db) return Promise.resolve(0);
  kick();
  return new Promise((resolve) => {
    let last = Number.POSITIVE_INFINITY;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      // Timed out before the first count arrived: count once more.
      resolve(Number.isFinite(last) ? last : unsentCount());
    };
    const timer = setTimeout(finish, timeoutMs);
    const subscription = liveQuery(() => unconfirmedCount(db)).subscribe({
      next: (count) => {
        last = count;
        if (count === 0) queueMicrotask(finish);
      },
      error: finish,
    });
  });
}

/** A salon switch refused because this salon's changes could not be sent first. */
export class UnsentChangesError extends Error {
  constructor(readonly count: number) {
    super(`${count} unsent changes`);
    this.name = 'UnsentChangesError';
  }
}
