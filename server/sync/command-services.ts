import type { CommandName } from '../../src/domain/commands/catalogue';
import type { CommandValues } from '../../src/domain/commands/inputs';
import type { Writer } from './command';

/** A command's server service: its checked input and the writer of its transaction (server/sync/command.ts). */
export type CommandService<N extends CommandName> = (w: Writer, input: CommandValues<N>) => Promise<unknown>;

/** Every catalogue command's service; each module lists its own (`<area>Commands` in its resolvers.ts). */
export type CommandServices = { [N in CommandName]: CommandService<N> };
