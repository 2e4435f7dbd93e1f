import type { JobQueue } from '../jobs/queue';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { CommandName, OnlineCommandName } from '../../src/domain/commands/catalogue';
import { commandMetaSchema, type CommandMeta } from '../../src/domain/schemas/command';
import type { Tx } from '../db/client';
import { confirmAccess } from '../auth/access-change';
import { rowsOf } from '../db/migrate';
import { bumpRevReading } from '../db/rev';
import { syncClients, syncResults, type StoredResult } from '../db/schema';
import type { Context, SalonViewer } from '../graphql/context';
import { AppError, parseInput, ProtocolRefusal } from '../graphql/errors';
import type { SalonEvent } from '../pubsub';
import { batchOf, type BatchScope } from './batch-scope';
import { refusalOf } from './refusals';

/** What a command's body gets: its transaction, the salon's rev for this write, and events to send on commit. */
export interface Writer {
  tx: Tx;
  viewer: SalonViewer;
  salonId: string;
  /**
   * The rev of this write (DESIGN.md §4): the salon counter is bumped on the first call and the same rev is
   * returned after. The bump locks the salon row, serialising the salon's writes: call it before reading
   * what a rule depends on, so two writers never both pass a check.
   */
  rev(): Promise<number>;
  /**
   * The salon's settings and time zone as the rev bump read them under its lock, or null before `rev()` (or in
   * a run of commands after a `salon.*` command: the caller reads them then, the lock held). A command that
   * changes the settings reads them itself (server/modules/settings/service.ts).
   */
  lockedSalon(): Promise<{ settings: unknown; timeZone: string } | null>;
  /** A real-time event, sent only if the transaction commits. */
  emit(event: SalonEvent): void;
  /** The job queue, for work the change schedules in its transaction (client messages); null where none runs. */
  jobs: JobQueue | null;
  /** Whether this server sends SMS (a provider is configured): SMS are planned and may be switched on. */
  sms: boolean;
}

/** What a writer hands its commands of the server's own services. */
type WriterServices = Pick<Writer, 'jobs' | 'sms'>;
const servicesOf = (app: { jobs: JobQueue | null; sms: unknown }): WriterServices => ({ jobs: app.jobs, sms: app.sms !== null });

/** A mutation input's command identity, read before the input is validated (so bad input is recorded as refused). */
export const commandOf = (input: unknown): unknown => (input as { command?: unknown } | null)?.command ?? null;

const metaInput = v.object({ command: commandMetaSchema });

type Locked = { rev: number; salon: { settings: unknown; timeZone: string } | null };

/**
 * The salon's write lock first, then the caller's access under it: a removal from the salon (which writes the
 * salon too) either committed before and is seen, or waits for this write; a sign-out waits on the session row.
 */
async function lockedRev(tx: Tx, viewer: SalonViewer): Promise<Locked> {
  const salon = await bumpRevReading(tx, viewer.salon.id);
  await confirmAccess(tx, viewer, { lock: true });
  return { rev: salon.rev, salon };
}

/**
 * The same in a run of commands (server/sync/batch-scope.ts): the first command reserves a rev for every command
 * of the run at once and each takes the next one, seeing the salon as that bump read it; the access is checked
 * once, its locks holding until the run commits, and again after a command of the run changed access.
 */
async function lockedRunRev(run: BatchScope, viewer: SalonViewer): Promise<Locked> {
  if (run.revs === null) {
    const bumped = await bumpRevReading(run.tx, viewer.salon.id, run.size);
    run.revs = { next: bumped.rev - run.size + 1, last: bumped.rev };
    run.salon = bumped;
  }
  if (!run.accessConfirmed) {
    await confirmAccess(run.tx, viewer, { lock: true });
    run.accessConfirmed = true;
  }
  return { rev: run.revs.next++, salon: run.salon };
}

const seqGap = (expectedSeq: number) =>
  new ProtocolRefusal('NotAllowed', 'Commands must arrive in order', { reason: 'SEQ_GAP', extra: { expectedSeq } });

/** JSON as stored; the first answer and every repeat are the same value. */
const asJson = <R>(value: R): R => (value === undefined ? (null as R) : (JSON.parse(JSON.stringify(value)) as R));

/**
 * Runs one command exactly once per (clientId, seq) (DESIGN.md §5.2, §5.3). Without `meta` it simply runs
 * in a transaction. With it, in ONE transaction: lock the client's row, answer a repeated seq with its
 * first result, refuse a gap (with `expectedSeq`), else apply and store the result with the new last seq.
 * A business refusal (AppError, including invalid input and what the database constraints refuse) is
 * recorded too, after rolling the effect back, and the seq advances so the client's queue goes on.
 * Unexpected errors are not recorded: the client retries the same seq later.
 */
