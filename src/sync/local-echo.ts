import Dexie, { type DBCore, type DBCoreMutateRequest, type DBCoreTransaction } from 'dexie';

/**
 * The local echo of commands (DESIGN.md §5.1 'the UI shows the change at once'): the mirror rows a command
 * writes, published the moment its transaction appends the outbox entry (validation and effect done) instead
 * of after the commit and the live queries' re-reads. Outbox transactions use strict durability, and a live
 * query re-reads its whole range after every write (the busy day's 900 appointments), so a booking would
 * otherwise wait for the disk flush and two re-reads before its card paints.
 *
 * Screens that show written rows merge the echo over their live query's rows (`echoed`): a query that started
 * after the command committed (its `echoStamp` is at least the entry's `committedAt`) has the rows already, so
 * the echo no longer applies to it. An aborted transaction takes its echo back. Nothing here is a pending
 * change of its own: the outbox entry committed in the same transaction is (§5.1).
 */
export interface EchoWrite {
  entity: string;
  id: string;
  /** The row as written; null when deleted. */
  row: { id: string } | null;
}

export interface EchoEntry {
  writes: EchoWrite[];
  /** The written rows as 'entity:id', like an outbox entry's `touched`. */
  keys: string[];
  /** Set (from a local counter) when the transaction committed; null while it runs. */
  committedAt: number | null;
}

/** How long a committed echo stays: every live query over its rows has re-read them long before. */
const KEEP_COMMITTED_MS = 10_000;
const OUTBOX = 'outbox';

let entries: readonly EchoEntry[] = [];
let commits = 0;
const listeners = new Set<() => void>();

function notify() {
  // Outside the command's transaction zone: what listeners start (renders, subscriptions) is not part of it.
  Dexie.ignoreTransaction(() => listeners.forEach((l) => l()));
}

export const localEcho = {
  /** The echoes not yet dropped; a new array on every change. */
  entries: (): readonly EchoEntry[] => entries,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Drops every echo (sign-out, salon switch). */
  clear() {
    entries = [];
    notify();
  },
  /**
   * Shows `writes` at once, before the command that will make them has run (its `preview`, decision 052): the
   * command's transaction, marked with `echoAsWritten(idbtrans, entry)`, puts its own writes in its place; `withdraw`
   * takes it back when the command did not write them (refused, failed).
   */
  preview(writes: EchoWrite[]): EchoEntry {
    const entry: EchoEntry = { writes, keys: [...new Set(writes.map((w) => `${w.entity}:${w.id}`))], committedAt: null };
    entries = [...entries, entry];
    notify();
    return entry;
  },
  /** Drops `entry` if it is still shown (a preview no transaction took over). */
  withdraw(entry: EchoEntry) {
    drop(entry);
  },
};

/** Read when a live query starts: the echoes committed so far are in what it reads. */
export const echoStamp = (): number => commits;

/** Whether `entry` still applies to rows read with `stamp`. */
export const echoApplies = (entry: EchoEntry, stamp: number): boolean => entry.committedAt === null || entry.committedAt > stamp;

/**
 * `rows` of `entity` (read with `stamp`) with the echoes that apply merged in: a written row replaces its old
 * copy, or is added when `keep` says it belongs to the rows (a booking on the day read); a deleted row, or one
 * that no longer belongs (moved to another day), is left out. Written rows take their place in `order` (the
 * order the query reads them in, so the re-read after the commit moves nothing). `rows` itself when no echo
 * touches them.
 */
export function echoed<T extends { id: string }>(
  rows: T[],
  entity: string,
  all: readonly EchoEntry[],
  stamp: number,
  keep: (row: T) => boolean,
  order?: (a: T, b: T) => number,
): T[] {
  let out = rows;
  for (const entry of all) {
    if (!echoApplies(entry, stamp)) continue;
    for (const write of entry.writes) {
      if (write.entity !== entity) continue;
      const at = out.findIndex((r) => r.id === write.id);
      const row = write.row as T | null;
      const kept = row !== null && keep(row);
      if (at < 0 && !kept) continue;
      if (out === rows) out = rows.slice();
      if (at >= 0) out.splice(at, 1);
      if (!kept) continue;
      const before = order ? out.findIndex((r) => order(row, r) < 0) : -1;
      if (before < 0) out.push(row);
      else out.splice(before, 0, row);
    }
  }
  return out;
}

/** The rows `req` writes to `entity` (ranges deleted by criteria are not known here: those wait for the re-read). */
function writesOf(entity: string, req: DBCoreMutateRequest): EchoWrite[] {
  if (req.type === 'add' || req.type === 'put') return req.values.map((row: { id: string }) => ({ entity, id: row.id, row }));
  if (req.type === 'delete') return req.keys.map((id: string) => ({ entity, id, row: null }));
  return [];
}

