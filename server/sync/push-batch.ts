import { coerceInputValue, getNullableType, type GraphQLInputType, type GraphQLResolveInfo } from 'graphql';
import * as v from 'valibot';
import { COMMANDS, isCommandName } from '../../src/domain/commands/catalogue';
import { errorShapeOf } from '../../src/domain/errors';
import { idSchema } from '../../src/domain/schemas/salon';
import { requireSalonViewer, type Context, type SalonViewer } from '../graphql/context';
import { AppError, parseInput } from '../graphql/errors';
import { settleRev } from '../db/rev';
import { inBatch, squashEvents, type BatchScope } from './batch-scope';
import { lockClient, refusalKeptInRun, storeRun } from './command';
import type { CommandResolver } from './command-resolver';

/** The most commands one request carries (the client sends at most this many; `tests/sync/push-batch`). */
export const MAX_PUSH_BATCH = 200;

const batchSchema = v.object({
  clientId: idSchema,
  commands: v.pipe(
    v.array(
      v.object({
        name: v.pipe(v.string(), v.maxLength(60)),
        seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
        input: v.pipe(v.string(), v.maxLength(1_000_000)),
      }),
    ),
    v.minLength(1),
    v.maxLength(MAX_PUSH_BATCH),
  ),
});

interface PushedResult {
  seq: number;
  ok: boolean;
  error: string | null;
}

/** The refusal as the client reads a single mutation's error (src/api/client.ts). */
const refused = (seq: number, error: AppError): PushedResult => ({
  seq,
  ok: false,
  error: JSON.stringify(errorShapeOf(error.message, error.extensions as Record<string, unknown>)),
});

/** The mutation's `input` argument type, to coerce the JSON as GraphQL coerces a mutation's variables. */
function inputTypeOf(info: GraphQLResolveInfo, mutation: string): GraphQLInputType | null {
  const field = info.schema.getMutationType()?.getFields()[mutation];
  return field?.args.find((a) => a.name === 'input')?.type ?? null;
}

/**
 * The command's input as its mutation would have received it. What GraphQL cannot coerce (or is not JSON) goes to
 * the resolver as it came: the catalogue's schema refuses it there and the refusal is recorded for its seq, so the
 * client's queue goes on (a single mutation's GraphQL error would have been retried forever instead).
 */
function inputOf(info: GraphQLResolveInfo, mutation: string, json: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return {};
  }
  const type = inputTypeOf(info, mutation);
  if (!type || typeof raw !== 'object' || raw === null) return {};
  let valid = true;
  const value = coerceInputValue(raw, getNullableType(type) as GraphQLInputType, () => {
    valid = false;
  });
  return (valid ? value : raw) as Record<string, unknown>;
}

type Pushed = { name: string; seq: number; input: string };

/** The most commands one transaction applies: the salon's writes wait for it (decision 050). */
export const MAX_RUN = 50;

/** The command's resolver, or null for a name the catalogue does not know. */
function resolverOf(mutations: () => Record<string, unknown>, name: string): CommandResolver | null {
  const mutation = isCommandName(name) ? COMMANDS[name].mutation : null;
  return (mutation ? (mutations()[mutation] as CommandResolver | undefined) : undefined) ?? null;
}

/**
 * Applies `run` in one transaction (server/sync/batch-scope.ts): all of it, or nothing and the index of the
 * first command that could not be applied in it (thrown, a repeat, a gap, an unknown name), or -1 when the
 * transaction itself failed.
 */
