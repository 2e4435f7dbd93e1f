import { coerceInputValue, getNullableType, type GraphQLInputType, type GraphQLResolveInfo } from 'graphql';
import * as v from 'valibot';
import { COMMANDS, isCommandName } from '../../src/domain/commands/catalogue';
import { errorShapeOf } from '../../src/domain/errors';
import { idSchema } from '../../src/domain/schemas/salon';
import { requireSalonViewer, type Context } from '../graphql/context';
import { AppError, parseInput } from '../graphql/errors';
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

/**
 * pushCommands (issue 21): the outbox in batches. Each command runs through its own mutation's resolver (the
 * catalogue's `mutation`), so it is checked, applied and recorded exactly as when pushed alone: in its own
 * transaction, once per (clientId, seq), its input coerced by GraphQL and parsed by the catalogue's schema.
 */
export const pushCommandsResolver =
  (mutations: () => Record<string, unknown>) =>
  async (_: unknown, args: { input: unknown }, ctx: Context, info: GraphQLResolveInfo): Promise<{ results: PushedResult[] }> => {
    // A session that is not a salon's is answered for the whole request, as a single mutation is.
    await requireSalonViewer(ctx);
    const { clientId, commands } = parseInput(batchSchema, args.input);
    const results: PushedResult[] = [];
    for (const { name, seq, input } of commands) {
      const mutation = isCommandName(name) ? COMMANDS[name].mutation : null;
      const resolver = mutation ? (mutations()[mutation] as CommandResolver | undefined) : undefined;
      if (!mutation || !resolver) {
        results.push(refused(seq, new AppError('IllegalArgument', `Unknown command ${name}`, { reason: 'UNKNOWN_COMMAND' })));
        break;
      }
      try {
        await resolver(undefined, { input: { ...inputOf(info, mutation, input), command: { clientId, seq } } }, ctx);
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
