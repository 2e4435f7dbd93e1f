/** The local commands (DESIGN.md §5.1), by area; screens submit them by name (src/sync/submit-command.ts). */
export * as administrator from './administrators';
export * as appointment from './appointments';
export * as cabinet from './cabinets';
export * as client from './clients';
export * as invoice from './invoices';
export * as manufacturer from './manufacturers';
export * as membership from './memberships';
export * as onlineBooking from './online-booking';
export * as master from './staff';
export * as product from './inventory';
export * as sale from './sales';
export * as schedule from './schedule';
export * as service from './services';
export * as salonSettings from './settings';
export { runCommand, rebase } from './run';
export { LOCAL_COMMANDS, localCommand } from './local-commands';
export { defineCommand, type CommandArgs, type CommandContext, type CommandDefinition } from './registry';
export { CommandTx } from './command-tx';
