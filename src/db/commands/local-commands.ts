import type { CommandName } from '../../domain/commands/catalogue';
import * as administrators from './administrators';
import * as appointments from './appointments';
import * as cabinets from './cabinets';
import * as cashUps from './cash-ups';
import * as clients from './clients';
import * as inventory from './inventory';
import * as invoices from './invoices';
import * as manufacturers from './manufacturers';
import * as memberships from './memberships';
import * as onlineBooking from './online-booking';
import type { CommandDefinition } from './registry';
import * as sales from './sales';
import * as schedule from './schedule';
import * as services from './services';
import * as settings from './settings';
import * as staff from './staff';

/** Every area file of local commands: what it exports with `defineCommand` is a command. */
const AREAS = [
  administrators,
  appointments,
  cabinets,
  cashUps,
  clients,
  inventory,
  invoices,
  manufacturers,
  memberships,
  onlineBooking,
  sales,
  schedule,
  services,
  settings,
  staff,
];

/** The catalogue names an area file defines. */
type DefinedIn<M> = M extends unknown ? { [K in keyof M]: M[K] extends CommandDefinition<infer N> ? N : never }[keyof M] : never;
type Defined = DefinedIn<(typeof AREAS)[number]>;
/** The type checker's hold on the catalogue: a name without a local command fails here. */
type Missing = Exclude<CommandName, Defined>;
const everyCommandDefined: [Missing] extends [never] ? true : Missing = true;

const isDefinition = (value: unknown): value is CommandDefinition =>
  typeof value === 'object' && value !== null && 'name' in value && 'apply' in value && 'validate' in value;

/** Each catalogue name's local effect (DESIGN.md §5.1), as submitCommand runs it and the re-base replays it. */
export const LOCAL_COMMANDS = Object.fromEntries(
  AREAS.flatMap((area) => Object.values(area).filter(isDefinition)).map((d) => [d.name, d]),
) as { [N in CommandName]: CommandDefinition<N> };

/** The local command of a stored outbox entry's name, or null for a name this version does not know. */
export function localCommand(name: string): CommandDefinition | null {
  return everyCommandDefined && Object.hasOwn(LOCAL_COMMANDS, name) ? (LOCAL_COMMANDS[name as CommandName] as CommandDefinition) : null;
}