export async function runCommand<R>(
  ctx: Context,
  viewer: SalonViewer,
  meta: unknown,
  name: CommandName | OnlineCommandName,
  fn: (w: Writer) => Promise<R>,
): Promise<R> {
  // A malformed identity cannot be recorded (whose queue would it advance?): refused as it comes, field command.*.
  const command: CommandMeta | null = meta == null ? null : parseInput(metaInput, { command: meta }).command;
  const batch = batchOf(ctx);
  if (batch && command) return runInBatch(batch, viewer, command, name, fn, servicesOf(ctx.app));
  const { db } = ctx.app.database;
  const { pubsub } = ctx.app;
  let events: SalonEvent[] = [];

  const apply = async (tx: Tx): Promise<R> => {
    const writer = newWriter(tx, viewer, servicesOf(ctx.app));
    const value = asJson(await fn(writer.api));
    events = await writer.finish();
    await pubsub.stage(tx, events);
    return value;
  };

  let result: { value: R } | { stored: StoredResult };
  try {
    result = await db.transaction(async (tx) => {
      if (!command) return { value: await apply(tx) };
      const lastSeq = await lockClient(tx, command, viewer.user.id);
      if (command.seq <= lastSeq) return { stored: await storedResult(tx, command, name) };
      if (command.seq > lastSeq + 1) throw seqGap(lastSeq + 1);
      const value = await apply(tx);
      await store(tx, command, name, { ok: true, value });
      return { value };
    });
  } catch (error) {
    if (error instanceof ProtocolRefusal) throw error;
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    if (!command) throw refusal;
    const stored = await db.transaction(async (tx) => {
      const lastSeq = await lockClient(tx, command, viewer.user.id);
      // A concurrent push of the same seq may have been answered meanwhile: that answer is the answer.
      if (command.seq <= lastSeq) return storedResult(tx, command, name);
      if (command.seq > lastSeq + 1) throw seqGap(lastSeq + 1);
      await store(tx, command, name, { ok: false, error: refusal.toStored() });
      return null;
    });
    if (stored) return unpack<R>(stored);
    throw refusal;
  }
  if ('stored' in result) return unpack<R>(result.stored);
  pubsub.deliver(events);
  return result.value;
}

/** Thrown for a command a run cannot apply in order (a repeat or a gap): pushCommands answers it alone. */
class OutOfRun extends Error {}

/**
 * A command of a run (server/sync/batch-scope.ts): applied in the run's transaction, its result kept for the
 * run to store. Whatever it throws rolls the run back (pushCommands answers it alone, in its own transaction).
 */
async function runInBatch<R>(
  batch: BatchScope,
  viewer: SalonViewer,
  command: CommandMeta,
  name: CommandName | OnlineCommandName,
  fn: (w: Writer) => Promise<R>,
  services: WriterServices,
  guard = batch.guarded,
): Promise<R> {
  if (command.clientId !== batch.clientId || command.seq !== batch.lastSeq + 1) throw new OutOfRun();
  if (guard) return guardedInBatch(batch, viewer, command, name, fn, services);
  const writer = newWriter(batch.tx, viewer, services, batch);
  const value = asJson(await fn(writer.api));
  const events = await writer.finish();
  if (events.some((e) => e.topic === 'accessChanged')) batch.accessConfirmed = false;
  // The salon's own commands may change its settings: the next command reads them again.
  if (name.startsWith('salon.')) batch.salon = null;
  batch.events.push(...events);
  batch.stored.push({ seq: command.seq, name, result: { ok: true, value } });
  batch.lastSeq = command.seq;
  return value;
}

/** Refusals a guarded run stored for their command: pushCommands answers them and goes on with the run. */
const keptRefusals = new WeakSet<AppError>();
export const refusalKeptInRun = (error: unknown): error is AppError => error instanceof AppError && keptRefusals.has(error);

/**
 * A command of a guarded run (decision 082): applied in a savepoint of the run's transaction. Refused, the savepoint
 * is rolled back, which also gives back the salon's lock and the revs it took there, and the refusal is stored with
 * the run for its seq, as the command pushed alone would store it. An unauthenticated caller still ends the run.
 */
