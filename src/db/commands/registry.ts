import { isCommandName, type CommandName } from '../../domain/commands/catalogue';
import type { AppointmentRow } from '../../domain/entities';
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

/** A mirror row a command will write, as the local echo shows it (src/sync/local-echo.ts). */
export interface PreviewWrite {
  entity: string;
  id: string;
  row: { id: string };
}

/**
 * What an open form already holds of the mirror, for a command's `preview`: one day's live appointments and the
 * ids of the salon's rows it read with them (masters, cabinets, services).
 */
export interface KnownRows {
  date: string;
  appointments: readonly AppointmentRow[];
  ids: ReadonlySet<string>;
}

export interface CommandDefinition<A> {
  name: CommandName;
  /** Business rules against the mirror; throws CommandRefusal before anything is written. */
  validate(tx: CommandTx, args: A): Promise<void>;
  /** The local effect. Must be deterministic in `args`: it runs again on every re-base. */
  apply(tx: CommandTx, args: A): Promise<void>;
  /**
   * The rows `apply` will write, when `known` shows that `validate` will pass (the same checks on what the form holds),
   * else null: shown before the command's transaction reads the mirror (decision 052). Synchronous.
   */
  preview?(args: A, known: KnownRows): PreviewWrite[] | null;
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
