import type { CommandName } from '../../src/domain/commands/catalogue';
import { COMMAND_INPUTS, type CommandValues } from '../../src/domain/commands/inputs';
import { requireSalonViewer, type Context } from '../graphql/context';
import { parseInput } from '../graphql/errors';
import { commandOf, runCommand, type Writer } from './command';

/** A mutation's resolver that runs the catalogue's command `command` (tests check every command has one). */
export interface CommandResolver {
  (parent: unknown, args: { input: unknown }, ctx: Context): Promise<unknown>;
  command: CommandName;
}

/**
 * The resolver of a command's mutation (src/domain/commands/catalogue.ts): the caller's salon access, the
 * command run exactly once per (clientId, seq) (DESIGN.md §5.2), and its input checked with the catalogue's
 * schema, the same the form and the local command use, before the service sees it.
 */
export function commandResolver<N extends CommandName>(
  command: N,
  run: (w: Writer, input: CommandValues<N>) => Promise<unknown>,
): CommandResolver {
  const resolve = async (_: unknown, { input }: { input: unknown }, ctx: Context) =>
    runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), command, (w) => run(w, parseInput(COMMAND_INPUTS[command], input)));
  return Object.assign(resolve, { command });
}
