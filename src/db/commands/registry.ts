import type { CommandName } from '../../domain/commands/catalogue';
import type { CommandInput } from '../../domain/commands/inputs';
import type { AppointmentRow, EntityName, EntityRows } from '../../domain/entities';
import type { Role } from '../../domain/roles';
import type { SalonSettings } from '../../domain/rules/salon-defaults';
import type { SalonDb } from '../salon-db';
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
  /** Which of `appointments` have a paid invoice; a move is previewed only when the form knows it (the timetable). */
  paid?: ReadonlySet<string>;
}

/** What a command runs with: who and when (its context) and the form's input, before the schema. */
export interface CommandArgs<N extends CommandName> {
  ctx: CommandContext;
  input: CommandInput<N>;
}

/** A command's local effect (DESIGN.md §5.1): one per catalogue name, listed by ./local-commands.ts. */
export interface CommandDefinition<N extends CommandName = CommandName> {
  name: N;
  /** Business rules against the mirror; throws CommandRefusal before anything is written. */
  validate(tx: CommandTx, args: CommandArgs<N>): Promise<void>;
  /** The local effect. Must be deterministic in `args`: it runs again on every re-base. */
  apply(tx: CommandTx, args: CommandArgs<N>): Promise<void>;
  /**
   * The rows `apply` will write, when `known` shows that `validate` will pass (the same checks on what the form holds),
   * else null: shown before the command's transaction reads the mirror (decision 052). Synchronous.
   */
  preview?(args: CommandArgs<N>, known: KnownRows): PreviewWrite[] | null;
}

/** A command's local effect, typed by its catalogue name (the name picks the input's type). */
export const defineCommand = <N extends CommandName>(definition: CommandDefinition<N>): CommandDefinition<N> => definition;

/** Runs commands of one batch: each as `runCommand` runs one, all in the batch's transaction. */
export interface CommandBatch {
  readonly db: SalonDb;
  /** Validates, applies and queues one command; a refusal throws before it writes, and the batch goes on. */
  run<N extends CommandName>(def: CommandDefinition<N>, args: CommandArgs<N>): Promise<number>;
  /**
   * Writes rows of many commands with one bulk call per table, keeping each row's confirmed copy in `base` as
   * CommandTx.put does; the commands are then queued with `queue`.
   */
  putRows<E extends EntityName>(entity: E, rows: readonly EntityRows[E][]): Promise<void>;
  /** Queues a command whose effect `putRows` wrote: its outbox entry with the rows it touched. */
  queue<N extends CommandName>(name: N, args: CommandArgs<N>, touched: string[]): number;
}
