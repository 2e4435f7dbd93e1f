import { Repeater } from 'graphql-yoga';
import { checkAccessAgain, concerns, sessionExpiry, type Allowed } from '../auth/access-change';
import type { Db } from '../db/client';
import type { AccessChange, PubSub } from '../pubsub';

/**
 * Live streams (subscriptions) end the moment their access does (DESIGN.md §7). Each stream is registered
 * with who it was allowed as; an accessChanged event that may concern it (from this instance or, through
 * NOTIFY, another) makes it check its access again at once and hold its next event until the check is done.
 * If the session ended or the role, owner or salon changed, the stream stops and its socket is closed with
 * 4403, which graphql-ws clients answer by reconnecting and subscribing again with what they have now (a
 * revoked session is then refused). A session that expires by itself is checked when it is due.
 */
export interface LiveAccess {
  /** A mark to pass to `guard`: changes after it are seen even if they came while the viewer was resolved. */
  mark(): number;
  guard<T>(stream: GuardedStream, source: AsyncIterable<T>): AsyncIterable<T>;
  /** Streams guarded now (tests, diagnostics). */
  size(): number;
}

export interface GuardedStream {
  allowed: Allowed & { session: { expiresAt: Date } };
  /** `mark()` taken before the viewer was resolved. */
  since: number;
  /** Closes the stream's socket (WebSocket); absent for a stream over HTTP. */
  socket: StreamSocket | null;
}

export interface StreamSocket {
  close(code: number, reason: string): void;
}

/** graphql-ws clients retry after 4403 (4401 would end them for good, even with a new token). */
export const ACCESS_ENDED_CLOSE = { code: 4403, reason: 'Forbidden' } as const;
/** Changes kept for streams that registered while they came; older marks check unconditionally. */
const RECENT = 512;
/** setTimeout's limit is ~24.8 days; a session lives 30, so the expiry timer re-arms daily. */
const MAX_TIMER_MS = 24 * 3600 * 1000;

interface Entry {
  allowed: Allowed;
  /** The running check: events wait for it; false ends the stream. */
  check: Promise<boolean> | null;
  recheck(): void;
}

export function createLiveAccess(db: Db, pubsub: Pick<PubSub, 'onAccessChanged'>, log: (line: string) => void): LiveAccess {
  const entries = new Set<Entry>();
  const recent: AccessChange[] = [];
  let counter = 0;

  pubsub.onAccessChanged((change) => {
    counter += 1;
    recent.push(change);
    if (recent.length > RECENT) recent.shift();
    for (const entry of entries) if (concerns(change, entry.allowed)) entry.recheck();
  });

  const missed = (since: number, allowed: Allowed): boolean => {
    const count = counter - since;
    if (count <= 0) return false;
    if (count > recent.length) return true;
    return recent.slice(-count).some((change) => concerns(change, allowed));
  };

  return {
    mark: () => counter,
    size: () => entries.size,
    guard<T>(stream: GuardedStream, source: AsyncIterable<T>): AsyncIterable<T> {
      return new Repeater<T>(async (push, stop) => {
        let ended = false;
        let timer: NodeJS.Timeout | null = null;
        const end = () => {
          if (ended) return;
          ended = true;
          stream.socket?.close(ACCESS_ENDED_CLOSE.code, ACCESS_ENDED_CLOSE.reason);
          stop();
        };
        const entry: Entry = {
          allowed: stream.allowed,
          check: null,
          recheck() {
            const check = checkAccessAgain(db, stream.allowed).then(
              (verdict) => verdict === 'same',
              (error: unknown) => {
                // Fail closed: the client reconnects and is checked afresh.
                log(`[live-access] check failed: ${error instanceof Error ? error.name : 'error'}`);
                return false;
              },
            );
            entry.check = check;
            void check.then((ok) => {
              if (!ok) end();
              else if (entry.check === check) entry.check = null;
            });
          },
        };
        const arm = (expiresAt: Date) => {
          if (ended) return;
          timer = setTimeout(
            () => {
              entry.recheck();
              void entry.check?.then(async (ok) => {
                const next = ok ? await sessionExpiry(db, stream.allowed.session.id).catch(() => null) : null;
                if (next) arm(next);
              });
            },
            Math.max(0, Math.min(MAX_TIMER_MS, expiresAt.getTime() - Date.now() + 10)),
          );
        };

        entries.add(entry);
        if (missed(stream.since, stream.allowed)) entry.recheck();
        arm(stream.allowed.session.expiresAt);
        const it = source[Symbol.asyncIterator]();
        const stopped = stop.then(() => ({ done: true as const, value: undefined }));
        try {
          let pending = it.next();
          for (;;) {
            const next = await Promise.race([pending, stopped]);
            if (next.done) break;
            pending = it.next();
            // An event after a change waits for the check that change started.
            if (entry.check && !(await entry.check)) break;
            if (ended) break;
            await push(next.value);
          }
        } finally {
          ended = true;
          entries.delete(entry);
          if (timer) clearTimeout(timer);
          await it.return?.();
        }
      });
    },
  };
}