async function guardedInBatch<R>(
  batch: BatchScope,
  viewer: SalonViewer,
  command: CommandMeta,
  name: CommandName | OnlineCommandName,
  fn: (w: Writer) => Promise<R>,
  services: WriterServices,
): Promise<R> {
  const outer = batch.tx;
  const before = { revs: batch.revs && { ...batch.revs }, salon: batch.salon, accessConfirmed: batch.accessConfirmed };
  try {
    return await outer.transaction(async (savepoint) => {
      batch.tx = savepoint;
      return runInBatch(batch, viewer, command, name, fn, services, false);
    });
  } catch (error) {
    if (error instanceof ProtocolRefusal || error instanceof OutOfRun) throw error;
    const refusal = refusalOf(error);
    if (!refusal || refusal.extensions.code === 'Unauthenticated') throw error;
    Object.assign(batch, before);
    batch.stored.push({ seq: command.seq, name, result: { ok: false, error: refusal.toStored() } });
    batch.lastSeq = command.seq;
    keptRefusals.add(refusal);
    throw refusal;
  } finally {
    batch.tx = outer;
  }
}

function newWriter(tx: Tx, viewer: SalonViewer, services: WriterServices, run?: BatchScope) {
  const salonId = viewer.salon.id;
  let locked: Promise<Locked> | null = null;
  const events: SalonEvent[] = [];
  const api: Writer = {
    tx,
    viewer,
    salonId,
    rev: async () => (await (locked ??= run ? lockedRunRev(run, viewer) : lockedRev(tx, viewer))).rev,
    lockedSalon: async () => (locked ? (await locked).salon : null),
    emit: (event) => void events.push(event),
    ...services,
  };
  return {
    api,
    /** Every committed write pokes the salon's subscribers with the new rev. */
    async finish(): Promise<SalonEvent[]> {
      if (!locked) return events;
      return [...events, { topic: 'salonChanged', salon: salonId, payload: { salon: salonId, rev: (await locked).rev } }];
    },
  };
}

/**
 * Locks (creating if absent) the client's row; returns its last applied seq. One statement: an upsert that
 * changes nothing locks the existing row as `select … for update` would, and returns it.
 */
export async function lockClient(tx: Tx, command: CommandMeta, userId: string): Promise<number> {
  // Written as SQL: every push runs it, and drizzle's building cost more than its answer (decision 095).
  const [row] = rowsOf<{ user_id: string; last_seq: string | number }>(
    await tx.execute(sql`insert into ${syncClients} (client_id, user_id, last_seq, updated_at)
      values (${command.clientId}, ${userId}, 0, now())
      on conflict (client_id) do update set client_id = excluded.client_id returning user_id, last_seq`),
  );
  if (!row) throw new Error(`sync client ${command.clientId} vanished`);
  if (row.user_id !== userId) {
    throw new ProtocolRefusal('Forbidden', 'This client id belongs to another user', { reason: 'CLIENT_OF_ANOTHER_USER' });
  }
  return Number(row.last_seq);
}

/** Stores the result and the client's new last seq, in one statement. */
async function store(tx: Tx, command: CommandMeta, name: string, result: StoredResult): Promise<void> {
  await tx.execute(sql`with stored as (
      insert into ${syncResults} (client_id, seq, name, result)
      values (${command.clientId}, ${command.seq}, ${name}, ${JSON.stringify(result)}::jsonb)
    )
    update ${syncClients} set last_seq = ${command.seq}, updated_at = now() where client_id = ${command.clientId}`);
}

/** A run's results and the client's new last seq, then its NOTIFYs, in one statement (its commands are consecutive). */
export async function storeRun(tx: Tx, clientId: string, stored: BatchScope['stored'], notify: SQL | null = null): Promise<void> {
  const last = stored.at(-1);
  if (!last) {
    if (notify) await tx.execute(notify);
    return;
  }
  await tx.execute(sql`with stored as (
      insert into ${syncResults} (client_id, seq, name, result)
      select ${clientId}, r.seq, r.name, r.result from jsonb_to_recordset(${JSON.stringify(stored)}::jsonb)
        as r(seq bigint, name text, result jsonb)
    ), client as (
      update ${syncClients} set last_seq = ${last.seq}, updated_at = now() where client_id = ${clientId}
    )
    ${notify ?? sql`select 1`}`);
}

async function storedResult(tx: Tx, command: CommandMeta, name: string): Promise<StoredResult> {
  const [row] = await tx
    .select()
    .from(syncResults)
    .where(and(eq(syncResults.clientId, command.clientId), eq(syncResults.seq, command.seq)));
  if (!row) throw new Error(`no stored result for ${command.clientId}/${command.seq}`);
  if (row.name !== name) {
    throw new ProtocolRefusal('NotAllowed', `Seq ${command.seq} was used by another command`, { reason: 'SEQ_REUSED' });
  }
  return row.result;
}

function unpack<R>(stored: StoredResult): R {
  if (stored.ok) return stored.value as R;
  throw AppError.fromStored(stored.error);
}
