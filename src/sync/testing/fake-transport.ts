import { ApiError } from '../../api/api-error';
import type { OutboxEntry } from '../../db/salon-db';
import { CommandRefusal } from '../../domain/command-refusal';
import type { ServerErrorShape } from '../../domain/errors';
import type { Change, EntityName, EntityRows } from '../../domain/entities';
import type { PullPage, SendResult, Transport } from '../transport';

/**
 * An in-memory server behind the Transport interface, for the sibling tests of src/sync (never imported by
 * the app; the full-server tests are in tests/sync). It answers as server/sync does (README "Push", "Pull"):
 *
 * - one salon's rows per entity, each with the rev of its last write; deletions stay as tombstones;
 * - per clientId the last applied seq and every answer: a repeated seq gets its first answer, a seq after a
 *   gap gets `{ kind: 'gap', expectedSeq }`, the next seq is applied (or refused) and recorded;
 * - pull pages of rows above the cursor in rev order that never split a rev, with cursor and hasMore.
 *
 * What an accepted command does to the rows is the test's `handler`: it writes through `put`/`remove` (all
 * of one command's writes share one rev) or throws a CommandRefusal to refuse; its writes are rolled back
 * then, and on any other error, which is answered as transient and not recorded (the client retries).
 * Tests script the network with `offline`, `failNext`, `loseNextAnswer` and `refuseNext`.
 */
export type CommandHandler = (entry: OutboxEntry, server: FakeServer) => void;

interface Stored {
  entity: EntityName;
  id: string;
  rev: number;
  /** Null for a tombstone. */
  data: unknown;
}

interface ClientLedger {
  lastSeq: number;
  answers: Map<number, SendResult>;
}

export interface SendRecord {
  clientId: string;
  seq: number;
  name: string;
  answer: SendResult['kind'];
}

const keyOf = (entity: EntityName, id: string) => `${entity}:${id}`;
const clone = <T>(value: T): T => structuredClone(value);

export class FakeServer implements Transport {
  /** The salon's rev: bumped once per write (a command's writes share one). */
  rev = 0;
  /** Offline: every send is transient and every pull throws, until set back. */
  offline = false;
  /** The most changes a pull page holds, below the engine's own limit (to make several pages). */
  pageSize = Number.POSITIVE_INFINITY;
  /** Every send, in order, with the kind of its answer. */
  readonly sends: SendRecord[] = [];
  /** The seqs of every batch sent, in order. */
  readonly batches: number[][] = [];
  /** Every pull request. */
  readonly pulls: Array<{ cursor: number; limit: number }> = [];

  private rows = new Map<string, Stored>();
  private ledgers = new Map<string, ClientLedger>();
  private refusals: ServerErrorShape[] = [];
  private transients = 0;
  private lostAnswers = 0;
  private commandRev: number | null = null;
  private inCommand = false;
  private listeners = new Set<() => void>();

  constructor(private readonly handler: CommandHandler = () => undefined) {}

  // ── The server's side: writes by other devices, and what a test reads back ──

  /** Puts rows (one rev for the call, or the running command's). Returns the rev. */
  put<E extends EntityName>(entity: E, ...rows: Array<EntityRows[E]>): number {
    const rev = this.nextRev();
    for (const row of rows) this.rows.set(keyOf(entity, row.id), { entity, id: row.id, rev, data: clone(row) });
    return rev;
  }

  /** Deletes rows, leaving tombstones. Returns the rev. */
  remove(entity: EntityName, ...ids: string[]): number {
    const rev = this.nextRev();
    for (const id of ids) this.rows.set(keyOf(entity, id), { entity, id, rev, data: null });
    return rev;
  }

  row<E extends EntityName>(entity: E, id: string): EntityRows[E] | undefined {
    const data = this.rows.get(keyOf(entity, id))?.data;
    return data ? clone(data as EntityRows[E]) : undefined;
  }

  /** The live rows of one entity, by id (compare with the mirror's). */
  rowsOf<E extends EntityName>(entity: E): Array<EntityRows[E]> {
    return [...this.rows.values()]
      .filter((r) => r.entity === entity && r.data !== null)
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((r) => clone(r.data as EntityRows[E]));
  }

  lastSeq(clientId: string): number {
    return this.ledgers.get(clientId)?.lastSeq ?? 0;
  }

  /** Forgets a client's commands (a server restored from a backup): its next seq is a gap. */
  forget(clientId: string): void {
    this.ledgers.delete(clientId);
  }

  // ── Scripted answers ──

  /** The next `times` new commands are refused with `error` (recorded: the seq advances, a repeat gets the same). */
  refuseNext(error: ServerErrorShape, times = 1): void {
    for (let i = 0; i < times; i++) this.refusals.push(error);
  }

  /** The next `skipNext` new commands are answered as usual before scripted refusals and lost answers apply. */
  skipNext = 0;

  /** The next `times` sends are transient failures (nothing reaches the server). */
  failNext(times = 1): void {
    this.transients += times;
  }

