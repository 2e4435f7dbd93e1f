import { isCommandName, type CommandName } from '../../domain/commands/catalogue';
import type { Role } from '../../domain/roles';
import type { SalonSettings } from '../../domain/rules/salon-defaults';
import type { CommandTx } from './command-tx';

/** Who runs a command and when: part of the command's arguments, so a replay computes the same rows. */
export interface CommandContext {
  salonId: string;
  userId: string;
  userName: { firstName: string; lastName: string };
  role: Role;
  isOwner: boolean;
  /** ISO instant the command was made. */
  now: string;
  /** The salon's date of `now`, YYYY-MM-DD. */
  today: string;
  settings: SalonSettings | null;
}

export interface CommandDefinition<A> {
  name: CommandName;
  /** Business rules against the mirror; throws CommandRefusal before anything is written. */
  validate(tx: CommandTx, args: A): Promise<void>;
  /** The local effect. Must be deterministic in `args`: it runs again on every re-base. */
  apply(tx: CommandTx, args: A): Promise<void>;
}

const registry = new Map<CommandName, CommandDefinition<never>>();

export function defineCommand<A>(definition: CommandDefinition<A>): CommandDefinition<A> {
  registry.set(definition.name, definition as CommandDefinition<never>);
  return definition;
}

export function commandNamed(name: string): CommandDefinition<unknown> {
  const found = isCommandName(name) ? registry.get(name) : undefined;
  if (!found) throw new Error(`unknown command ${name}`);
  return found as CommandDefinition<unknown>;
}

/** Names of every registered command (labels in the catalogs are `command.<name>`). */
export function commandNames(): CommandName[] {
  return [...registry.keys()];
}