async function applyRun(
  ctx: Context,
  viewer: SalonViewer,
  clientId: string,
  run: Pushed[],
  call: (command: Pushed) => Promise<unknown>,
  guarded: boolean,
): Promise<{ applied: true; refusals: Map<number, AppError> } | { applied: false; failedAt: number }> {
  const { db } = ctx.app.database;
  let failedAt = -1;
  let done: BatchScope;
  const refusals = new Map<number, AppError>();
  try {
    done = await db.transaction(async (tx) => {
      const lastSeq = await lockClient(tx, { clientId, seq: run[0]!.seq }, viewer.user.id);
      const batch: BatchScope = {
        tx,
        clientId,
        lastSeq,
        size: run.length,
        revs: null,
        salon: null,
        accessConfirmed: false,
        stored: [],
        events: [],
        guarded,
      };
      for (const [k, command] of run.entries()) {
        failedAt = k;
        try {
          await inBatch(ctx, batch, () => call(command));
        } catch (error) {
          // A guarded run keeps a refused command's answer and goes on (decision 082).
          if (!refusalKeptInRun(error)) throw error;
          refusals.set(command.seq, error);
        }
      }
      failedAt = -1;
      if (batch.revs && batch.revs.next <= batch.revs.last) await settleRev(tx, viewer.salon.id, batch.revs.next - 1);
      // The run's NOTIFYs end the same statement (one round trip).
      await storeRun(tx, clientId, batch.stored, ctx.app.pubsub.notifySql(squashEvents(batch.events)));
      return batch;
    });
  } catch {
    // Rolled back: the caller applies the commands before `failedAt` again and answers that one alone.
    return { applied: false, failedAt };
  }
  ctx.app.pubsub.deliver(squashEvents(done.events));
  return { applied: true, refusals };
}

/**
 * pushCommands (issue 21): the outbox in batches. Each command runs through its own mutation's resolver (the
 * catalogue's `mutation`), so it is checked, applied and recorded exactly as when pushed alone: once per
 * (clientId, seq), its input coerced by GraphQL and parsed by the catalogue's schema, its result stored in the
 * transaction that applies it. Consecutive commands share a transaction (decision 050); a command that fails
 * in it is answered alone, in its own transaction, as a single mutation is.
 */
export const pushCommandsResolver =
  (mutations: () => Record<string, unknown>) =>
  async (_: unknown, args: { input: unknown }, ctx: Context, info: GraphQLResolveInfo): Promise<{ results: PushedResult[] }> => {
    // A session that is not a salon's is answered for the whole request, as a single mutation is.
    const viewer = await requireSalonViewer(ctx);
    const { clientId, commands } = parseInput(batchSchema, args.input);
    const call = ({ name, seq, input }: Pushed) => {
      const resolver = resolverOf(mutations, name);
      if (!resolver) throw new Error(`unknown command ${name}`);
      const mutation = COMMANDS[resolver.command].mutation;
      return resolver(undefined, { input: { ...inputOf(info, mutation, input), command: { clientId, seq } } }, ctx);
    };
    const results: PushedResult[] = [];
    let runs = true;
    // Plain runs until a command fails in one; then each command in a savepoint (decision 082).
    let guarded = false;
    let end = commands.length;
    for (let i = 0; i < commands.length;) {
      end = Math.min(end, i + MAX_RUN);
      const outcome = runs
        ? await applyRun(ctx, viewer, clientId, commands.slice(i, end), call, guarded)
        : { applied: false as const, failedAt: 0 };
      if (outcome.applied) {
        for (const { seq } of commands.slice(i, end)) {
          const refusal = outcome.refusals.get(seq);
          results.push(refusal ? refused(seq, refusal) : { seq, ok: true, error: null });
        }
        i = end;
        end = commands.length;
        continue;
      }
      // A command failed in a plain run: the same run again, guarded.
      if (!guarded && outcome.failedAt >= 0) {
        guarded = true;
        continue;
      }
      // The commands before the one that failed go again, as a shorter run.
      if (outcome.failedAt > 0) {
        end = i + outcome.failedAt;
        continue;
      }
      // A run that failed past its commands (its lock, its store, its commit): the rest goes one by one.
      if (outcome.failedAt < 0) runs = false;
      const { seq, name } = commands[i]!;
      i += 1;
      end = commands.length;
      const resolver = resolverOf(mutations, name);
      if (!resolver) {
        // Its message is for the log: the form says the default message (issue 60 item 12).
        results.push(
          refused(
            seq,
            new AppError('IllegalArgument', `Unknown command ${name}`, { reason: 'UNKNOWN_COMMAND', messageId: 'error.default' }),
          ),
        );
        break;
      }
      try {
        await call(commands[i - 1]!);
        results.push({ seq, ok: true, error: null });
      } catch (error) {
        // Anything else fails the request: the commands before it are recorded and answer the same when resent.
        if (!(error instanceof AppError)) throw error;
        results.push(refused(seq, error));
        if (error.extensions.reason === 'SEQ_GAP' || error.extensions.code === 'Unauthenticated') break;
      }
    }
    return { results };
  };
