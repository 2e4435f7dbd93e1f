import type { Tx } from '../db/client';
import type { StoredResult } from '../db/schema';
import type { Context } from '../graphql/context';
import type { SalonEvent } from '../pubsub';

/**
 * A run of one client's consecutive commands applied in one transaction (decision 050): the client's lock,
 * the salon's revs (one per command, as when pushed alone) and the access re-check are taken once, the results
 * are stored and the salon poked once, at the end.
 * A command of the run that fails rolls the whole run back; pushCommands then applies the run again guarded (each
 * command in a savepoint, its refusal kept with the run), or the commands before it again and the failing one
 * alone, in its own transaction (server/sync/push-batch.ts).
 */
export interface BatchScope {
  tx: Tx;
  clientId: string;
  /** The client's last applied seq, this run's commands included. */
  lastSeq: number;
  /** How many commands the run holds: the revs its first bump reserves. */
  size: number;
  /** The next rev to give a command of the run and the last reserved, once the first one bumped (command.ts). */
  revs: { next: number; last: number } | null;
  /** The salon's settings and time zone as the bump read them; null again after a `salon.*` command. */
  salon: { settings: unknown; timeZone: string } | null;
  /** Whether this transaction checked the caller's access under the salon's lock since the last access change. */
  accessConfirmed: boolean;
  /** The results to store at the end of the run, in seq order. */
  stored: { seq: number; name: string; result: StoredResult }[];
  /** The events to stage before the commit and deliver after it. */
  events: SalonEvent[];
  /**
   * Each command in a savepoint (decision 082): a refused one is rolled back alone and its refusal stored with the
   * run, which goes on. Set once a request has met a refusal; a run holds at most MAX_RUN (50) savepoints.
   */
  guarded: boolean;
}

const scopes = new WeakMap<Context, BatchScope>();

/** The run the request's commands are applied in now, if any. */
export const batchOf = (ctx: Context): BatchScope | undefined => scopes.get(ctx);

/** Runs `fn` (one command's resolver) inside the run: its command joins the run's transaction. */
export async function inBatch<T>(ctx: Context, scope: BatchScope, fn: () => Promise<T>): Promise<T> {
  scopes.set(ctx, scope);
  try {
    return await fn();
  } finally {
    scopes.delete(ctx);
  }
}

/**
 * The run's events as one commit of them: every event in order, and one poke per salon with its last rev
 * rather than one per command (a client pulls from its cursor, whichever rev pokes it).
 */
export function squashEvents(events: SalonEvent[]): SalonEvent[] {
  const lastPoke = new Map<string, SalonEvent>();
  const rest: SalonEvent[] = [];
  for (const event of events) {
    if (event.topic === 'salonChanged') lastPoke.set(event.salon, event);
    else rest.push(event);
  }
  return [...rest, ...lastPoke.values()];
}