interface Recording {
  requests: Array<{ entity: string; req: DBCoreMutateRequest }>;
  entry: EchoEntry | null;
  /** A command's transaction said so (`echoAsWritten`): each mirror write is echoed as it is made. */
  asWritten: boolean;
  /** The preview the first write replaces (`echoAsWritten`). */
  replaces: EchoEntry | null;
}

/** `writes` with the row objects of `preview` where they are equal, so what shows them need not render again. */
function keepPreviewRows(writes: EchoWrite[], preview: EchoEntry): EchoWrite[] {
  return writes.map((w) => {
    const shown = preview.writes.find((p) => p.entity === w.entity && p.id === w.id);
    return shown && JSON.stringify(shown.row) === JSON.stringify(w.row) ? shown : w;
  });
}

/** Adds `writes` to the recording's echo (a new entry object, so screens see the change). */
function publish(recording: Recording, writes: EchoWrite[]) {
  const old = recording.entry ?? recording.replaces;
  const all = recording.entry ? [...recording.entry.writes, ...writes] : old ? keepPreviewRows(writes, old) : writes;
  recording.replaces = null;
  const entry: EchoEntry = { writes: all, keys: [...new Set(all.map((w) => `${w.entity}:${w.id}`))], committedAt: null };
  recording.entry = entry;
  entries = old && entries.includes(old) ? entries.map((e) => (e === old ? entry : e)) : [...entries, entry];
  notify();
}

function drop(entry: EchoEntry) {
  if (!entries.includes(entry)) return;
  entries = entries.filter((e) => e !== entry);
  notify();
}

const marked = new WeakMap<object, EchoEntry | null>();

/**
 * Called inside a command's own transaction (with its `idbtrans`) before the command runs: its mirror
 * writes are echoed as they are made rather than when the outbox entry is appended. A command writes the
 * mirror only in its effect, after its validation passed (run.ts), so what is echoed is what will commit
 * unless the transaction fails, which takes the echo back. Its first write takes the place of `preview`
 * (`localEcho.preview`), keeping the preview's row objects that it writes unchanged.
 */
export function echoAsWritten(idbtrans: object, preview: EchoEntry | null = null): void {
  marked.set(idbtrans, preview);
}

/**
 * Echoes the commands written through `db` (call before its first use). `mirrorTables` are the tables whose
 * writes are echoed. A command's transaction is a read-write one over the outbox that adds an outbox entry;
 * the mirror writes recorded before that add are its effect (run.ts: validate, apply, then the entry).
 */
export function echoCommands(db: Dexie, mirrorTables: readonly string[]): void {
  const mirror = new Set(mirrorTables);
  db.use({
    stack: 'dbcore',
    name: 'LocalEcho',
    create(down: DBCore): DBCore {
      const recordings = new WeakMap<DBCoreTransaction, Recording>();
      return {
        ...down,
        transaction(stores, mode, options) {
          const trans = down.transaction(stores, mode, options);
          if (mode !== 'readwrite' || !stores.includes(OUTBOX)) return trans;
          const recording: Recording = { requests: [], entry: null, asWritten: false, replaces: null };
          recordings.set(trans, recording);
          const events = trans as unknown as Partial<Pick<IDBTransaction, 'addEventListener'>>;
          events.addEventListener?.('complete', () => {
            const { entry } = recording;
            if (!entry) return;
            // The rows are in the mirror now: a live query starting from here reads them.
            entry.committedAt = ++commits;
            setTimeout(() => drop(entry), KEEP_COMMITTED_MS);
          });
          events.addEventListener?.('abort', () => recording.entry && drop(recording.entry));
          return trans;
        },
        table(name) {
          const table = down.table(name);
          if (name !== OUTBOX && !mirror.has(name)) return table;
          return {
            ...table,
            mutate(req) {
              const result = table.mutate(req);
              const recording = recordings.get(req.trans);
              if (!recording) return result;
              if (!recording.asWritten && marked.has(req.trans)) {
                recording.asWritten = true;
                recording.replaces = marked.get(req.trans) ?? null;
              }
              if (name !== OUTBOX) {
                if (recording.asWritten) publish(recording, writesOf(name, req));
                else if (!recording.entry) recording.requests.push({ entity: name, req });
              } else if (req.type === 'add' && req.values.length === 1 && !recording.entry && !recording.asWritten) {
                publish(
                  recording,
                  recording.requests.flatMap((r) => writesOf(r.entity, r.req)),
                );
                recording.requests = [];
              }
              return result;
            },
          };
        },
      };
    },
  });
}
