import { COMMAND_NAMES, COMMANDS, type CommandName } from '../../src/domain/commands/catalogue';
import { administratorCommands } from '../modules/administrators/commands';
import { appointmentCommands } from '../modules/appointments/commands';
import { cabinetCommands } from '../modules/cabinets/commands';
import { cashUpCommands } from '../modules/cash-ups/commands';
import { clientCommands } from '../modules/clients/commands';
import { productCommands } from '../modules/inventory/commands';
import { invoiceCommands } from '../modules/invoices/commands';
import { manufacturerCommands } from '../modules/manufacturers/commands';
import { membershipCommands } from '../modules/memberships/commands';
import { onlineBookingCommands } from '../modules/online-booking/commands';
import { saleCommands } from '../modules/sales/commands';
import { scheduleCommands } from '../modules/schedule/commands';
import { serviceCommands } from '../modules/services/commands';
import { settingsCommands } from '../modules/settings/commands';
import { masterCommands } from '../modules/staff/commands';
import { commandResolver, type CommandResolver } from './command-resolver';
import type { CommandServices } from './command-services';

/** Every catalogue command's service; the type checker refuses a catalogue name without one. */
const SERVICES: CommandServices = {
  ...administratorCommands,
  ...appointmentCommands,
  ...cabinetCommands,
  ...cashUpCommands,
  ...clientCommands,
  ...productCommands,
  ...invoiceCommands,
  ...manufacturerCommands,
  ...membershipCommands,
  ...onlineBookingCommands,
  ...saleCommands,
  ...scheduleCommands,
  ...serviceCommands,
  ...settingsCommands,
  ...masterCommands,
};

const resolverOf = <N extends CommandName>(name: N): CommandResolver => commandResolver(name, SERVICES[name]);

/**
 * The commands' mutations (spec part 1 §7, part 2 §7), derived from the catalogue: each mutation runs the first
 * command that names it (a move shares updateAppointment with the update, and is pushed as it).
 */
export const COMMAND_MUTATIONS: Record<string, CommandResolver> = {};
for (const name of COMMAND_NAMES) COMMAND_MUTATIONS[COMMANDS[name].mutation] ??= resolverOf(name);