  /** The next `times` new commands are applied and recorded, but their answers are lost (transient). */
  loseNextAnswer(times = 1): void {
    this.lostAnswers += times;
  }

  /** A salonChanged poke to every subscriber. */
  poke(): void {
    this.listeners.forEach((l) => l());
  }

  // ── Transport ──

  async send(clientId: string, entry: OutboxEntry): Promise<SendResult> {
    const answer = this.answer(clientId, clone(entry));
    this.sends.push({ clientId, seq: entry.seq, name: entry.name, answer: answer.kind });
    return answer;
  }

  /**
   * A batch as server/sync/push-batch.ts answers it: each command in turn as `send` answers it, stopping after a
   * transient answer (the server failed there; those before are recorded) or a gap.
   */
  async sendBatch(clientId: string, entries: readonly OutboxEntry[]): Promise<SendResult[]> {
    this.batches.push(entries.map((e) => e.seq));
    const answers: SendResult[] = [];
    for (const entry of entries) {
      const answer = await this.send(clientId, entry);
      answers.push(answer);
      if (answer.kind === 'transient' || answer.kind === 'gap') break;
    }
    return answers;
  }

  async pull(_salonId: string, cursor: number, limit: number): Promise<PullPage> {
    this.pulls.push({ cursor, limit });
    if (this.offline) throw new ApiError({ code: 'Offline', message: 'offline' }, true);
    if (cursor > this.rev) throw new ApiError({ code: 'NotAllowed', reason: 'CURSOR_UNKNOWN' }, false);
    const size = Math.min(limit, this.pageSize);
    const after = [...this.rows.values()]
      .filter((r) => r.rev > cursor)
      .sort((a, b) => a.rev - b.rev || keyOf(a.entity, a.id).localeCompare(keyOf(b.entity, b.id)));
    const page = (rows: Stored[], to: number, hasMore: boolean): PullPage => ({
      changes: rows.map((r) => ({ entity: r.entity, id: r.id, data: clone(r.data) }) as Change),
      cursor: to,
      hasMore,
      salonRev: this.rev,
    });
    // As server/sync/pull.ts: a page never splits a rev; a rev bigger than a page comes whole.
    if (after.length <= size) return page(after, this.rev, false);
    const lastRev = (after[size - 1] as Stored).rev;
    if ((after[size] as Stored).rev > lastRev) return page(after.slice(0, size), lastRev, true);
    const before = after.slice(0, size).filter((r) => r.rev < lastRev);
    if (before.length > 0) return page(before, lastRev - 1, true);
    return page(
      after.filter((r) => r.rev === lastRev),
      lastRev,
      lastRev < this.rev,
    );
  }

  subscribe(_salonId: string, onPoke: () => void): () => void {
    this.listeners.add(onPoke);
    return () => this.listeners.delete(onPoke);
  }

  private answer(clientId: string, entry: OutboxEntry): SendResult {
    if (this.offline) return { kind: 'transient', error: new Error('offline') };
    if (this.transients > 0) {
      this.transients -= 1;
      return { kind: 'transient', error: new Error('scripted transient failure') };
    }
    const ledger = this.ledgers.get(clientId) ?? { lastSeq: 0, answers: new Map() };
    this.ledgers.set(clientId, ledger);
    if (entry.seq <= ledger.lastSeq) {
      const first = ledger.answers.get(entry.seq);
      if (!first) throw new Error(`no stored answer for ${clientId}/${entry.seq}`);
      return first;
    }
    if (entry.seq > ledger.lastSeq + 1) return { kind: 'gap', expectedSeq: ledger.lastSeq + 1 };
    const scripted = this.skipNext === 0;
    if (!scripted) this.skipNext -= 1;
    const answer = this.apply(entry, scripted);
    // As on the real server, an unexpected error is not recorded: the client sends the same seq again.
    if (answer.kind === 'transient') return answer;
    ledger.lastSeq = entry.seq;
    ledger.answers.set(entry.seq, answer);
    if (scripted && this.lostAnswers > 0) {
      this.lostAnswers -= 1;
      return { kind: 'transient', error: new Error('scripted lost answer') };
    }
    return answer;
  }

  private apply(entry: OutboxEntry, scripted: boolean): SendResult {
    const refusal = scripted ? this.refusals.shift() : undefined;
    if (refusal) return { kind: 'refused', error: refusal };
    const rows = new Map(this.rows);
    const rev = this.rev;
    this.inCommand = true;
    this.commandRev = null;
    try {
      this.handler(entry, this);
      return { kind: 'ok' };
    } catch (error) {
      this.rows = rows;
      this.rev = rev;
      return error instanceof CommandRefusal ? { kind: 'refused', error: error.error } : { kind: 'transient', error };
    } finally {
      this.inCommand = false;
    }
  }

  private nextRev(): number {
    if (!this.inCommand) return ++this.rev;
    return (this.commandRev ??= ++this.rev);
  }
}
